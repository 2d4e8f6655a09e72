package notify

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Desk is what admins do with the outbox before messages go: read each as
// it will be sent, rewrite or discard a pending one, release the held
// decisions of a category, or all of them, now.
type Desk struct {
	store DeskStores
	cfg   Config // renders messages as delivery does
	now   func() time.Time
}

// NewDesk returns the outbox's desk; cfg names the festival in the texts
// it shows, as delivery does.
func NewDesk(st DeskStores, cfg Config, now func() time.Time) *Desk {
	return &Desk{store: st, cfg: cfg, now: now}
}

// DefaultListLimit is the page size of GET /notifications without ?limit=.
const DefaultListLimit = 100

// List lists the messages of one state (held: the pending ones due after
// now, soonest first; the others newest first), each with the subject and
// text it will have (or had) for its first recipient, a token masked.
func (d *Desk) List(ctx context.Context, st festival.MessageState, p festival.Page) ([]festival.Message, string, error) {
	if p.Limit == 0 {
		p.Limit = DefaultListLimit
	}
	msgs, next, err := d.store.Outbox.ListMessages(ctx, st, p)
	if err != nil {
		return nil, "", err
	}
	ids := make([]int64, 0, len(msgs))
	for _, m := range msgs {
		if to := firstOf(m); to > 0 {
			ids = append(ids, to)
		}
	}
	users, err := d.store.Recipients.UsersByID(ctx, ids)
	if err != nil {
		return nil, "", err
	}
	set, err := d.templates(ctx)
	if err != nil {
		return nil, "", err
	}
	for i, m := range msgs {
		if msgs[i].Subject, msgs[i].Text, err = d.cfg.Render(set, m, users[firstOf(m)], true); err != nil {
			return nil, "", err
		}
	}
	return msgs, next, nil
}

// templates are the festival's message templates over the defaults (one
// that no longer passes the check shows as the default, as delivery sends
// it; delivery logs it).
func (d *Desk) templates(ctx context.Context) (*mailtemplate.Set, error) {
	custom, err := d.store.Templates.MessageTemplates(ctx)
	if err != nil {
		return nil, err
	}
	set, _ := mailtemplate.NewSet(custom)
	return set, nil
}

// pending reads a message an admin may still change: 404 when there is
// none, 409 naming its state when it is no longer pending.
func (d *Desk) pending(ctx context.Context, id string) (festival.Message, error) {
	m, err := d.store.Outbox.GetMessage(ctx, id)
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return m, apperr.E(apperr.NotFound, texts.MessageNotFound)
	case err != nil:
		return m, err
	case m.State != festival.MessagePending:
		return m, apperr.Ef(apperr.Conflict, texts.MessageNotPending, m.State)
	}
	return m, nil
}

// changed answers a change refused because the message moved on meanwhile.
func (d *Desk) changed(ctx context.Context, id string, err error) error {
	if !errors.Is(err, festival.ErrConflict) {
		return err
	}
	_, err = d.pending(ctx, id)
	if err == nil { // pending again: lost a race with a claim, say so plainly
		return apperr.Ef(apperr.Conflict, texts.MessageNotPending, festival.MessagePending)
	}
	return err
}

// Edit rewrites a pending message; the message comes back as it will be sent.
func (d *Desk) Edit(ctx context.Context, c festival.Actor, id string, e festival.MessageEdit) (festival.Message, error) {
	m, err := d.pending(ctx, id)
	if err != nil {
		return m, err
	}
	if err := d.store.Outbox.EditMessage(ctx, c, id, e); err != nil {
		return m, d.changed(ctx, id, err)
	}
	if e.Subject != nil {
		m.Subject = *e.Subject
	}
	if e.Text != nil {
		m.Text = *e.Text
	}
	return d.shown(ctx, m)
}

// shown is one message with its texts for its first recipient, a token masked.
func (d *Desk) shown(ctx context.Context, m festival.Message) (festival.Message, error) {
	users, err := d.store.Recipients.UsersByID(ctx, m.To[:min(1, len(m.To))])
	if err != nil {
		return m, err
	}
	set, err := d.templates(ctx)
	if err != nil {
		return m, err
	}
	m.Subject, m.Text, err = d.cfg.Render(set, m, users[firstOf(m)], true)
	return m, err
}

// Discard withdraws a pending message: it is never sent.
func (d *Desk) Discard(ctx context.Context, c festival.Actor, id string) error {
	m, err := d.pending(ctx, id)
	if err != nil {
		return err
	}
	if m, err = d.shown(ctx, m); err != nil {
		return err
	}
	return d.changed(ctx, id, d.store.Outbox.DiscardMessage(ctx, c, id, m.Subject, m.Text))
}

// Release releases the decisions of the category cat now (0: every
// decision): the settings record it first, so that a decision made from
// now on is due at once, then every held decision message it covers is
// made due now. It returns how many messages it made due.
func (d *Desk) Release(ctx context.Context, c festival.Actor, cat int64) (int, error) {
	if cat != 0 {
		_, err := d.store.Categories.CategoryNames(ctx, []int64{cat})
		var unknown *festival.UnknownIDsError
		if errors.As(err, &unknown) {
			return 0, apperr.E(apperr.NotFound, texts.CategoryNotFound)
		}
		if err != nil {
			return 0, err
		}
	}
	now := d.now()
	settings, err := d.store.Settings.UpdateSettings(ctx, c, func(s *festival.Settings) ([]festival.Message, error) {
		s.Season.Release(cat, now)
		return nil, nil
	})
	if err != nil {
		return 0, err
	}
	target := "decisions"
	if cat != 0 {
		target = "category:" + strconv.FormatInt(cat, 10)
	}
	held, err := d.store.Outbox.HeldDecisions(ctx)
	if err != nil {
		return 0, err
	}
	return d.store.Outbox.MoveMessages(ctx, c, festival.DecisionMoves(held, settings.Season, d.now()), target)
}
