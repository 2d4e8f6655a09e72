// Package messaging is what the festival writes to people in its own words:
// the templates of the messages the product sends (read, rewritten after a
// check, reset to the default) and the composer, which writes one message
// to each person of a group through the outbox, after a preview.
package messaging

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Service runs the templates and the composer.
type Service struct {
	st       Stores
	festival string // the festival's name, as previews show it
	now      func() time.Time
}

// New returns the service; festival is the festival's name (FESTIVAL_NAME).
func New(st Stores, festivalName string, now func() time.Time) *Service {
	return &Service{st: st, festival: festivalName, now: now}
}

// Templates are every editable kind's templates in l, the festival's own or
// the defaults, with the fields each may use and the other languages'
// versions beside.
func (s *Service) Templates(ctx context.Context, l texts.Lang) ([]mailtemplate.View, error) {
	custom, err := s.st.Templates.MessageTemplates(ctx)
	if err != nil {
		return nil, err
	}
	return mailtemplate.Views(custom, l), nil
}

// Editable refuses a kind no template is for (404).
func Editable(kind festival.MessageKind) error {
	if !mailtemplate.Editable(kind) {
		return apperr.Ef(apperr.NotFound, texts.TemplateUnknownKind, string(kind))
	}
	return nil
}

// SaveTemplate checks and saves the festival's template of one kind in
// one language (the others are untouched) and returns the kind's view in
// that language, without the other languages (reading them would cost a
// request: GET /settings/templates shows them).
func (s *Service) SaveTemplate(ctx context.Context, c festival.Actor, kind festival.MessageKind, l texts.Lang, subject, body string) (mailtemplate.View, error) {
	if err := Editable(kind); err != nil {
		return mailtemplate.View{}, err
	}
	t := mailtemplate.Template{Kind: kind, Lang: l, Subject: subject, Body: body, UpdatedAt: festival.NewTime(s.now())}
	if err := mailtemplate.Check(t); err != nil {
		return mailtemplate.View{}, err
	}
	if err := s.st.Templates.SaveMessageTemplate(ctx, c, t); err != nil {
		return mailtemplate.View{}, err
	}
	return mailtemplate.ViewOf([]mailtemplate.Template{t}, kind, l).Alone(), nil
}

// ResetTemplate puts a kind back to its default in one language and
// returns its view in that language (as SaveTemplate).
func (s *Service) ResetTemplate(ctx context.Context, c festival.Actor, kind festival.MessageKind, l texts.Lang) (mailtemplate.View, error) {
	if err := Editable(kind); err != nil {
		return mailtemplate.View{}, err
	}
	if err := s.st.Templates.DeleteMessageTemplate(ctx, c, kind, l); err != nil {
		return mailtemplate.View{}, err
	}
	return mailtemplate.ViewOf(nil, kind, l).Alone(), nil
}

// Composition is a message an admin writes to a group.
type Composition struct {
	To      mailtemplate.Group
	Subject string
	Body    string
	Preview bool   // only count the group and render samples: nothing is written
	Link    string // the console's address, as the preview shows {{.Link}}
}

