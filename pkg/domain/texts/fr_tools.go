package texts

// frTools is the French of tools.go's texts.
var frTools = map[Key]string{
	LedgerBroken:          "registre altéré à l'entrée %d : %s (intact jusqu'à l'entrée %d, empreinte %s)",
	LedgerIntact:          "registre intact : %d entrées, tête %d, empreinte %s",
	LedgerBreakAt:         "registre, entrée %d : %s",
	LedgerSeqExpected:     "numéro attendu %d (entrée manquante, en double ou déplacée)",
	LedgerPrevMissing:     "ne cite pas l'empreinte de l'entrée précédente",
	LedgerHashChanged:     "contenu modifié : son empreinte ne correspond plus",
	LedgerFieldUnreadable: "champ %s illisible",
	WatermarkNotStreamed:  "le film %d n'est pas diffusé en streaming (son média n'est pas prêt) : aucune copie ne peut venir de ses playlists",
	WatermarkNotMarked:    "le flux du film %d n'est pas tatoué (screening_watermark était désactivé à son encodage) : la copie ne désigne personne",
	WatermarkNoJuror:      "le film %d n'a aucun juré : passez les identifiants à comparer avec -candidates",
	WatermarkOffset:       "le film commence à %+.2f s dans la copie",
	WatermarkNotAligned:   "le début de la copie ne ressemble pas à celui du film : elle est lue comme commençant avec lui",
	WatermarkSegments:     "segments lus : %d sur %d (%s)",
	WatermarkNobody:       "aucun juré ne peut être nommé : le plus proche, #%d %s, s'accorde sur %.0f %% des segments lus, le suivant sur %.0f %% (il faut au moins %d segments lus, %.0f %% d'accord et un suivant à %.0f %% au plus)",
	WatermarkIdentified:   "juré identifié : #%d %s (accord %.0f %% sur %d segments lus ; le suivant : %.0f %%)",
}
