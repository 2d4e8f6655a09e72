package notify

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the outbox's desk (Desk: what admins do with messages before
// they go) reads and writes. pkg/app wires the DynamoDB store's faces.

// DeskOutbox reads, rewrites, discards and releases messages. Every change
// is conditional on the message still being pending (festival.ErrConflict
// otherwise) and recorded in the audit trail.
type DeskOutbox interface {
	ListMessages(ctx context.Context, st festival.MessageState, p festival.Page) ([]festival.Message, string, error)
	// GetMessage reads one message (festival.ErrNotFound).
	GetMessage(ctx context.Context, id string) (festival.Message, error)
	EditMessage(ctx context.Context, actor festival.Actor, id string, e festival.MessageEdit) error
	// DiscardMessage files a pending message as discarded, keeping the
	// texts it would have had in place of its params.
	DiscardMessage(ctx context.Context, actor festival.Actor, id, subject, text string) error
	// HeldDecisions lists the decision messages due after now.
	HeldDecisions(ctx context.Context) ([]festival.Message, error)
	// MoveMessages makes messages due sooner, each only if it is still
	// pending where it was read, records the release (target) in the audit
	// trail, and says how many it moved.
	MoveMessages(ctx context.Context, actor festival.Actor, moves []festival.MessageMove, target string) (int, error)
}

// SettingsWriter changes the festival's settings (with an audit entry) and
// returns them as written.
type SettingsWriter interface {
	UpdateSettings(ctx context.Context, actor festival.Actor, change func(*festival.Settings) ([]festival.Message, error)) (festival.Settings, error)
}

// Categories reads categories by id (*festival.UnknownIDsError for ids that
// do not exist).
type Categories interface {
	CategoryNames(ctx context.Context, ids []int64) ([]festival.MovieCategory, error)
}

// DeskStores are the desk's stores.
type DeskStores struct {
	Outbox     DeskOutbox
	Recipients Recipients
	Settings   SettingsWriter
	Categories Categories
	// Templates are the festival's own, so a message shows as it will go.
	Templates Templates
}

// NoticeBook is a person's notices as they read them: theirs only, by the
// caller's own id.
type NoticeBook interface {
	// Notices lists uid's notices newest first (only the unread when
	// unread), one page, and the next page's cursor.
	Notices(ctx context.Context, uid int64, unread bool, p festival.Page) ([]festival.Notice, string, error)
	// UnreadNotices counts uid's unread notices (one read).
	UnreadNotices(ctx context.Context, uid int64) (int64, error)
	// MarkNoticesRead marks uid's notices ids read (ids of none of theirs
	// change nothing) and returns how many remain unread.
	MarkNoticesRead(ctx context.Context, uid int64, ids []string) (int64, error)
	// MarkAllNoticesRead marks every notice of uid read and returns how
	// many remain unread (those delivered meanwhile).
	MarkAllNoticesRead(ctx context.Context, uid int64) (int64, error)
}
