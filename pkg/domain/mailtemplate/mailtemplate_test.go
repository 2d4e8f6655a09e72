package mailtemplate

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// legacyMail is texts.Mail as it was before the texts became templates,
// kept here only as the reference the defaults must render byte for byte.
func legacyMail(kind string, params map[string]string, fest, firstName, link string) (subject, body string) {
	hello := "Bonjour,"
	if firstName != "" {
		hello = "Bonjour " + firstName + ","
	}
	sign := "\n\nÀ bientôt,\nL'équipe — " + fest + "\n"
	title := params["title"]
	switch kind {
	case "movie.received":
		return fmt.Sprintf("[%s] Film reçu : %s", fest, title),
			fmt.Sprintf("%s\n\nNous avons bien reçu votre film « %s ». Le comité de sélection l'examinera ; vous serez prévenu(e) de sa décision.%s", hello, title, sign)
	case "movie.status":
		decision := legacyNews[params["status"]]
		return fmt.Sprintf("[%s] %s : %s", fest, title, decision.subject),
			fmt.Sprintf("%s\n\n%s%s", hello, fmt.Sprintf(decision.body, title), sign)
	case "jury.assigned":
		return fmt.Sprintf("[%s] Un film vous est confié : %s", fest, title),
			fmt.Sprintf("%s\n\nLe film « %s » vous a été attribué. Vous pouvez le regarder et le noter dans la console du festival : %s%s", hello, title, link, sign)
	case "jury.assignment":
		return fmt.Sprintf("[%s] %s film(s) vous sont confiés", fest, params["count"]),
			fmt.Sprintf("%s\n\nLes films suivants vous ont été attribués :\n%s\n\nVous pouvez les regarder et les noter dans la console du festival : %s#/jury%s", hello, params["titles"], link, sign)
	case "jury.reminder":
		return fmt.Sprintf("[%s] Rappel : %s film(s) à noter", fest, params["count"]),
			fmt.Sprintf("%s\n\nIl vous reste %s film(s) à noter%s. Retrouvez-les dans la console du festival : %s#/jury\n\nPour ne plus recevoir ces rappels, décochez-les dans « Mon compte ».%s",
				hello, params["count"], params["until"], link, sign)
	case "results.published":
		return fmt.Sprintf("[%s] Les résultats sont publiés", fest),
			fmt.Sprintf("%s\n\nLes résultats du festival sont publiés. Retrouvez la sélection et le palmarès : %s#/palmares%s", hello, link, sign)
	case "password.reset":
		return fmt.Sprintf("[%s] Réinitialisation de votre mot de passe", fest),
			fmt.Sprintf("%s\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure :\n%s#/mot-de-passe?jeton=%s\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.%s",
				hello, link, params["token"], sign)
	}
	return fmt.Sprintf("[%s] Notification", fest), hello + sign
}

var legacyNews = map[string]struct{ subject, body string }{
	"selected": {"film sélectionné", "Bonne nouvelle : votre film « %s » est sélectionné par le festival."},
	"finalist": {"film finaliste", "Votre film « %s » est parmi les finalistes du festival."},
	"refused":  {"décision du comité", "Le comité de sélection n'a pas retenu votre film « %s » cette année. Merci de nous l'avoir confié."},
	"awarded":  {"film primé", "Félicitations : votre film « %s » est primé par le festival."},
}

