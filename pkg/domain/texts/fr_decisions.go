package texts

// frDecisions is the French of decisions.go's texts.
var frDecisions = map[Key]string{
	DecisionShape:         "Corps invalide : {\"to\": statut, \"ids\": [id_movie…] facultatif, \"filter\": {\"status\", \"category\", \"score_min\", \"score_max\", \"rank_from\", \"rank_to\", \"search\"} facultatif}",
	DecisionToRequired:    "Le champ to (le statut à donner aux films) est requis",
	DecisionBadStatus:     "Statut invalide dans %s : %q (attendus : %s, ou PENDING, VALIDATED, CANDIDATE, REJECTED)",
	DecisionScoreRange:    "Les filtres score_min et score_max sont des nombres de 0 à 10, score_min au plus score_max",
	DecisionRankRange:     "Les filtres rank_from et rank_to sont des rangs à partir de 1, rank_from au plus rank_to",
	DecisionSearchLength:  "Le filtre search fait au plus %d caractères",
	DecisionTooManyIDs:    "Au plus %d films par décision",
	DecisionNoSelection:   "Choisissez les films : ids ou au moins un filtre",
	DecisionEmpty:         "Aucun film ne correspond à la sélection",
	DecisionNothingToDo:   "Les %d films de la sélection sont déjà au statut demandé : rien à changer",
	DecisionTooMany:       "La sélection compte %d films à changer ; au plus %d par décision : resserrez les filtres",
	DecisionUnknownFilms:  "Films inconnus : %s",
	DecisionPlanRequired:  "Le champ id_plan (reçu de l'aperçu) est requis",
	DecisionPlanNotFound:  "Aperçu de décision inconnu ou expiré : refaites l'aperçu",
	DecisionFilmChanged:   "Le film n° %d « %s » a changé depuis l'aperçu : aucune décision n'a été appliquée, refaites l'aperçu",
	DecisionFilmGone:      "Le film n° %d a été supprimé depuis l'aperçu : aucune décision n'a été appliquée, refaites l'aperçu",
	DecisionPlanApplied:   "Ces décisions ont déjà été appliquées",
	DecisionPlanApplying:  "Ces décisions sont en cours d'application",
	DecisionPlanNotUsable: "Cet aperçu n'est plus applicable : refaites l'aperçu",
	DecisionsApplied:      "Décisions appliquées",
}
