package texts

// The messages the festival sends, as the default templates a festival may
// edit (pkg/domain/mailtemplate checks and renders them): a subject and a
// plain-text body per kind of message, in French, written in Go's
// text/template over the kind's fields ({{.Festival}}, {{.FirstName}},
// {{.Title}}...). These are the only source of the texts: delivery renders
// them, or the festival's own version of them.

// mailHello and mailSign open and close every default body.
const (
	mailHello = "Bonjour{{if .FirstName}} {{.FirstName}}{{end}},\n\n"
	mailSign  = "\n\nÀ bientôt,\nL'équipe — {{.Festival}}\n"
)

// MailTemplate is one kind's default subject and body.
type MailTemplate struct{ Subject, Body string }

// MailTemplates are the default templates, by message kind
// (festival.MessageKind).
var MailTemplates = map[string]MailTemplate{
	"movie.received": {
		Subject: "[{{.Festival}}] Film reçu : {{.Title}}",
		Body:    mailHello + "Nous avons bien reçu votre film « {{.Title}} ». Le comité de sélection l'examinera ; vous serez prévenu(e) de sa décision." + mailSign,
	},
	// .Status is the producer's word for the decision (sélectionné,
	// finaliste, primé, non retenu).
	"movie.status": {
		Subject: "[{{.Festival}}] {{.Title}} : " +
			`{{if eq .Status "sélectionné"}}film sélectionné{{else if eq .Status "finaliste"}}film finaliste{{else if eq .Status "primé"}}film primé{{else}}décision du comité{{end}}`,
		Body: mailHello +
			`{{if eq .Status "sélectionné"}}Bonne nouvelle : votre film « {{.Title}} » est sélectionné par le festival.` +
			`{{else if eq .Status "finaliste"}}Votre film « {{.Title}} » est parmi les finalistes du festival.` +
			`{{else if eq .Status "primé"}}Félicitations : votre film « {{.Title}} » est primé par le festival.` +
			`{{else}}Le comité de sélection n'a pas retenu votre film « {{.Title}} » cette année. Merci de nous l'avoir confié.{{end}}` + mailSign,
	},
	"jury.assigned": {
		Subject: "[{{.Festival}}] Un film vous est confié : {{.Title}}",
		Body:    mailHello + "Le film « {{.Title}} » vous a été attribué. Vous pouvez le regarder et le noter dans la console du festival : {{.Link}}" + mailSign,
	},
	// .Changes lists what the film's edit changed, one "- <what>" a line.
	"movie.edited": {
		Subject: "[{{.Festival}}] {{.Title}} : le film a été modifié",
		Body: mailHello + "Le film « {{.Title}} », que vous avez déjà noté, a été modifié depuis votre vote :\n{{.Changes}}" +
			"\n\nVous pouvez le revoir et, si vous le souhaitez, changer votre note dans la console du festival : {{.Link}}" + mailSign,
	},
	"jury.assignment": {
		Subject: "[{{.Festival}}] {{.Count}} film(s) vous sont confiés",
		Body:    mailHello + "Les films suivants vous ont été attribués :\n{{.Titles}}\n\nVous pouvez les regarder et les noter dans la console du festival : {{.Link}}#/jury" + mailSign,
	},
	"jury.reminder": {
		Subject: "[{{.Festival}}] Rappel : {{.Count}} film(s) à noter",
		Body: mailHello + "Il vous reste {{.Count}} film(s) à noter{{if .Until}} avant le {{.Until}}{{end}}. Retrouvez-les dans la console du festival : {{.Link}}#/jury" +
			"\n\nPour ne plus recevoir ces rappels, décochez-les dans « Mon compte »." + mailSign,
	},
	"results.published": {
		Subject: "[{{.Festival}}] Les résultats sont publiés",
		Body:    mailHello + "Les résultats du festival sont publiés. Retrouvez la sélection et le palmarès : {{.Link}}#/palmares" + mailSign,
	},
	// .Reason is the withdrawal's reason, .By who withdrew the film ("retiré
	// par son producteur" or "par un administrateur").
	"movie.withdrawn": {
		Subject: "[{{.Festival}}] Film retiré : {{.Title}}",
		Body: mailHello + "Le film « {{.Title}} » a été {{.By}}. Motif :\n{{.Reason}}" +
			"\n\nIl ne figure plus dans la liste publique, l'attribution du jury, les votes ni les résultats. Un administrateur peut annuler le retrait depuis la page du film : {{.Link}}" + mailSign,
	},
	// .Reasons lists the failed checks, one "- reason" a line; .Until is
	// the submissions' close while they are open ("" otherwise).
	"media.check": {
		Subject: "[{{.Festival}}] {{.Title}} : vérifiez le fichier du film",
		Body: mailHello + "Les vérifications techniques du fichier de votre film « {{.Title}} » ont relevé :\n{{.Reasons}}" +
			"\n\n{{if .Until}}Vous pouvez remplacer le fichier jusqu'au {{.Until}}, depuis la page de votre film : {{.Link}}" +
			"{{else}}Retrouvez le détail sur la page de votre film : {{.Link}}{{end}}" + mailSign,
	},
	// .ExportLink opens the console's page that downloads the export.
	"account.export": {
		Subject: "[{{.Festival}}] Vos données sont prêtes",
		Body: mailHello + "L'export de vos données (votre compte, vos films et leurs réponses, vos messages, vos visionnages et vos votes) est prêt. " +
			"Téléchargez-le depuis la console du festival, connecté(e) à votre compte, dans les 7 jours :\n{{.ExportLink}}" +
			"\n\nSi vous n'avez rien demandé, changez votre mot de passe." + mailSign,
	},
	// .ConfirmLink opens the console's page that confirms the address.
	"account.confirm": {
		Subject: "[{{.Festival}}] Confirmez votre adresse e-mail",
		Body: mailHello + "Votre compte est créé. Pour confirmer votre adresse e-mail, ouvrez ce lien dans les 48 heures :\n{{.ConfirmLink}}" +
			"\n\nTant qu'elle n'est pas confirmée, vous pouvez vous connecter, mais ni soumettre un film ni voter." +
			"\n\nSi vous n'avez rien demandé, ignorez ce message." + mailSign,
	},
	"password.reset": {
		Subject: "[{{.Festival}}] Réinitialisation de votre mot de passe",
		Body: mailHello + "Pour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure :\n{{.ResetLink}}" +
			"\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas." + mailSign,
	},
}

// MailFallback is what a message of a kind without a template reads.
var MailFallback = MailTemplate{Subject: "[{{.Festival}}] Notification", Body: "Bonjour{{if .FirstName}} {{.FirstName}}{{end}}," + mailSign}

// The French marks a message's params carry, which the English rendering
// recognises to write them its own way: a film's title between French
// quotes (jury.assignment's titles), an answer named in movie.edited's
// changes ("réponse « label »"), and a reminder's date as it was written
// before the templates named the date alone.
const (
	MailQuoteOpen       = "« "
	MailQuoteClose      = " »"
	MailAnswerPrefix    = "réponse « "
	MailLegacyUntilLead = " avant le "
)
