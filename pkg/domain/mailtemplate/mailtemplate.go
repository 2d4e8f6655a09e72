// Package mailtemplate holds the messages the festival writes as templates:
// Go text/template over a whitelist of fields per kind of message, the
// defaults (pkg/domain/texts) or the festival's own versions of them, checked
// when saved (they parse, use only their kind's fields, fit their bounds and
// render against sample data) and rendered for each recipient when the
// outbox delivers a message.
package mailtemplate

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"text/template/parse"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Bounds of a template, in characters: those of a message an admin
// rewrites, since either becomes the text sent.
const (
	MaxSubject = festival.MaxMessageSubject
	MaxBody    = festival.MaxMessageText
)

// Template is a festival's own version of one kind of message in one
// language (Lang: "" reads as texts.Default, the French every template was
// before the product spoke English).
type Template struct {
	Kind      festival.MessageKind
	Lang      texts.Lang
	Subject   string
	Body      string
	UpdatedAt festival.Time
}

// Language is the language t is written in.
func (t Template) Language() texts.Lang {
	if t.Lang == "" {
		return texts.Default
	}
	return t.Lang
}

// Kinds are the kinds of message a festival may rewrite, in the order the
// console lists them.
var Kinds = []festival.MessageKind{
	festival.MessageMovieReceived, festival.MessageMovieStatus, festival.MessageJuryAssigned,
	festival.MessageJuryAssignment, festival.MessageJuryReminder, festival.MessageResultsPublished,
	festival.MessagePasswordReset, festival.MessageMediaCheck,
	festival.MessageMovieEdited,
	festival.MessageMovieWithdrawn,
	festival.MessageAccountExport,
}

// The fields of a template. Every kind has the common ones; each kind adds
// what its message is about.
const (
	FieldFestival  = "Festival"  // the festival's name
	FieldFirstName = "FirstName" // the recipient's first name ("" when unknown)
	FieldLastName  = "LastName"  // the recipient's last name
	FieldLink      = "Link"      // the console's address
	FieldTitle     = "Title"     // the film's title
	FieldStatus    = "Status"    // the producer's word for the film's status (festival.StatusWord)
	FieldCount     = "Count"     // how many films
	FieldTitles    = "Titles"    // the films' titles, one "- title" a line
	FieldUntil     = "Until"     // the vote's close, in words ("" when open-ended)
	FieldResetLink = "ResetLink" // the link that sets a new password
	FieldReasons   = "Reasons"   // the failed checks' reasons, one "- reason" a line
	FieldChanges   = "Changes"   // what a film's edit changed, one "- what" a line
	FieldReason    = "Reason"    // a withdrawal's reason
	FieldBy        = "By"        // who withdrew a film: "retiré par son producteur" or "retiré par un administrateur"
	// FieldExportLink is the console's page that downloads the person's export.
	FieldExportLink = "ExportLink"
	// FieldConfirmLink is the console's page that confirms the person's address.
	FieldConfirmLink = "ConfirmLink"
)

var common = []string{FieldFestival, FieldFirstName, FieldLastName, FieldLink}

var own = map[festival.MessageKind][]string{
	festival.MessageMovieReceived:    {FieldTitle},
	festival.MessageMovieStatus:      {FieldTitle, FieldStatus},
	festival.MessageJuryAssigned:     {FieldTitle},
	festival.MessageJuryAssignment:   {FieldCount, FieldTitles},
	festival.MessageJuryReminder:     {FieldCount, FieldUntil},
	festival.MessageResultsPublished: {},
	festival.MessagePasswordReset:    {FieldResetLink},
	festival.MessageMediaCheck:       {FieldTitle, FieldReasons, FieldUntil},
	festival.MessageMovieEdited:      {FieldTitle, FieldChanges},
	festival.MessageMovieWithdrawn:   {FieldTitle, FieldReason, FieldBy},
	festival.MessageAccountExport:    {FieldExportLink},
	// Not among Kinds: the link is the whole message, so a festival does
	// not rewrite it (as a composed message, it has its default only).
	festival.MessageAccountConfirm: {FieldConfirmLink},
	// A composed message: to each recipient, their films of the group.
	festival.MessageFestival: {FieldTitles},
}

// Known reports whether kind has templates (a rewritable kind, or a
// composed message).
func Known(kind festival.MessageKind) bool {
	_, ok := own[kind]
	return ok
}

// Editable reports whether a festival may rewrite kind's template.
func Editable(kind festival.MessageKind) bool { return slices.Contains(Kinds, kind) }

