package mailtemplate

import (
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// TestEachRecipientReadsTheirLanguage: one message, rendered for a French
// and an English reader, each in their language, the words it carries
// (status, dates, who withdrew, the films, the changes, the checks)
// included; a reader without a language reads French.
func TestEachRecipientReadsTheirLanguage(t *testing.T) {
	set, errs := NewSet(nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	site := Site{Festival: "Lussas", Link: "https://l.example/"}
	cases := []struct {
		name          string
		kind          festival.MessageKind
		params        map[string]string
		lang          texts.Lang
		subject, body []string // parts the subject and the body hold
	}{
		{"selected, in English", festival.MessageMovieStatus, map[string]string{"title": "Cléo", "status": "selected"}, texts.English,
			[]string{"[Lussas] Cléo: film selected"}, []string{"Hello Agnès,", "Good news: your film “Cléo” has been selected", "The Lussas team"}},
		{"selected, in French", festival.MessageMovieStatus, map[string]string{"title": "Cléo", "status": "selected"}, texts.French,
			[]string{"[Lussas] Cléo : film sélectionné"}, []string{"Bonjour Agnès,", "Bonne nouvelle : votre film « Cléo » est sélectionné"}},
		{"no language is French", festival.MessageMovieStatus, map[string]string{"title": "Cléo", "status": "refused"}, "",
			[]string{"décision du comité"}, []string{"n'a pas retenu votre film « Cléo »"}},
		{"refused, in English", festival.MessageMovieStatus, map[string]string{"title": "Cléo", "status": "refused"}, texts.English,
			[]string{"[Lussas] Cléo: the committee's answer"}, []string{"has not selected your film “Cléo” this year"}},
		{"awarded, in English", festival.MessageMovieStatus, map[string]string{"title": "Cléo", "status": "awarded"}, texts.English,
			[]string{"film awarded"}, []string{"Congratulations"}},
		{"a reminder's date, in English", festival.MessageJuryReminder, map[string]string{"count": "3", "until": "12 mars 2026 à 09:30 UTC", "until_at": "2026-03-12T09:30:00.000Z"}, texts.English,
			[]string{"Reminder: 3 film(s) to score"}, []string{"You still have 3 film(s) to score before 12 March 2026 at 09:30 UTC."}},
		{"a reminder's date, in French", festival.MessageJuryReminder, map[string]string{"count": "3", "until": "12 mars 2026 à 09:30 UTC", "until_at": "2026-03-12T09:30:00.000Z"}, texts.French,
			nil, []string{"Il vous reste 3 film(s) à noter avant le 12 mars 2026 à 09:30 UTC."}},
		{"a reminder written before English", festival.MessageJuryReminder, map[string]string{"count": "1", "until": " avant le 2 mai 2026 à 10:00 UTC"}, texts.French,
			nil, []string{"à noter avant le 2 mai 2026 à 10:00 UTC."}},
		{"withdrawn, in English", festival.MessageMovieWithdrawn, map[string]string{"title": "Cléo", "by": texts.T(texts.French, texts.HeldWithdrawnByAdmin), "reason": "Doublon"}, texts.English,
			[]string{"Film withdrawn: Cléo"}, []string{"has been withdrawn by an administrator. Reason:\nDoublon"}},
		{"withdrawn, in French", festival.MessageMovieWithdrawn, map[string]string{"title": "Cléo", "by": texts.T(texts.French, texts.HeldWithdrawnByProducer), "reason": "Doublon"}, texts.French,
			nil, []string{"a été retiré par son producteur. Motif :\nDoublon"}},
		{"the films assigned, in English", festival.MessageJuryAssignment, map[string]string{"count": "2", "titles": "« Cléo »\n« Le Bonheur »"}, texts.English,
			[]string{"2 film(s) assigned to you"}, []string{"assigned to you:\n“Cléo”\n“Le Bonheur”\n"}},
		{"the films assigned, in French", festival.MessageJuryAssignment, map[string]string{"count": "2", "titles": "« Cléo »\n« Le Bonheur »"}, texts.French,
			nil, []string{"attribués :\n« Cléo »\n« Le Bonheur »\n"}},
		{"an edit, in English", festival.MessageMovieEdited, map[string]string{"title": "Cléo", "changes": "- titre\n- réponse « Budget »\n- mot inconnu"}, texts.English,
			[]string{"Cléo: the film has changed"}, []string{"since your vote:\n- title\n- answer “Budget”\n- mot inconnu\n"}},
		{"the checks, in English", festival.MessageMediaCheck, map[string]string{"title": "Cléo", "reasons": "- Le fichier dure 1 min", "checks": "shorter:refuse\nsubtitles_broken:warn", "until_at": "2026-05-03T10:00:00.000Z"}, texts.English,
			[]string{"Cléo: please check the film's file"}, []string{"- The file is much shorter than the runtime you declared: is the film complete? (blocking:", "\n- The subtitle file contains no readable subtitle", "replace the file until 3 May 2026 at 10:00 UTC"}},
		{"the checks, in French", festival.MessageMediaCheck, map[string]string{"title": "Cléo", "reasons": "- Le fichier dure 1 min", "checks": "shorter:refuse", "until": "3 mai 2026 à 10:00 UTC", "until_at": "2026-05-03T10:00:00.000Z"}, texts.French,
			nil, []string{"ont relevé :\n- Le fichier dure 1 min\n", "jusqu'au 3 mai 2026 à 10:00 UTC"}},
		{"checks this version does not know", festival.MessageMediaCheck, map[string]string{"title": "Cléo", "reasons": "- Le fichier dure 1 min", "checks": "loudness:warn"}, texts.English,
			nil, []string{"found:\n- Le fichier dure 1 min\n"}},
		{"a reset, in English", festival.MessagePasswordReset, map[string]string{"token": "tok"}, texts.English,
			[]string{"Resetting your password"}, []string{"https://l.example/#/mot-de-passe?jeton=tok"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := festival.Message{Kind: c.kind, Params: c.params}
			subject, body, err := set.Render(m, site, Recipient{FirstName: "Agnès", LastName: "Varda", Lang: c.lang})
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range c.subject {
				if !strings.Contains(subject, want) {
					t.Errorf("subject %q lacks %q", subject, want)
				}
			}
			for _, want := range c.body {
				if !strings.Contains(body, want) {
					t.Errorf("body %q lacks %q", body, want)
				}
			}
		})
	}
}

// TestEveryKindHasItsEnglishDefault: the English catalogue has every kind
// the French one has, and no French greeting.
func TestEveryKindHasItsEnglishDefault(t *testing.T) {
	for kind := range texts.MailTemplates {
		en, ok := texts.MailTemplatesEnglish[kind]
		if !ok {
			t.Errorf("%s has no English default", kind)
			continue
		}
		if strings.Contains(en.Body, "Bonjour") || strings.Contains(en.Body, "À bientôt") || strings.Contains(en.Subject, " : ") {
			t.Errorf("%s's English default reads French: %+v", kind, en)
		}
	}
	for kind := range texts.MailTemplatesEnglish {
		if _, ok := texts.MailTemplates[kind]; !ok {
			t.Errorf("%s has an English default and no French one", kind)
		}
	}
	for _, k := range Kinds {
		if _, ok := texts.MailTemplatesEnglish[string(k)]; !ok {
			t.Errorf("kind %s has no English default", k)
		}
	}
}

// TestAnEnglishTemplateReplacesTheEnglishDefaultOnly: a festival's English
// version of a kind goes to English readers; French readers keep the
// French default; an English template is checked on English sample words.
func TestAnEnglishTemplateReplacesTheEnglishDefaultOnly(t *testing.T) {
	own := Template{Kind: festival.MessageMovieStatus, Lang: texts.English,
		Subject: `{{if eq .Status "selected"}}You're in!{{else}}News{{end}}: {{.Title}}`, Body: "Dear {{.FirstName}}, {{.Status}}."}
	if err := Check(own); err != nil {
		t.Fatal(err)
	}
	set, errs := NewSet([]Template{own})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	m := festival.Message{Kind: festival.MessageMovieStatus, Params: map[string]string{"title": "Cléo", "status": "selected"}}
	site := Site{Festival: "Lussas", Link: "https://l.example/"}
	subject, body, _ := set.Render(m, site, Recipient{FirstName: "Jane", Lang: texts.English})
	if subject != "You're in!: Cléo" || body != "Dear Jane, selected." {
		t.Errorf("English reader: %q %q", subject, body)
	}
	subject, _, _ = set.Render(m, site, Recipient{FirstName: "Agnès", Lang: texts.French})
	if subject != "[Lussas] Cléo : film sélectionné" {
		t.Errorf("French reader: %q", subject)
	}
	bad := Template{Kind: festival.MessageMovieStatus, Lang: texts.English, Subject: "{{.Score}}", Body: "x"}
	if err := Check(bad); err == nil || !strings.Contains(err.Error(), "champ inconnu {{.Score}}") {
		t.Errorf("an English template with an unknown field: %v", err)
	}
}
