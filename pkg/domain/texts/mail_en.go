package texts

// The messages the festival sends, in English: the same kinds and fields as
// the French catalogue (mail.go), for the people whose account reads
// English. A festival may rewrite each of them too (its English template
// replaces this default only, never the French one).

const (
	mailHelloEn = "Hello{{if .FirstName}} {{.FirstName}}{{end}},\n\n"
	mailSignEn  = "\n\nSee you soon,\nThe {{.Festival}} team\n"
)

// MailTemplatesEnglish are the default templates in English, by message
// kind (festival.MessageKind).
var MailTemplatesEnglish = map[string]MailTemplate{
	"movie.received": {
		Subject: "[{{.Festival}}] Film received: {{.Title}}",
		Body:    mailHelloEn + "We have received your film “{{.Title}}”. The selection committee will review it, and we will let you know its decision." + mailSignEn,
	},
	// .Status is the producer's word for the decision, in English
	// (MailStatusWordsEnglish: selected, finalist, awarded, not selected).
	"movie.status": {
		Subject: "[{{.Festival}}] {{.Title}}: " +
			`{{if eq .Status "selected"}}film selected{{else if eq .Status "finalist"}}film shortlisted{{else if eq .Status "awarded"}}film awarded{{else}}the committee's answer{{end}}`,
		Body: mailHelloEn +
			`{{if eq .Status "selected"}}Good news: your film “{{.Title}}” has been selected by the festival.` +
			`{{else if eq .Status "finalist"}}Your film “{{.Title}}” is among the festival's finalists.` +
			`{{else if eq .Status "awarded"}}Congratulations: your film “{{.Title}}” has won an award at the festival.` +
			`{{else}}The selection committee has not selected your film “{{.Title}}” this year. Thank you for entrusting it to us.{{end}}` + mailSignEn,
	},
	"jury.assigned": {
		Subject: "[{{.Festival}}] A film for you to judge: {{.Title}}",
		Body:    mailHelloEn + "The film “{{.Title}}” has been assigned to you. You can watch and score it in the festival's console: {{.Link}}" + mailSignEn,
	},
	"movie.edited": {
		Subject: "[{{.Festival}}] {{.Title}}: the film has changed",
		Body: mailHelloEn + "The film “{{.Title}}”, which you have already scored, has changed since your vote:\n{{.Changes}}" +
			"\n\nYou can watch it again and, if you wish, change your score in the festival's console: {{.Link}}" + mailSignEn,
	},
	"jury.assignment": {
		Subject: "[{{.Festival}}] {{.Count}} film(s) assigned to you",
		Body:    mailHelloEn + "The following films have been assigned to you:\n{{.Titles}}\n\nYou can watch and score them in the festival's console: {{.Link}}#/jury" + mailSignEn,
	},
	"jury.reminder": {
		Subject: "[{{.Festival}}] Reminder: {{.Count}} film(s) to score",
		Body: mailHelloEn + "You still have {{.Count}} film(s) to score{{if .Until}} before {{.Until}}{{end}}. You will find them in the festival's console: {{.Link}}#/jury" +
			"\n\nTo stop receiving these reminders, untick them in “My account”." + mailSignEn,
	},
	"results.published": {
		Subject: "[{{.Festival}}] The results are out",
		Body:    mailHelloEn + "The festival's results are published. See the selection and the awards: {{.Link}}#/palmares" + mailSignEn,
	},
	// .By is who withdrew the film (MailWithdrawnByEnglish).
	"movie.withdrawn": {
		Subject: "[{{.Festival}}] Film withdrawn: {{.Title}}",
		Body: mailHelloEn + "The film “{{.Title}}” has been {{.By}}. Reason:\n{{.Reason}}" +
			"\n\nIt no longer appears in the public list, the jury assignment, the votes or the results. An administrator can undo the withdrawal from the film's page: {{.Link}}" + mailSignEn,
	},
	"media.check": {
		Subject: "[{{.Festival}}] {{.Title}}: please check the film's file",
		Body: mailHelloEn + "The technical checks of your film “{{.Title}}” found:\n{{.Reasons}}" +
			"\n\n{{if .Until}}You can replace the file until {{.Until}}, from your film's page: {{.Link}}" +
			"{{else}}See the details on your film's page: {{.Link}}{{end}}" + mailSignEn,
	},
	"account.export": {
		Subject: "[{{.Festival}}] Your data is ready",
		Body: mailHelloEn + "The export of your data (your account, your films and their answers, your messages, your viewings and your votes) is ready. " +
			"Download it from the festival's console, signed in to your account, within 7 days:\n{{.ExportLink}}" +
			"\n\nIf you did not ask for it, change your password." + mailSignEn,
	},
	"account.confirm": {
		Subject: "[{{.Festival}}] Confirm your e-mail address",
		Body: mailHelloEn + "Your account is created. To confirm your e-mail address, open this link within 48 hours:\n{{.ConfirmLink}}" +
			"\n\nUntil it is confirmed, you can sign in, but neither submit a film nor vote." +
			"\n\nIf you did not ask for it, ignore this message." + mailSignEn,
	},
	"password.reset": {
		Subject: "[{{.Festival}}] Resetting your password",
		Body: mailHelloEn + "To choose a new password, open this link within the hour:\n{{.ResetLink}}" +
			"\n\nIf you did not ask for it, ignore this message: your password stays as it is." + mailSignEn,
	},
}

