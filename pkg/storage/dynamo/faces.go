package dynamo

import "time"

// The store has one face per aggregate: each holds the methods of one kind
// of record, and all of them share the table's core (keys, item codec,
// transactions, retry, list versions, the audit, ledger and outbox
// operations that other writes join). pkg/app hands each service the faces
// its interfaces name; Store bundles them for the wiring and the tests.
type (
	// Films are the films and what their items embed: categories, jury, awards.
	Films struct{ *core }
	// Votes are the jury's votes, what they played of each film and their reminders.
	Votes struct{ *core }
	// Users are the accounts, jury profiles, password resets and login throttles.
	Users struct{ *core }
	// Catalog is the festival's categories, events and awards.
	Catalog struct{ *core }
	// Settings are the festival's settings and late-entry codes.
	Settings struct{ *core }
	// Plans are the automatic assignment's plans.
	Plans struct{ *core }
	// Outbox is the messages waiting to be sent.
	Outbox struct{ *core }
	// Trail is the audit trail and the vote ledger.
	Trail struct{ *core }
	// CopyJobs are the copies of a renamed record still to be made.
	CopyJobs struct{ *core }
)

// Store bundles every face of one table.
type Store struct {
	*Films
	*Votes
	*Users
	*Catalog
	*Settings
	*Plans
	*Outbox
	*Trail
	*CopyJobs
	*MediaJobs
	core *core
}

// New returns a store on the given table. now may be nil (time.Now).
func New(db DB, table string, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	c := &core{table: table, now: now, keepLists: true, listFreshness: ListFreshness, edition: editionMemo{fresh: editionFreshness}}
	c.db = settingsWatch{keyGuard{db}, &c.lists}
	return &Store{
		Films: &Films{c}, Votes: &Votes{c}, Users: &Users{c}, Catalog: &Catalog{c}, Settings: &Settings{c},
		Plans: &Plans{c}, Outbox: &Outbox{c}, Trail: &Trail{c}, CopyJobs: &CopyJobs{c}, MediaJobs: &MediaJobs{c}, core: c,
	}
}

// Table returns the table name.
func (s *Store) Table() string { return s.core.table }