// Fields are the fields kind's templates may use.
func Fields(kind festival.MessageKind) []string {
	return append(slices.Clone(common), own[kind]...)
}

// Default is kind's default template in l (texts.MailTemplatesIn).
func Default(kind festival.MessageKind, l texts.Lang) Template {
	t, ok := texts.MailTemplatesIn(l)[string(kind)]
	if !ok {
		t = texts.MailFallbackIn(l)
	}
	return Template{Kind: kind, Lang: l, Subject: t.Subject, Body: t.Body}
}

// Version is a kind's template in one language: the one in use (the
// festival's own when Customised, the default otherwise) and the default.
type Version struct {
	Subject        string        `json:"subject"`
	Body           string        `json:"body"`
	DefaultSubject string        `json:"default_subject"`
	DefaultBody    string        `json:"default_body"`
	Customised     bool          `json:"customised"`
	UpdatedAt      festival.Time `json:"updatedAt"`
}

// View is a kind's templates as GET /settings/templates shows them: in one
// language (Lang; French unless asked otherwise, so that a client written
// before English keeps reading the French version where it always did),
// the fields allowed, and the version of every other language in
// Translations, by language.
type View struct {
	Kind festival.MessageKind `json:"kind"`
	Version
	Fields       []string               `json:"fields"`
	Lang         texts.Lang             `json:"lang"`
	Translations map[texts.Lang]Version `json:"translations,omitempty"`
}

// Alone is v without the other languages (the answer of a change, which
// knows only the language it changed).
func (v View) Alone() View {
	v.Translations = nil
	return v
}

// Views are every editable kind's templates in l, with the other languages
// beside: the festival's own (custom) where it wrote one, the default
// otherwise.
func Views(custom []Template, l texts.Lang) []View {
	out := make([]View, 0, len(Kinds))
	for _, k := range Kinds {
		v := View{Kind: k, Version: version(custom, k, l), Fields: Fields(k), Lang: l, Translations: map[texts.Lang]Version{}}
		for _, other := range texts.Langs {
			if other != l {
				v.Translations[other] = version(custom, k, other)
			}
		}
		out = append(out, v)
	}
	return out
}

// ViewOf is kind's View in l.
func ViewOf(custom []Template, kind festival.MessageKind, l texts.Lang) View {
	for _, v := range Views(custom, l) {
		if v.Kind == kind {
			return v
		}
	}
	return View{}
}

// version is kind's template in l among custom.
func version(custom []Template, k festival.MessageKind, l texts.Lang) Version {
	d := Default(k, l)
	v := Version{Subject: d.Subject, Body: d.Body, DefaultSubject: d.Subject, DefaultBody: d.Body}
	if i := slices.IndexFunc(custom, func(t Template) bool { return t.Kind == k && t.Language() == l }); i >= 0 {
		v.Subject, v.Body, v.Customised, v.UpdatedAt = custom[i].Subject, custom[i].Body, true, custom[i].UpdatedAt
	}
	return v
}

// Check is what a template must pass to be saved: a subject of one line and
// a body within their bounds, that parse, use only kind's fields (a reset's
// body its link), and render against sample data. Its error is
// apperr.Invalid, in French, naming what is wrong.
func Check(t Template) error {
	if n := utf8.RuneCountInString(strings.TrimSpace(t.Subject)); n == 0 || utf8.RuneCountInString(t.Subject) > MaxSubject {
		return apperr.Ef(apperr.Invalid, texts.TemplateSubjectLength, MaxSubject)
	}
	if n := utf8.RuneCountInString(strings.TrimSpace(t.Body)); n == 0 || utf8.RuneCountInString(t.Body) > MaxBody {
		return apperr.Ef(apperr.Invalid, texts.TemplateBodyLength, MaxBody)
	}
	subject, _, err := compile(texts.TemplateSubject, t.Subject, t.Kind)
	if err != nil {
		return err
	}
	body, inBody, err := compile(texts.TemplateBody, t.Body, t.Kind)
	if err != nil {
		return err
	}
	if t.Kind == festival.MessagePasswordReset && !slices.Contains(inBody, FieldResetLink) {
		return apperr.E(apperr.Invalid, texts.TemplateResetLink)
	}
	data := only(sampleIn(t.Language()), t.Kind)
	s, err := run(subject, data)
	if err != nil {
		return apperr.Ef(apperr.Invalid, texts.TemplateRender, texts.M(texts.TemplateSubject), readable(err, texts.TemplateSubject))
	}
	if strings.ContainsAny(s, "\r\n") {
		return apperr.E(apperr.Invalid, texts.TemplateOneLine)
	}
	if _, err := run(body, data); err != nil {
		return apperr.Ef(apperr.Invalid, texts.TemplateRender, texts.M(texts.TemplateBody), readable(err, texts.TemplateBody))
	}
	return nil
}