// MailFallbackEnglish is what a message of a kind without a template reads
// in English.
var MailFallbackEnglish = MailTemplate{Subject: "[{{.Festival}}] Notification", Body: "Hello{{if .FirstName}} {{.FirstName}}{{end}}," + mailSignEn}

// MailStatusWordsEnglish are a producer's words for their film's stored
// status (festival.SelectionStatus), in English: what {{.Status}} reads in
// an English message (the French words are festival.StatusWord's). The
// deliberation's steps read as "under review", as in French.
var MailStatusWordsEnglish = map[string]string{
	"submitted": "received", "assigned": "under review", "to_discuss": "under review", "candidate": "under review",
	"selected": "selected", "finalist": "finalist", "awarded": "awarded", "refused": "not selected",
}

// MailWithdrawnByEnglish is who withdrew a film ({{.By}}) in English, by the
// French words the message carries (HeldWithdrawnByProducer, ...Admin).
var MailWithdrawnByEnglish = func() map[string]string {
	out := map[string]string{}
	for _, k := range []Key{HeldWithdrawnByProducer, HeldWithdrawnByAdmin} {
		out[T(French, k)] = T(English, k)
	}
	return out
}()

// MailMediaChecksEnglish are the reasons of the media checks
// (festival.MediaCheck) in English, one line each in {{.Reasons}}. The
// French reasons name the measured values; these say what to do.
var MailMediaChecksEnglish = map[string]string{
	"unplayable":       "The video is in a format that not every browser plays: export it as H.264 (8-bit, 4:2:0).",
	"no_video":         "The file contains no readable video: send the film as an MP4 (H.264).",
	"shorter":          "The file is much shorter than the runtime you declared: is the film complete?",
	"subtitles_short":  "The subtitles stop long before the end of the film: is the subtitle file complete?",
	"subtitles_broken": "The subtitle file contains no readable subtitle: send an SRT file (00:00:01,000 --> 00:00:04,000).",
}

// MailMediaBlockingEnglish follows a check that holds the film back.
const MailMediaBlockingEnglish = " (blocking: the film will not be given to the jury until the file is replaced)"

// MailTemplatesIn are the default templates in l: English for English,
// French for any other.
func MailTemplatesIn(l Lang) map[string]MailTemplate {
	if l == English {
		return MailTemplatesEnglish
	}
	return MailTemplates
}

// MailFallbackIn is MailFallback in l.
func MailFallbackIn(l Lang) MailTemplate {
	if l == English {
		return MailFallbackEnglish
	}
	return MailFallback
}

// MailEntryWordsEnglish are the parts of a film's entry in English, by
// the French words a movie.edited message lists them in ({{.Changes}}:
// "- titre"); a word without one is left as it is.
var MailEntryWordsEnglish = map[string]string{
	"titre": "title", "description": "description", "durée": "runtime", "langue principale": "main language",
	"année de sortie": "release year", "nationalité": "nationality", "lien YouTube": "YouTube link",
	"production": "production", "atelier": "workshop", "traduction": "translation", "synopsis": "synopsis",
	"synopsis en anglais": "English synopsis", "outils d'IA": "AI tools", "commentaire du jury": "jury comment",
	"commentaire de l'administration": "administration comment",
	"langue originale":                "original language", "langues des sous-titres": "subtitle languages",
}

// MailAnswerEnglish names an answer to the festival's question %s in
// English, where the French message reads "réponse « label »".
const MailAnswerEnglish = "answer “%s”"
