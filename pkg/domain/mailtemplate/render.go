package mailtemplate

import (
	"fmt"
	"strings"
	"text/template/parse"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Site is what every message says of the festival: its name and where its
// console is.
type Site struct {
	Festival string
	Link     string
}

// Recipient is the person a message is rendered for.
type Recipient struct {
	FirstName, LastName string
}

// pair is a kind's subject and body, parsed.
type pair struct{ subject, body *parse.Tree }

// Set is the templates one outbox run renders with: the festival's own
// where it wrote them, the defaults otherwise, each parsed once; composed
// messages (festival.MessageFestival) carry their own, parsed once per text.
type Set struct {
	kinds    map[festival.MessageKind]pair
	composed map[[2]string]pair
}

// NewSet parses the defaults and the festival's own templates over them.
// A stored template that no longer passes Check (the rules changed since it
// was saved) is left out, so its kind falls back to the default; the
// errors say which.
func NewSet(custom []Template) (*Set, []error) {
	s := &Set{kinds: map[festival.MessageKind]pair{}, composed: map[[2]string]pair{}}
	for k := range own {
		if k == festival.MessageFestival {
			continue
		}
		d := Default(k)
		p, err := parsePair(d)
		if err != nil {
			panic(fmt.Sprintf("default template %s: %v", k, err)) // the defaults are ours: a test parses them
		}
		s.kinds[k] = p
	}
	var errs []error
	for _, t := range custom {
		if !Editable(t.Kind) {
			continue
		}
		if err := Check(t); err != nil {
			errs = append(errs, fmt.Errorf("template %s: %w", t.Kind, err))
			continue
		}
		p, _ := parsePair(t)
		s.kinds[t.Kind] = p
	}
	return s, errs
}

func parsePair(t Template) (pair, error) {
	subject, _, err := compile("subject", t.Subject, t.Kind)
	if err != nil {
		return pair{}, err
	}
	body, _, err := compile("body", t.Body, t.Kind)
	if err != nil {
		return pair{}, err
	}
	return pair{subject, body}, nil
}

// Composed is the template of a composed message: its params carry them.
func Composed(subject, body, titles string) map[string]string {
	return map[string]string{"subject": subject, "body": body, "titles": titles}
}

// Render writes message m for one recipient: its subject and its text.
func (s *Set) Render(m festival.Message, site Site, to Recipient) (subject, text string, err error) {
	p, err := s.pairOf(m)
	if err != nil {
		return "", "", err
	}
	data := only(Data(m, site, to), m.Kind)
	if subject, err = run(p.subject, data); err != nil {
		return "", "", err
	}
	if text, err = run(p.body, data); err != nil {
		return "", "", err
	}
	return subject, text, nil
}

// pairOf is the templates a message renders with.
func (s *Set) pairOf(m festival.Message) (pair, error) {
	if m.Kind != festival.MessageFestival {
		if p, ok := s.kinds[m.Kind]; ok {
			return p, nil
		}
		return s.fallback()
	}
	key := [2]string{m.Params["subject"], m.Params["body"]}
	if p, ok := s.composed[key]; ok {
		return p, nil
	}
	p, err := parsePair(Template{Kind: m.Kind, Subject: key[0], Body: key[1]})
	if err != nil {
		return pair{}, err
	}
	s.composed[key] = p
	return p, nil
}

// fallback is what a message of an unknown kind reads: a greeting.
func (s *Set) fallback() (pair, error) {
	return parsePair(Default(""))
}

// Data are the fields of message m for one recipient, by name: all of
// them, as the message's params give them (only selects a kind's).
func Data(m festival.Message, site Site, to Recipient) map[string]string {
	p := m.Params
	return map[string]string{
		FieldFestival: site.Festival, FieldLink: site.Link, FieldFirstName: to.FirstName, FieldLastName: to.LastName,
		FieldTitle: p["title"], FieldCount: p["count"], FieldTitles: p["titles"],
		// A reminder written before the template named the date alone
		// carries " avant le <date>".
		FieldUntil:     strings.TrimPrefix(p["until"], " avant le "),
		FieldStatus:    festival.StatusWord(festival.AudienceProducer, festival.SelectionStatus(p["status"]), true),
		FieldResetLink: site.Link + "#/mot-de-passe?jeton=" + p["token"],
		FieldReasons:   p["reasons"],
		FieldChanges:   p["changes"],
		// The console's page asks the API for the export with the
		// person's token, then follows its link to the bucket.
		FieldExportLink: site.Link + "#/mes-donnees?export=" + p["export"],
		FieldReason:     p["reason"], FieldBy: p["by"],
	}
}

// only keeps the fields kind's templates may use, so that even {{.}}
// shows nothing else.
func only(all map[string]string, kind festival.MessageKind) map[string]string {
	out := map[string]string{}
	for _, f := range Fields(kind) {
		out[f] = all[f]
	}
	return out
}