// sample is the data a template is tried on when saved (sampleIn: in
// its language).
var sample = map[string]string{
	FieldFestival: "Festival du film", FieldFirstName: "Agnès", FieldLastName: "Varda", FieldLink: "https://festival.example/",
	FieldTitle: "Cléo de 5 à 7", FieldStatus: "sélectionné", FieldCount: "3",
	FieldTitles: "- Cléo de 5 à 7\n- Le Bonheur\n- Sans toit ni loi", FieldUntil: "12 mars 2026",
	FieldResetLink: "https://festival.example/#/mot-de-passe?jeton=exemple",
	FieldChanges:   "- titre\n- synopsis",
	FieldReason:    "Le film a été retenu par un autre festival qui exige une première.", FieldBy: "retiré par son producteur",
	FieldExportLink:  "https://festival.example/#/mes-donnees?export=exemple",
	FieldConfirmLink: "https://festival.example/#/confirmer?jeton=exemple",
}

// sampleIn is sample in l: the words a message carries in its language
// ({{.Status}}, {{.Until}}, {{.By}}), so that an English template's
// comparisons are tried on English words.
func sampleIn(l texts.Lang) map[string]string {
	if l != texts.English {
		return sample
	}
	out := maps.Clone(sample)
	out[FieldStatus] = texts.MailStatusWordsEnglish[string(festival.StatusSelected)]
	out[FieldUntil] = "12 March 2026"
	out[FieldBy] = texts.T(texts.English, texts.HeldWithdrawnByProducer)
	out[FieldReason] = "The film was chosen by another festival that requires a premiere."
	return out
}

// compile parses one template of kind and returns it with the fields it
// uses, or the apperr.Invalid that says why it cannot be used: it does not
// parse, it leaves the subset the interpreter runs (engine.go), or it names
// a field outside kind's whitelist.
func compile(part texts.Key, text string, kind festival.MessageKind) (*parse.Tree, []string, error) {
	name := texts.M(part) // the part, as the refusal names it
	t, err := parseTemplate(string(part), text)
	var unsupported errUnsupported
	if errors.As(err, &unsupported) {
		return nil, nil, apperr.Ef(apperr.Invalid, texts.TemplateUnsupported, name, unsupported.what)
	}
	if err != nil {
		return nil, nil, apperr.Ef(apperr.Invalid, texts.TemplateSyntax, name, readable(err, part))
	}
	used, err := supported(t)
	if errors.As(err, &unsupported) {
		return nil, nil, apperr.Ef(apperr.Invalid, texts.TemplateUnsupported, name, unsupported.what)
	}
	allowed := Fields(kind)
	for _, f := range used {
		if !slices.Contains(allowed, f) {
			return nil, nil, apperr.Ef(apperr.Invalid, texts.TemplateUnknownField, name, f, strings.Join(allowed, ", "))
		}
	}
	return t, used, nil
}

// walk calls visit on n and every node under it that the subset allows
// (others are refused where they stand).
func walk(n parse.Node, visit func(parse.Node)) {
	visit(n)
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walk(c, visit)
		}
	case *parse.ActionNode:
		walk(n.Pipe, visit)
	case *parse.IfNode:
		walk(n.Pipe, visit)
		walk(n.List, visit)
		walk(n.ElseList, visit)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walk(c, visit)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walk(a, visit)
		}
	}
}

// readable is a template error without the package's prefix: "ligne 2 :
// unexpected ..." (TemplateLine) rather than "template: template_body:2:
// unexpected ...": a texts.Msg, or the error as it is when it names no line.
func readable(err error, part texts.Key) any {
	var f failure
	if errors.As(err, &f) {
		return f.Msg
	}
	msg := strings.TrimPrefix(err.Error(), "template: "+string(part)+":")
	line, rest, ok := strings.Cut(msg, ":")
	if !ok || line == "" || strings.Trim(line, "0123456789") != "" {
		return msg
	}
	if col, after, ok := strings.Cut(rest, ":"); ok && col != "" && strings.Trim(col, "0123456789") == "" {
		rest = after
	}
	return texts.M(texts.TemplateLine, line, strings.TrimSpace(rest))
}
