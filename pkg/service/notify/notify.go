// Package notify delivers the outbox: the messages written with the changes
// they tell of (festival.Message), sent by e-mail through a Mailer (Amazon
// SES on AWS, a local mailbox with `make run`), at least once, retried with
// backoff, failures kept for admins to see.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
)

// Mailer sends an e-mail.
type Mailer interface {
	Send(ctx context.Context, e festival.Email) error
}

// Outbox is the store of messages (festival.Message), each in one state's
// queue: pending ones by when they are due, sent and failed ones by when
// they ended.
type Outbox interface {
	// DueMessages returns up to limit pending messages due at now, oldest first.
	DueMessages(ctx context.Context, now time.Time, limit int32) ([]festival.Message, error)
	// ClaimMessage counts an attempt and keeps the message from other
	// runners until until; false when another runner took it first.
	ClaimMessage(ctx context.Context, m festival.Message, until time.Time) (festival.Message, bool, error)
	// RecordDelivery records what an attempt did for one recipient: the
	// e-mail sent (sent), and their notice in the app (n, nil when none),
	// written once per message and recipient whatever the retries, and
	// never for an account that no longer exists.
	RecordDelivery(ctx context.Context, id string, userID int64, sent bool, n *festival.Notice) error
	// TrimNotices keeps each of these people to festival.NoticeCap notices.
	TrimNotices(ctx context.Context, userIDs []int64) error
	// FinishAttempt files a claimed message by how its attempt went.
	FinishAttempt(ctx context.Context, id string, o festival.MessageOutcome) error
	// HoldMessage puts a due message back in the queue until until; false
	// when another runner took it first.
	HoldMessage(ctx context.Context, m festival.Message, until time.Time) (bool, error)
}

// Settings reads the festival's settings: a decision is sent only once
// released (festival.Season.DecisionReleased).
type Settings interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
}

// Recipients reads the accounts messages go to: those that exist, by id.
type Recipients interface {
	UsersByID(ctx context.Context, ids []int64) (map[int64]festival.User, error)
}

// Templates reads the festival's own message templates (none when it kept
// the defaults).
type Templates interface {
	MessageTemplates(ctx context.Context) ([]mailtemplate.Template, error)
}

// Store is what the runner reads and writes; pkg/app wires the DynamoDB
// store into it.
type Store interface {
	Outbox
	Recipients
	Settings
	Templates
}

// Config names the festival in its messages and says where its console is.
type Config struct {
	Festival   string // the festival's name, in every subject and signature
	ConsoleURL string // links in messages (a reset, an assignment)
}

// Service delivers due messages.
type Service struct {
	store  Store
	mailer Mailer
	cfg    Config
	now    func() time.Time
	log    *slog.Logger
}

// New returns the outbox's runner.
func New(st Store, m Mailer, cfg Config, now func() time.Time, log *slog.Logger) *Service {
	return &Service{store: st, mailer: m, cfg: cfg, now: now, log: log}
}

// lease is how long a claimed message is kept from other runners: past it,
// a message whose runner stopped mid-attempt is tried again.
const lease = 2 * time.Minute

// batch is how many due messages one run takes at most.
const batch = 50

// Report says what a run did.
type Report struct{ Sent, Retried, Failed, Held int }

// DeliverDue sends the messages due now: each is claimed (so two runners
// never send one message at once), sent to each of its recipients not yet
// sent it, then filed as sent, due again after a backoff, or failed after
// festival.MaxMessageAttempts attempts.
func (s *Service) DeliverDue(ctx context.Context) (Report, error) {
	var r Report
	due, err := s.store.DueMessages(ctx, s.now(), batch)
	if err != nil || len(due) == 0 {
		return r, err
	}
	var ids []int64
	for _, m := range due {
		ids = append(ids, m.To...)
	}
	users, err := s.store.UsersByID(ctx, ids)
	if err != nil {
		return r, err
	}
	season, err := s.seasonFor(ctx, due)
	if err != nil {
		return r, err
	}
	set, err := readTemplates(ctx, s.store, s.log)
	if err != nil {
		return r, err
	}
	var errs []error
	var noticed []int64
	for _, m := range due {
		if held, err := s.holdUnreleased(ctx, m, season); held || err != nil {
			if err != nil {
				errs = append(errs, err)
			} else {
				r.Held++
			}
			continue
		}
		m, claimed, err := s.store.ClaimMessage(ctx, m, s.now().Add(lease))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !claimed {
			continue // another runner has it
		}
		outcome, to := s.attempt(ctx, m, users, set)
		noticed = append(noticed, to...)
		if err := s.store.FinishAttempt(ctx, m.ID, outcome); err != nil {
			errs = append(errs, err)
			continue
		}
		switch outcome.State {
		case festival.MessageSent:
			r.Sent++
		case festival.MessagePending:
			r.Retried++
		default:
			r.Failed++
			s.log.Warn("message failed", "id_message", m.ID, "kind", string(m.Kind), "attempts", m.Attempts, "err", outcome.Error)
		}
	}
	if len(noticed) > 0 {
		errs = append(errs, s.store.TrimNotices(ctx, noticed))
	}
	return r, errors.Join(errs...)
}

// seasonFor reads the settings once per run, and only when a due message
// is a decision (the release date may have moved later since it was written).
func (s *Service) seasonFor(ctx context.Context, due []festival.Message) (festival.Season, error) {
	if !slices.ContainsFunc(due, festival.Message.IsDecision) {
		return festival.Season{}, nil
	}
	st, err := s.store.GetSettings(ctx)
	return st.Season, err
}

