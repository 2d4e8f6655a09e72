// Package mailtemplate holds the messages the festival writes as templates:
// Go text/template over a whitelist of fields per kind of message, the
// defaults (pkg/domain/texts) or the festival's own versions of them, checked
// when saved (they parse, use only their kind's fields, fit their bounds and
// render against sample data) and rendered for each recipient when the
// outbox delivers a message.
package mailtemplate

import (
	"errors"
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

// Template is a festival's own version of one kind of message.
type Template struct {
	Kind      festival.MessageKind
	Subject   string
	Body      string
	UpdatedAt festival.Time
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

// Default is kind's default template (texts.MailTemplates).
func Default(kind festival.MessageKind) Template {
	t, ok := texts.MailTemplates[string(kind)]
	if !ok {
		t = texts.MailFallback
	}
	return Template{Kind: kind, Subject: t.Subject, Body: t.Body}
}

// View is a kind's templates as GET /settings/templates shows them: the
// ones in use, the defaults, and the fields allowed.
type View struct {
	Kind           festival.MessageKind `json:"kind"`
	Subject        string               `json:"subject"`
	Body           string               `json:"body"`
	DefaultSubject string               `json:"default_subject"`
	DefaultBody    string               `json:"default_body"`
	Customised     bool                 `json:"customised"`
	Fields         []string             `json:"fields"`
	UpdatedAt      festival.Time        `json:"updatedAt"`
}

// Views are every editable kind's templates: the festival's own (custom)
// where it wrote one, the default otherwise.
func Views(custom []Template) []View {
	out := make([]View, 0, len(Kinds))
	for _, k := range Kinds {
		d := Default(k)
		v := View{Kind: k, Subject: d.Subject, Body: d.Body, DefaultSubject: d.Subject, DefaultBody: d.Body, Fields: Fields(k)}
		if i := slices.IndexFunc(custom, func(t Template) bool { return t.Kind == k }); i >= 0 {
			v.Subject, v.Body, v.Customised, v.UpdatedAt = custom[i].Subject, custom[i].Body, true, custom[i].UpdatedAt
		}
		out = append(out, v)
	}
	return out
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
	data := only(sample, t.Kind)
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

// sample is the data a template is tried on when saved.
var sample = map[string]string{
	FieldFestival: "Festival du film", FieldFirstName: "Agnès", FieldLastName: "Varda", FieldLink: "https://festival.example/",
	FieldTitle: "Cléo de 5 à 7", FieldStatus: "sélectionné", FieldCount: "3",
	FieldTitles: "- Cléo de 5 à 7\n- Le Bonheur\n- Sans toit ni loi", FieldUntil: "12 mars 2026",
	FieldResetLink: "https://festival.example/#/mot-de-passe?jeton=exemple",
	FieldChanges:   "- titre\n- synopsis",
	FieldReason:    "Le film a été retenu par un autre festival qui exige une première.", FieldBy: "retiré par son producteur",
	FieldExportLink: "https://festival.example/#/mes-donnees?export=exemple",
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
