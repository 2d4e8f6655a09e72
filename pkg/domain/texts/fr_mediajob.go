package texts

// frMediajob is the French of mediajob.go's texts.
var frMediajob = map[Key]string{
	MediaChecksShape:   "Le paramètre media_checks doit être un objet {\"vérification\": \"refuse\", \"warn\" ou \"off\"} ; vérifications : unplayable, no_video, shorter, subtitles_short, subtitles_broken, subtitles_language",
	UnknownMediaCheck:  "Vérification inconnue dans media_checks : %q (valeurs possibles : unplayable, no_video, shorter, subtitles_short, subtitles_broken)",
	UnknownCheckAction: "Action inconnue %q pour la vérification %s de media_checks (valeurs possibles : refuse, warn, off)",
	MediaRefused:       "Ce film ne peut pas recevoir de jury tant que son fichier n'est pas remplacé : %s",
	MediaJobFailed:     "La préparation de la diffusion a échoué : %s",
}
