package texts

// frNotices is the French of notices.go's texts.
var frNotices = map[Key]string{
	NoticesReadBoth:    "Envoyez soit ids (les avis à marquer lus), soit all: true (tous les avis), pas les deux",
	NoticesReadNone:    "Envoyez ids (une liste d'identifiants d'avis) ou all: true",
	NoticesReadTooMany: "Au plus %d avis à la fois : envoyez all: true pour les marquer tous lus",
	NoticeBadID:        "Identifiant d'avis invalide : %q",
	NoticesReadEmpty:   "Corps de requête vide : envoyez {\"ids\": [...]} ou {\"all\": true}",
	NoticesUnreadBool:  "Le paramètre unread doit valoir true ou false",
	NoticesMarkedRead:  "Avis marqués comme lus",
}