// Sample is the message one person of the group would read.
type Sample struct {
	ID        int64  `json:"id_user"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Subject   string `json:"subject"`
	Text      string `json:"text"`
}

// Composed is what composing did: the group's size, and the samples of a
// preview.
type Composed struct {
	Recipients int
	Samples    []Sample
	// Held is how many of the messages written wait for the decisions'
	// release, until HeldUntil at the latest.
	Held      int
	HeldUntil time.Time
}

// MaxSamples is how many messages a preview renders.
const MaxSamples = 5

// Compose checks the message, draws the group (400 when it is empty) and
// either renders samples (a preview) or writes one message to each person,
// rendered when delivered (their name as their account then says), held
// until the release of the decisions it tells of (Group.Due).
func (s *Service) Compose(ctx context.Context, c festival.Actor, in Composition) (Composed, error) {
	if err := mailtemplate.Check(mailtemplate.Template{Kind: festival.MessageFestival, Subject: in.Subject, Body: in.Body}); err != nil {
		return Composed{}, err
	}
	group, season, err := s.draw(ctx, in.To)
	if err != nil {
		return Composed{}, err
	}
	if len(group) == 0 {
		return Composed{}, apperr.E(apperr.Invalid, texts.ComposeNoRecipient)
	}
	out := Composed{Recipients: len(group)}
	if in.Preview {
		out.Samples, err = s.samples(ctx, in, group[:min(len(group), MaxSamples)])
		return out, err
	}
	now := s.now()
	msgs := make([]festival.Message, len(group))
	for i, a := range group {
		msgs[i] = festival.NewMessage(festival.MessageFestival, []int64{a.ID}, mailtemplate.Composed(in.Subject, in.Body, a.TitlesText()), now)
		due := in.To.Due(a, season, now)
		msgs[i].NextAttemptAt = festival.NewTime(due)
		if due.After(now) {
			out.Held++
		}
		if due.After(out.HeldUntil) {
			out.HeldUntil = due
		}
	}
	return out, s.st.Outbox.WriteMessages(ctx, c, msgs, details(in))
}

// draw is the group's people: every film (from the films' cache, with the
// settings in the same request: a decision's release holds messages), and
// every vote when only jurors behind are wanted.
func (s *Service) draw(ctx context.Context, g mailtemplate.Group) ([]mailtemplate.Addressee, festival.Season, error) {
	var st festival.Settings
	films, _, err := s.st.Films.ListMovies(ctx, festival.MovieFilter{Settings: &st}, festival.Page{})
	if err != nil {
		return nil, st.Season, err
	}
	var votes []festival.Vote
	if g.Behind {
		if votes, _, err = s.st.Votes.ListVotes(ctx, festival.Page{}); err != nil {
			return nil, st.Season, err
		}
	}
	return g.Select(films, votes), st.Season, nil
}

// samples renders the message for the first people of the group, with the
// names their accounts hold.
func (s *Service) samples(ctx context.Context, in Composition, group []mailtemplate.Addressee) ([]Sample, error) {
	ids := make([]int64, len(group))
	for i, a := range group {
		ids[i] = a.ID
	}
	users, err := s.st.People.UsersByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	set, _ := mailtemplate.NewSet(nil)
	site := mailtemplate.Site{Festival: s.festival, Link: in.Link}
	out := make([]Sample, 0, len(group))
	for _, a := range group {
		if u, ok := users[a.ID]; ok {
			a.FirstName, a.LastName = u.FirstName, u.LastName
		}
		m := festival.Message{Kind: festival.MessageFestival, Params: mailtemplate.Composed(in.Subject, in.Body, a.TitlesText())}
		subject, text, err := set.Render(m, site, mailtemplate.Recipient{FirstName: a.FirstName, LastName: a.LastName, Lang: users[a.ID].Language})
		if err != nil {
			return nil, apperr.Ef(apperr.Invalid, texts.TemplateRender, texts.TemplateBody, err.Error())
		}
		out = append(out, Sample{ID: a.ID, FirstName: a.FirstName, LastName: a.LastName, Subject: subject, Text: text})
	}
	return out, nil
}

// details are the audit entry's: the group and the subject.
func details(in Composition) map[string]string {
	statuses := make([]string, len(in.To.Statuses))
	for i, st := range in.To.Statuses {
		statuses[i] = string(st)
	}
	return map[string]string{
		"role": string(in.To.Role), "statuses": strings.Join(statuses, ","), "id_categorie": strconv.FormatInt(in.To.CategoryID, 10),
		"behind": strconv.FormatBool(in.To.Behind), "subject": in.Subject,
	}
}

// Written is the answer's sentence for the messages written, in l.
func Written(c Composed, l texts.Lang) string {
	msg := texts.T(l, texts.ComposeWritten, c.Recipients)
	if c.Held > 0 {
		msg += texts.T(l, texts.ComposeHeld, c.Held, texts.When(c.HeldUntil))
	}
	return msg
}
