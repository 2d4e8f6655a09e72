package notify

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Inbox is a person's notices in the app: the messages the outbox
// delivered to them (festival.Notice), read and marked read by their
// recipient only. Any signed-in role has one.
type Inbox struct {
	store NoticeBook
}

// NewInbox returns the notices' service.
func NewInbox(st NoticeBook) *Inbox { return &Inbox{store: st} }

// DefaultNoticeLimit is the page size of GET /users/me/notices without ?limit=.
const DefaultNoticeLimit = 50

// List lists the caller's notices newest first, one page (DefaultNoticeLimit
// when p names none); only the unread ones when unread.
func (i *Inbox) List(ctx context.Context, c festival.Actor, unread bool, p festival.Page) ([]festival.Notice, string, error) {
	if p.Limit == 0 {
		p.Limit = DefaultNoticeLimit
	}
	return i.store.Notices(ctx, c.ID, unread, p)
}

// Unread is how many of the caller's notices are unread.
func (i *Inbox) Unread(ctx context.Context, c festival.Actor) (int64, error) {
	return i.store.UnreadNotices(ctx, c.ID)
}

// MarkRead marks the caller's notices read (those named, or all) and
// returns how many remain unread.
func (i *Inbox) MarkRead(ctx context.Context, c festival.Actor, r festival.NoticesRead) (int64, error) {
	if r.All {
		return i.store.MarkAllNoticesRead(ctx, c.ID)
	}
	return i.store.MarkNoticesRead(ctx, c.ID, r.IDs)
}