// TestDefaultsRenderTheFormerTexts: with no template of its own, every kind
// of message reads exactly as before, with and without a first name, for
// every decision a producer is told of.
func TestDefaultsRenderTheFormerTexts(t *testing.T) {
	set, errs := NewSet(nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	site := Site{Festival: "Festival de Lussas", Link: "https://lussas.example/"}
	cases := []struct {
		kind   festival.MessageKind
		params map[string]string
	}{
		{festival.MessageMovieReceived, map[string]string{"title": "Cléo de 5 à 7"}},
		{festival.MessageJuryAssigned, map[string]string{"title": "Sans toit ni loi"}},
		{festival.MessageJuryAssignment, map[string]string{"count": "2", "titles": "- Le Bonheur\n- Jacquot de Nantes"}},
		{festival.MessageJuryReminder, map[string]string{"count": "4", "until": ""}},
		{festival.MessageJuryReminder, map[string]string{"count": "4", "until": " avant le 12 mars 2026"}},
		{festival.MessageResultsPublished, nil},
		{festival.MessagePasswordReset, map[string]string{"token": "abc123"}},
		{"unknown.kind", nil},
	}
	for _, s := range festival.SelectionStatuses {
		if s.ToldToProducer() {
			cases = append(cases, struct {
				kind   festival.MessageKind
				params map[string]string
			}{festival.MessageMovieStatus, map[string]string{"title": "Les Glaneurs", "status": string(s), "id_movie": "7"}})
		}
	}
	for _, c := range cases {
		for _, first := range []string{"", "Agnès"} {
			m := festival.Message{Kind: c.kind, Params: c.params}
			subject, text, err := set.Render(m, site, Recipient{FirstName: first, LastName: "Varda"})
			if err != nil {
				t.Fatalf("%s %v: %v", c.kind, c.params, err)
			}
			wantSubject, wantText := legacyMail(string(c.kind), c.params, site.Festival, first, site.Link)
			if subject != wantSubject || text != wantText {
				t.Errorf("%s %v %q:\n got %q\n     %q\nwant %q\n     %q", c.kind, c.params, first, subject, text, wantSubject, wantText)
			}
		}
	}
}

func TestDefaultsPassTheirOwnCheck(t *testing.T) {
	for _, k := range Kinds {
		for _, l := range texts.Langs {
			if err := Check(Default(k, l)); err != nil {
				t.Errorf("%s (%s): %v", k, l, err)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	long := strings.Repeat("é", MaxBody+1)
	cases := []struct {
		name          string
		kind          festival.MessageKind
		subject, body string
		want          string // part of the error, "" when accepted
	}{
		{"plain", festival.MessageMovieReceived, "Reçu : {{.Title}}", "Bonjour {{.FirstName}} {{.LastName}}, {{.Festival}} {{.Link}}", ""},
		{"conditions", festival.MessageMovieStatus, `{{if eq .Status "primé" "finaliste"}}Bravo{{else if ne .Status "sélectionné"}}{{.Status}}{{end}}`,
			`{{- if and .FirstName (not .LastName)}}x{{else if or .Title "y"}}{{.Title}}{{end -}} {{/* note */}}`, ""},
		{"variables", festival.MessageMovieReceived, "s", `{{$t := .Title}}{{$t}}`, "$t := .Title n'est pas permis"},
		{"fields through $", festival.MessageResultsPublished, "Résultats", "{{$.Link}}", "$.Link n'est pas permis"},
		{"range", festival.MessageJuryAssignment, "s", "{{range .Titles}}x{{end}}", "n'est pas permis"},
		{"with", festival.MessageMovieReceived, "s", "{{with .Title}}x{{end}}", "n'est pas permis"},
		{"dot", festival.MessageMovieReceived, "s", "{{.}}", "n'est pas permis"},
		{"pipeline", festival.MessageMovieReceived, "s", `{{.Title | eq "x"}}`, "n'est pas permis"},
		{"chained field", festival.MessageMovieReceived, "s", "{{.Title.Length}}", "n'est pas permis"},
		{"unknown field", festival.MessageMovieReceived, "{{.Title}}", "{{.Count}} films", "champ inconnu {{.Count}}"},
		{"unknown field in a condition", festival.MessageJuryReminder, "Rappel", "{{if .Score}}x{{end}}", "champ inconnu {{.Score}}"},
		{"syntax", festival.MessageMovieReceived, "{{.Title", "corps", "Le sujet ne se lit pas : ligne 1"},
		{"unknown function", festival.MessageMovieReceived, "s", "{{upper .Title}}", "Le corps du message ne se lit pas"},
		{"define", festival.MessageMovieReceived, "s", `{{define "x"}}y{{end}}{{template "x"}}`, "n'est pas permis"},
		{"empty subject", festival.MessageMovieReceived, "  ", "corps", "Le sujet doit faire de 1 à 200"},
		{"subject too long", festival.MessageMovieReceived, strings.Repeat("a", MaxSubject+1), "corps", "Le sujet doit faire de 1 à 200"},
		{"subject at its bound", festival.MessageMovieReceived, strings.Repeat("é", MaxSubject), "corps", ""},
		{"body too long", festival.MessageMovieReceived, "s", long, "Le corps du message doit faire de 1 à 10000"},
		{"subject on two lines", festival.MessageJuryAssignment, "{{.Titles}}", "corps", "une ligne"},
		{"fails on the sample", festival.MessageMovieReceived, "{{eq .Title}}", "corps", "Le sujet ne s'applique pas à un exemple : eq attend deux arguments"},
		{"a field called", festival.MessageMovieReceived, "s", `{{.Title "x"}}`, "Le corps du message ne s'applique pas à un exemple"},
		{"types compared", festival.MessageMovieReceived, "s", `{{if eq .Title true}}x{{end}}`, "types différents"},
		{"unknown function", festival.MessageMovieReceived, "s", `{{index .Title 1}}`, `function "index" not defined`},
		{"reset without its link", festival.MessagePasswordReset, "Mot de passe", "Ouvrez la console : {{.Link}}", "{{.ResetLink}}"},
		{"reset with its link", festival.MessagePasswordReset, "Mot de passe", "Ouvrez : {{.ResetLink}}", ""},
		{"reset link elsewhere", festival.MessageMovieReceived, "s", "{{.ResetLink}}", "champ inconnu {{.ResetLink}}"},
		{"composed titles", festival.MessageFestival, "Programme {{.Festival}}", "{{.FirstName}} :\n{{.Titles}}", ""},
		{"composed status", festival.MessageFestival, "s", "{{.Status}}", "champ inconnu {{.Status}}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(Template{Kind: c.kind, Subject: c.subject, Body: c.body})
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || apperr.CodeOf(err) != apperr.Invalid || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an invalid error with %q", err, c.want)
			}
		})
	}
}

// TestCustomTemplates: delivery renders the festival's own template of a
// kind, the defaults of the others; a stored template that fails the check
// falls back to the default and says so.
func TestCustomTemplates(t *testing.T) {
	set, errs := NewSet([]Template{
		{Kind: festival.MessageMovieReceived, Subject: "{{.Festival}} a reçu {{.Title}}", Body: "Merci {{.FirstName}} {{.LastName}}."},
		{Kind: festival.MessageJuryAssigned, Subject: "{{.Count}}", Body: "x"},
	})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "jury.assigned") {
		t.Fatalf("errs = %v, want the jury.assigned template refused", errs)
	}
	site := Site{Festival: "Lussas", Link: "https://l.example/"}
	subject, text, err := set.Render(festival.Message{Kind: festival.MessageMovieReceived, Params: map[string]string{"title": "Daguerréotypes"}}, site, Recipient{FirstName: "Agnès", LastName: "Varda"})
	if err != nil || subject != "Lussas a reçu Daguerréotypes" || text != "Merci Agnès Varda." {
		t.Fatalf("custom: %q %q %v", subject, text, err)
	}
	subject, _, _ = set.Render(festival.Message{Kind: festival.MessageJuryAssigned, Params: map[string]string{"title": "Mur murs"}}, site, Recipient{})
	if subject != "[Lussas] Un film vous est confié : Mur murs" {
		t.Fatalf("fallback to the default: %q", subject)
	}
}

func TestComposedMessage(t *testing.T) {
	set, _ := NewSet(nil)
	m := festival.Message{Kind: festival.MessageFestival, Params: Composed("{{.Festival}} : programme", "Bonjour {{.FirstName}},\n{{.Titles}}\n{{.Link}}", "- Ulysse")}
	subject, text, err := set.Render(m, Site{"Lussas", "https://l.example/"}, Recipient{FirstName: "Agnès"})
	if err != nil || subject != "Lussas : programme" || text != "Bonjour Agnès,\n- Ulysse\nhttps://l.example/" {
		t.Fatalf("%q %q %v", subject, text, err)
	}
	bad := festival.Message{Kind: festival.MessageFestival, Params: Composed("{{.Status}}", "x", "")}
	if _, _, err := set.Render(bad, Site{}, Recipient{}); err == nil {
		t.Fatal("a composed template with a field outside the whitelist rendered")
	}
}

func TestViews(t *testing.T) {
	at := festival.NewTime(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC))
	views := Views([]Template{
		{Kind: festival.MessageJuryReminder, Subject: "Rappel", Body: "{{.Count}}", UpdatedAt: at},
		{Kind: festival.MessageMovieReceived, Lang: texts.English, Subject: "Got it", Body: "{{.Title}}", UpdatedAt: at},
	}, texts.French)
	if len(views) != len(Kinds) {
		t.Fatalf("%d views", len(views))
	}
	for _, v := range views {
		d, en := Default(v.Kind, texts.French), Default(v.Kind, texts.English)
		if v.Lang != texts.French || v.DefaultSubject != d.Subject || v.DefaultBody != d.Body || len(v.Fields) < 4 {
			t.Errorf("%s: defaults or fields missing: %+v", v.Kind, v)
		}
		custom := v.Kind == festival.MessageJuryReminder
		if v.Customised != custom || (custom && (v.Subject != "Rappel" || v.UpdatedAt != at)) || (!custom && v.Subject != d.Subject) {
			t.Errorf("%s: %+v", v.Kind, v)
		}
		e, ok := v.Translations[texts.English]
		customEn := v.Kind == festival.MessageMovieReceived
		if !ok || len(v.Translations) != 1 || e.DefaultSubject != en.Subject || e.Customised != customEn ||
			(customEn && e.Subject != "Got it") || (!customEn && e.Subject != en.Subject) {
			t.Errorf("%s in English: %+v", v.Kind, v.Translations)
		}
	}
	// Asked in English: the English version in the view's own fields, the French beside.
	v := ViewOf(nil, festival.MessageMovieStatus, texts.English)
	if v.Lang != texts.English || v.Subject != Default(festival.MessageMovieStatus, texts.English).Subject ||
		v.Translations[texts.French].Subject != Default(festival.MessageMovieStatus, texts.French).Subject {
		t.Errorf("the English view: %+v", v)
	}
}

// TestInterpreter: the subset runs as text/template would run it.
func TestInterpreter(t *testing.T) {
	data := map[string]string{"A": "a", "Empty": ""}
	cases := []struct{ text, want string }{
		{"x{{.A}}y{{.Empty}}z", "xayz"},
		{"{{if .Empty}}1{{else if .A}}2{{else}}3{{end}}", "2"},
		{`{{if eq .A "b" "a"}}yes{{end}}`, "yes"},
		{`{{ne .A "a"}}`, "false"},
		{`{{and .A .Empty "z"}}|{{and .A "z"}}|{{or .Empty "" .A}}|{{or .Empty ""}}`, "|z|a|"},
		{`{{not .Empty}} {{not (eq .A "a")}}`, "true false"},
		{"a  {{- .A -}}  b{{/* gone */}}", "aab"},
	}
	for _, c := range cases {
		tree, err := parseTemplate("t", c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		if _, err := supported(tree); err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		got, err := run(tree, data)
		if err != nil || got != c.want {
			t.Errorf("%s = %q, %v; want %q", c.text, got, err, c.want)
		}
	}
}
