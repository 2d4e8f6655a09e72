package texts

// frScreening is the French of screening.go's texts.
var frScreening = map[Key]string{
	NotWatchedEnoughServer: "Le serveur a compté %.1f %% du film (les minutes dont la clé a été servie au rythme du film) ; le festival demande d'en avoir vu %d %% avant de voter",
	StreamNotReady:         "Le film n'est pas encore prêt pour la lecture en streaming : réessayez une fois son encodage terminé",
	BadTicket:              "Ticket de lecture invalide ou expiré : demandez-en un nouveau (GET /movies/:id/stream)",
	NoStreamKey:            "Les clés de lecture sont réservées aux membres du jury assignés au film et aux administrateurs",
	StreamFileNotFound:     "Fichier de lecture introuvable : master.m3u8 ou <rendu>.m3u8",
	KeyMinuteNotFound:      "Minute de film introuvable",
}
