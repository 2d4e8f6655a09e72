package festival

import "time"

// Actor is who makes a change; it is recorded in the audit trail.
type Actor struct {
	ID   int64
	Role Role
	// Record is the caller's user record as the token check read it (nil
	// when it was not read): a handler that shows the caller reuses it
	// rather than reading it again.
	Record *User
}

// Unconfirmed reports whether the actor's account must still confirm its
// e-mail address (it may sign in, but neither submit a film nor vote).
func (a Actor) Unconfirmed() bool { return a.Record != nil && a.Record.Unconfirmed }

// Is reports whether the actor has one of the roles.
func (a Actor) Is(roles ...Role) bool {
	for _, r := range roles {
		if a.Role == r {
			return true
		}
	}
	return false
}

// AuditEntry records one admin or jury state change: who, what, when.
type AuditEntry struct {
	ID        string            `json:"id_audit"`
	At        Time              `json:"at"`
	ActorID   int64             `json:"actor_id"`
	ActorRole Role              `json:"actor_role"`
	Action    string            `json:"action"` // e.g. movie.status, movie.juries, vote.create, award.create, user.delete
	Target    string            `json:"target"` // e.g. movie:12, user:3, vote:40
	Details   map[string]string `json:"details,omitempty"`
	// Changes are the fields the change moved, before and after (entries
	// written before they were kept have none). WordAudit words them.
	Changes []AuditChange `json:"-"`
}

// AuditFilter selects audit entries; zero fields select everything.
type AuditFilter struct {
	ActorID int64     // entries of one actor (GSI2 ACTOR#<id>)
	Action  string    // exact action, e.g. vote.create, or a family ending with a dot, e.g. movie.
	Target  string    // exact target, e.g. movie:12
	From    time.Time // at or after
	To      time.Time // at or before
}

// AuditInfo names who makes a change and the action recorded for it.
type AuditInfo struct {
	Actor  Actor
	Action string // movie.status, movie.candidate, ...
}
