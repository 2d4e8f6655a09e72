package festadmin

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the administration reads and writes, one per aggregate, each
// with only the methods the service calls. pkg/app wires the DynamoDB store
// into every one of them.

// Settings is the store of the festival's settings (the defaults when never
// set).
type Settings interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
	// UpdateSettings reads the settings, applies change and writes them back
	// with an audit entry and the messages change owes people, if nobody
	// changed them meanwhile.
	UpdateSettings(ctx context.Context, actor festival.Actor, change func(*festival.Settings) ([]festival.Message, error)) (festival.Settings, error)
}

// Form replaces the festival's own form (read with the settings): change
// makes the new form from the current one, and the store writes it with an
// audit entry if nobody replaced it meanwhile.
type Form interface {
	ReplaceForm(ctx context.Context, actor festival.Actor, change func(cur festival.EntryForm) (festival.EntryForm, error)) (festival.EntryForm, error)
}

// LateCodes is the store of late-entry codes (festival.ErrCodeTaken for a
// code that exists, festival.ErrNotFound for one that does not).
type LateCodes interface {
	CreateLateCode(ctx context.Context, c festival.LateCode) error
	ListLateCodes(ctx context.Context, p festival.Page) ([]festival.LateCode, string, error)
	DeleteLateCode(ctx context.Context, code festival.LateCodeID) error
}

// Audit reads the audit trail, newest first, and the names one page of it
// shows (people, films, categories, events) in one batch.
type Audit interface {
	ListAudit(ctx context.Context, f festival.AuditFilter, p festival.Page) ([]festival.AuditEntry, string, error)
	AuditNames(ctx context.Context, r festival.AuditRefs) (festival.AuditNames, error)
}

// Outbox moves held decision messages when the release date is brought
// forward or removed (festival.DecisionMoves).
type Outbox interface {
	HeldDecisions(ctx context.Context) ([]festival.Message, error)
	MoveMessages(ctx context.Context, actor festival.Actor, moves []festival.MessageMove, target string) (int, error)
}

// Films reads the festival's films: a publication tells their producers.
type Films interface {
	ListMovies(ctx context.Context, f festival.MovieFilter, p festival.Page) ([]festival.Movie, string, error)
}

// Ledger is the vote ledger: a publication links the pending votes and
// records the head.
type Ledger interface {
	AppendLedger(ctx context.Context) (int, error)
	LedgerHead(ctx context.Context) (festival.LedgerHead, error)
}

// Categories reads categories by id; ids that do not exist come back as
// *festival.UnknownIDsError.
type Categories interface {
	CategoryNames(ctx context.Context, ids []int64) ([]festival.MovieCategory, error)
}

// Stores are the stores of the administration.
type Stores struct {
	Settings   Settings
	Form       Form
	LateCodes  LateCodes
	Audit      Audit
	Outbox     Outbox
	Films      Films
	Ledger     Ledger
	Categories Categories
}
