package texts

// frData is the French of data.go's texts.
var frData = map[Key]string{
	ErasePasswordMissing: "password : votre mot de passe actuel est requis pour effacer votre compte",
	ErasePasswordWrong:   "Mot de passe incorrect : votre compte n'est pas effacé",
	EraseLastAdmin:       "Vous êtes le dernier administrateur du festival : nommez-en un autre avant d'effacer votre compte",
	AccountErased:        "Votre compte et vos données ont été effacés",
	ExportStarted:        "Export de vos données prêt : le lien pour le télécharger vous est envoyé par message (valable 7 jours)",
	ExportNotFound:       "Export introuvable ou expiré : demandez-en un nouveau",
	ExportLeftOut: `
Fichiers non inclus :`,
	ExportReadme: `Vos données au festival

Ce dossier contient tout ce que le festival conserve à votre sujet, tel qu'au moment de l'export.

- account.json : votre compte (nom, adresse e-mail, rôle, coordonnées et profil). Le mot de passe n'y figure pas : seule son empreinte est conservée, et elle n'est jamais exportée.
- films.json : les films que vous avez soumis, tels que vous les voyez dans la console, avec vos réponses au formulaire du festival. Les fichiers vidéo n'y sont pas (ils peuvent peser plusieurs gigaoctets) : films.json donne le nom de chacun, que vous retrouvez dans la console.
- fichiers/<numéro du film>/ : les fichiers joints à vos réponses (PDF, images), 10 Mio au plus chacun.
- messages.json : les messages qui vous ont été adressés, envoyés ou en attente. Le texte d'un message adressé à plusieurs personnes n'est pas repris (il a été rédigé pour l'une d'elles).
- viewings.json : pour un membre du jury, ce que vous avez regardé de chaque film (passages lus, en secondes, et clés de lecture obtenues).
- votes.json : pour un membre du jury, vos votes (note, commentaire, mentions).

Le lien de téléchargement est valable 7 jours ; l'export est ensuite supprimé.
`,
	ExportFileTooBig:  "%s (%d octets : au-delà de %d)",
	ExportFileMissing: "%s (absent du stockage)",
}
