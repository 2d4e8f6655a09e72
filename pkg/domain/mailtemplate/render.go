package mailtemplate

import (
	"fmt"
	"text/template/parse"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Site is what every message says of the festival: its name and where its
// console is.
type Site struct {
	Festival string
	Link     string
}

// Recipient is the person a message is rendered for, in their language
// (Lang: "" reads as texts.Default, as for a person without an account).
type Recipient struct {
	FirstName, LastName string
	Lang                texts.Lang
}

// language is the language to is written to.
func (to Recipient) language() texts.Lang {
	if to.Lang == "" {
		return texts.Default
	}
	return to.Lang
}

// pair is a kind's subject and body, parsed.
type pair struct{ subject, body *parse.Tree }

// Set is the templates one outbox run renders with, in every language: the
// festival's own where it wrote them, the defaults otherwise, each parsed
// once; composed messages (festival.MessageFestival) carry their own,
// parsed once per text, read alike in every language (an admin writes them
// in one).
type Set struct {
	kinds    map[kindIn]pair
	composed map[[2]string]pair
}

// kindIn is a kind of message in a language.
type kindIn struct {
	kind festival.MessageKind
	lang texts.Lang
}

// NewSet parses the defaults and the festival's own templates over them.
// A stored template that no longer passes Check (the rules changed since it
// was saved) is left out, so its kind falls back to the default; the
// errors say which.
func NewSet(custom []Template) (*Set, []error) {
	s := &Set{kinds: map[kindIn]pair{}, composed: map[[2]string]pair{}}
	for k := range own {
		if k == festival.MessageFestival {
			continue
		}
		for _, l := range texts.Langs {
			p, err := parsePair(Default(k, l))
			if err != nil {
				panic(fmt.Sprintf("default template %s (%s): %v", k, l, err)) // the defaults are ours: a test parses them
			}
			s.kinds[kindIn{k, l}] = p
		}
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
		s.kinds[kindIn{t.Kind, t.Language()}] = p
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
	p, err := s.pairOf(m, to.language())
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

// pairOf is the templates a message renders with in l.
func (s *Set) pairOf(m festival.Message, l texts.Lang) (pair, error) {
	if m.Kind != festival.MessageFestival {
		if p, ok := s.kinds[kindIn{m.Kind, l}]; ok {
			return p, nil
		}
		if p, ok := s.kinds[kindIn{m.Kind, texts.Default}]; ok {
			return p, nil // a language the product does not write mails in
		}
		return s.fallback(l)
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
func (s *Set) fallback(l texts.Lang) (pair, error) {
	return parsePair(Default("", l))
}

// Data are the fields of message m for one recipient, by name, in their
// language: all of them, as the message's params give them (only selects a
// kind's; words.go writes the words in the recipient's language).
func Data(m festival.Message, site Site, to Recipient) map[string]string {
	p, l := m.Params, to.language()
	return map[string]string{
		FieldFestival: site.Festival, FieldLink: site.Link, FieldFirstName: to.FirstName, FieldLastName: to.LastName,
		FieldTitle: p["title"], FieldCount: p["count"], FieldTitles: titles(l, p["titles"]),
		FieldUntil:     until(l, p),
		FieldStatus:    statusWord(l, p["status"]),
		FieldResetLink: site.Link + "#/mot-de-passe?jeton=" + p["token"],
		FieldReasons:   reasons(l, p),
		FieldChanges:   changes(l, p["changes"]),
		FieldReason:    p["reason"], FieldBy: by(l, p["by"]),
		// The console's page asks the API for the export with the
		// person's token, then follows its link to the bucket.
		FieldExportLink: site.Link + "#/mes-donnees?export=" + p["export"],
		// A confirmation's token, as a reset's, is masked wherever the
		// message is shown (Message.ShownParams).
		FieldConfirmLink: site.Link + "#/confirmer?jeton=" + p["token"],
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
