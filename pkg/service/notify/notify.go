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
	// MarkDelivered records that one recipient was sent the message.
	MarkDelivered(ctx context.Context, id string, userID int64) error
	// FinishAttempt files a claimed message by how its attempt went.
	FinishAttempt(ctx context.Context, id string, o festival.MessageOutcome) error
	ListMessages(ctx context.Context, st festival.MessageState, p festival.Page) ([]festival.Message, string, error)
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
type Report struct{ Sent, Retried, Failed int }

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
	set, err := s.templates(ctx)
	if err != nil {
		return r, err
	}
	var errs []error
	for _, m := range due {
		m, claimed, err := s.store.ClaimMessage(ctx, m, s.now().Add(lease))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !claimed {
			continue // another runner has it
		}
		outcome := s.attempt(ctx, m, users, set)
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
	return r, errors.Join(errs...)
}

// attempt sends a claimed message to each recipient it has not reached yet.
func (s *Service) attempt(ctx context.Context, m festival.Message, users map[int64]festival.User, set *mailtemplate.Set) festival.MessageOutcome {
	now := s.now()
	var failure error
	for _, to := range m.To {
		if slices.Contains(m.Delivered, to) {
			continue
		}
		u, ok := users[to]
		if !ok {
			continue // the account is gone: nobody to tell
		}
		subject, text, err := render(set, m, u, s.cfg)
		if err == nil {
			err = s.mailer.Send(ctx, festival.Email{ID: m.ID + "-" + strconv.FormatInt(to, 10), To: u.Email, Subject: subject, Text: text})
		}
		if err == nil {
			err = s.store.MarkDelivered(ctx, m.ID, to)
		}
		if err != nil {
			failure = fmt.Errorf("to user %d: %w", to, err)
			break
		}
	}
	switch {
	case failure == nil:
		return festival.MessageOutcome{State: festival.MessageSent, At: now}
	case m.Attempts >= festival.MaxMessageAttempts:
		return festival.MessageOutcome{State: festival.MessageFailed, At: now, Error: failure.Error()}
	default:
		return festival.MessageOutcome{State: festival.MessagePending, At: now.Add(festival.MessageRetryDelay(m.Attempts)), Error: failure.Error()}
	}
}

// templates reads the festival's templates once for the run, over the
// defaults; one it saved that no longer passes the check is logged and
// replaced by the default.
func (s *Service) templates(ctx context.Context) (*mailtemplate.Set, error) {
	custom, err := s.store.MessageTemplates(ctx)
	if err != nil {
		return nil, err
	}
	set, errs := mailtemplate.NewSet(custom)
	for _, err := range errs {
		s.log.Warn("message template refused, the default applies", "err", err.Error())
	}
	return set, nil
}

// render writes message m for the recipient u: through the festival's
// template of its kind, or the default.
func render(set *mailtemplate.Set, m festival.Message, u festival.User, cfg Config) (subject, text string, err error) {
	return set.Render(m, mailtemplate.Site{Festival: cfg.Festival, Link: cfg.ConsoleURL},
		mailtemplate.Recipient{FirstName: u.FirstName, LastName: u.LastName})
}

// List lists the messages of one state for admins, newest first.
func (s *Service) List(ctx context.Context, st festival.MessageState, p festival.Page) ([]festival.Message, string, error) {
	return s.store.ListMessages(ctx, st, p)
}