// holdUnreleased puts a due decision whose release is not reached, per the
// current settings, back in the queue until its release (true), rather than
// sending it.
func (s *Service) holdUnreleased(ctx context.Context, m festival.Message, season festival.Season) (bool, error) {
	now := s.now()
	cats := m.DecisionCategories()
	if !m.IsDecision() || season.DecisionReleased(now, cats) {
		return false, nil
	}
	if _, err := s.store.HoldMessage(ctx, m, season.DecisionDue(now, cats)); err != nil {
		return false, err
	}
	return true, nil
}

// Render is a message as its recipient to reads it, in their language (the
// account's; French when it never chose one): the texts an admin wrote, or
// the festival's template of its kind in that language in set (the default
// when it kept it), with a reset token masked when masked.
func (c Config) Render(set *mailtemplate.Set, m festival.Message, to festival.User, masked bool) (subject, text string, err error) {
	if masked {
		m.Params = m.ShownParams()
	}
	subject, text, err = set.Render(m, mailtemplate.Site{Festival: c.Festival, Link: c.ConsoleURL},
		mailtemplate.Recipient{FirstName: to.FirstName, LastName: to.LastName, Lang: to.Language})
	if err != nil {
		return "", "", err
	}
	if m.Subject != "" {
		subject = m.Subject
	}
	if m.Text != "" {
		text = m.Text
	}
	return subject, text, nil
}

// Renderer returns, each time it is called, how delivery would write a
// message to its recipient now: the festival's templates (t) read once.
// A preview (the bulk decisions') shows with it what each person will read.
func (c Config) Renderer(t Templates) func(ctx context.Context) (func(festival.Message, festival.User) (string, string, error), error) {
	return func(ctx context.Context) (func(festival.Message, festival.User) (string, string, error), error) {
		custom, err := t.MessageTemplates(ctx)
		if err != nil {
			return nil, err
		}
		set, _ := mailtemplate.NewSet(custom) // one refused shows as the default, as delivery sends it
		return func(m festival.Message, to festival.User) (string, string, error) { return c.Render(set, m, to, false) }, nil
	}
}

// attempt sends a claimed message to each recipient it has not reached
// yet, and says who got a notice in the app.
func (s *Service) attempt(ctx context.Context, m festival.Message, users map[int64]festival.User, set *mailtemplate.Set) (festival.MessageOutcome, []int64) {
	now := s.now()
	var failure error
	var noticed []int64
	for _, to := range m.To {
		if slices.Contains(m.Delivered, to) {
			continue
		}
		u, ok := users[to]
		if !ok {
			continue // the account is gone: nobody to tell
		}
		gave, err := s.deliverTo(ctx, m, u, set)
		if gave {
			noticed = append(noticed, to)
		}
		if err != nil {
			failure = fmt.Errorf("to user %d: %w", to, err)
			break
		}
	}
	// An ended message keeps the texts it had (its first recipient's, a
	// token masked) in place of its params.
	subject, text, _ := s.cfg.Render(set, m, users[firstOf(m)], true)
	switch {
	case failure == nil:
		return festival.MessageOutcome{State: festival.MessageSent, At: now, Subject: subject, Text: text}, noticed
	case m.Attempts >= festival.MaxMessageAttempts:
		return festival.MessageOutcome{State: festival.MessageFailed, At: now, Error: failure.Error(), Subject: subject, Text: text}, noticed
	default:
		return festival.MessageOutcome{State: festival.MessagePending, At: now.Add(festival.MessageRetryDelay(m.Attempts)), Error: failure.Error()}, noticed
	}
}

// deliverTo sends a message to one recipient by e-mail and, the first time
// it is tried for them, writes their notice in the app with the same
// subject and text: an e-mail that fails still leaves the notice (the app
// is a second channel), and the retry sends only the e-mail. It reports
// whether it wrote a notice.
func (s *Service) deliverTo(ctx context.Context, m festival.Message, u festival.User, set *mailtemplate.Set) (bool, error) {
	subject, text, err := s.cfg.Render(set, m, u, false)
	if err != nil {
		return false, err
	}
	var notice *festival.Notice
	if festival.Notices(m.Kind) && !slices.Contains(m.Noticed, u.ID) {
		n := festival.NewNotice(m, u.ID, subject, text, s.now())
		notice = &n
	}
	sendErr := s.mailer.Send(ctx, festival.Email{ID: m.ID + "-" + strconv.FormatInt(u.ID, 10), To: u.Email, Subject: subject, Text: text})
	if err := s.store.RecordDelivery(ctx, m.ID, u.ID, sendErr == nil, notice); err != nil {
		return false, errors.Join(sendErr, err)
	}
	return notice != nil, sendErr
}

// firstOf is the message's first recipient (0 when it has none).
func firstOf(m festival.Message) int64 {
	if len(m.To) == 0 {
		return 0
	}
	return m.To[0]
}

// readTemplates reads the festival's templates once for a run, over the
// defaults; one it saved that no longer passes the check is logged and
// replaced by the default.
func readTemplates(ctx context.Context, t Templates, log *slog.Logger) (*mailtemplate.Set, error) {
	custom, err := t.MessageTemplates(ctx)
	if err != nil {
		return nil, err
	}
	set, errs := mailtemplate.NewSet(custom)
	for _, err := range errs {
		log.Warn("message template refused, the default applies", "err", err.Error())
	}
	return set, nil
}
