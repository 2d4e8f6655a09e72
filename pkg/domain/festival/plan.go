package festival

import (
	"maps"
	"slices"
	"time"
)

// An automatic jury assignment, or a bulk decision, is a plan: previewed,
// then applied all or nothing. Its kind (PlanKind) says what it changes of
// each film: its jury members, or its status. Its life:
//
//	previewed --claim--> applying --> applied      (every film written)
//	                         |------> rolled_back  (a write refused: what was written is put back)
//	                         |------> stale        (a film changed since the preview: nothing written)
//	                         '------> previewed    (the films could not be read: try again)
//
// An apply holds its plan under a claim with a lease, renewed with each
// write. An apply that dies part-way (a Lambda timeout) leaves the plan
// applying with its lease run out: the plan is then recoverable, and the
// films it wrote are put back. Storage persists each of these decisions,
// conditional on the plan being as the decision saw it.

// PlanKind is what a plan changes of its films.
type PlanKind string

const (
	// PlanAssignment changes the films' jury members (PlanFilm.Before, After).
	// It is the zero kind: plans stored before kinds existed are assignments.
	PlanAssignment PlanKind = ""
	// PlanDecision changes the films' status (PlanFilm.From, To).
	PlanDecision PlanKind = "decision"
)

// PlanState is where a plan stands.
type PlanState string

const (
	PlanPreviewed  PlanState = "previewed"
	PlanApplying   PlanState = "applying"
	PlanApplied    PlanState = "applied"
	PlanRolledBack PlanState = "rolled_back"
	PlanStale      PlanState = "stale"
)

const (
	// PlanTTL is how long a previewed plan can be applied.
	PlanTTL = 24 * time.Hour
	// PlanLease is how long an apply holds its plan before another call may
	// take it to be an apply that died.
	PlanLease = 2 * time.Minute
)

// planMoves are the states each state may move to.
var planMoves = map[PlanState][]PlanState{
	PlanPreviewed: {PlanApplying},
	PlanApplying:  {PlanApplied, PlanRolledBack, PlanStale, PlanPreviewed},
}

// CanBecome reports whether a plan in state s may move to state to.
func (s PlanState) CanBecome(to PlanState) bool { return slices.Contains(planMoves[s], to) }

// PlanFilm is one film a plan changes: the version it was planned on and,
// for an assignment, its members before and after (sorted ids); for a
// decision, its status before and after.
type PlanFilm struct {
	MovieID int64           `dynamodbav:"m"`
	Version int64           `dynamodbav:"v"`
	Before  []int64         `dynamodbav:"b"`
	After   []int64         `dynamodbav:"a"`
	From    SelectionStatus `dynamodbav:"f,omitempty"`
	To      SelectionStatus `dynamodbav:"t,omitempty"`
}

// Decided is m with the plan's status, changed at now.
func (f PlanFilm) Decided(m Movie, now Time) Movie {
	m.SelectionStatus, m.Status, m.UpdatedAt = f.To, f.To.Guide(), now
	return m
}

// Undecided is m with the status it had before the plan.
func (f PlanFilm) Undecided(m Movie) Movie {
	m.SelectionStatus, m.Status = f.From, f.From.Guide()
	return m
}

// Added are the members the plan gives the film.
func (f PlanFilm) Added() []int64 {
	var out []int64
	for _, uid := range f.After {
		if !slices.Contains(f.Before, uid) {
			out = append(out, uid)
		}
	}
	return out
}

// Removed are the members the plan takes from the film.
func (f PlanFilm) Removed() []int64 { return PlanFilm{Before: f.After, After: f.Before}.Added() }

// Applied is m with the plan's members (jury holds each member as read),
// changed at now.
func (f PlanFilm) Applied(m Movie, jury map[int64]Jury, now Time) Movie {
	m.Juries = make([]Jury, 0, len(f.After))
	for _, uid := range f.After {
		m.Juries = append(m.Juries, jury[uid])
	}
	m.UpdatedAt = now
	return m
}

// Restored is m with the members it had before the plan, among members as
// read now: a member whose account is gone is not put back.
func (f PlanFilm) Restored(m Movie, members []Jury) Movie {
	m.Juries = slices.DeleteFunc(slices.Clone(members), func(j Jury) bool { return !slices.Contains(f.Before, j.ID) })
	return m
}

// VersionedMovie is a film as stored, with its version.
type VersionedMovie struct {
	Movie   Movie
	Version int64
}

// Plan is an assignment plan or a bulk decision.
type Plan struct {
	ID    PlanID
	Kind  PlanKind
	State PlanState
	Films []PlanFilm
	// Written are the films an apply has written so far.
	Written []int64
	// Claim names the apply holding the plan, until LeaseTill.
	Claim     string
	LeaseTill Time
	CreatedAt Time
	CreatedBy int64
	ExpiresAt time.Time
	// Edition is the edition whose films the plan changes (the current
	// one when it was previewed); the store keeps it with the plan.
	Edition EditionID
}

// NewPlan is an assignment plan previewed at now by an admin; it can be
// applied for PlanTTL.
func NewPlan(id PlanID, by Actor, films []PlanFilm, now time.Time) Plan {
	return Plan{ID: id, State: PlanPreviewed, Films: films, CreatedAt: NewTime(now), CreatedBy: by.ID, ExpiresAt: now.Add(PlanTTL)}
}

// NewDecisionPlan is a bulk decision previewed at now by an admin: each
// film moves from its status to another (PlanFilm.From, To).
func NewDecisionPlan(id PlanID, by Actor, films []PlanFilm, now time.Time) Plan {
	p := NewPlan(id, by, films, now)
	p.Kind = PlanDecision
	return p
}

// Claimable reports whether an apply may take the plan at now: it is
// previewed and has not expired (to the second, as it is stored).
func (p Plan) Claimable(now time.Time) bool {
	return p.State == PlanPreviewed && p.ExpiresAt.Unix() > now.Unix()
}

// Claimed is the plan taken at now by the apply named claim: applying,
// held for a lease. A plan that is not claimable is refused (ClaimRefused).
func (p Plan) Claimed(claim string, now time.Time) (Plan, error) {
	if !p.Claimable(now) {
		return p, ClaimRefused(&p, now)
	}
	p.State, p.Claim, p.LeaseTill = PlanApplying, claim, LeaseFrom(now)
	return p, nil
}

// ClaimRefused says why a plan could not be claimed at now, given the plan
// as stored (nil when there is none): a plan unknown or expired is
// ErrNotFound; any other is a *PlanStateError naming its state.
func ClaimRefused(p *Plan, now time.Time) error {
	if p == nil || p.ExpiresAt.Unix() <= now.Unix() {
		return ErrNotFound
	}
	return &PlanStateError{State: p.State}
}

// LeaseFrom is when a hold taken or renewed at now runs out.
func LeaseFrom(now time.Time) Time { return NewTime(now.Add(PlanLease)) }

// Released is the plan moved by the apply holding it to state to; the hold
// ends. A move the life of a plan does not have is a *PlanStateError.
func (p Plan) Released(to PlanState) (Plan, error) {
	if !p.State.CanBecome(to) {
		return p, &PlanStateError{State: p.State}
	}
	p.State, p.Claim, p.LeaseTill = to, "", Time{}
	return p, nil
}

// Recoverable reports whether the plan is an apply that died part-way:
// still applying, its lease run out before now.
func (p Plan) Recoverable(now time.Time) bool {
	return p.State == PlanApplying && p.LeaseTill.Before(NewTime(now).Time)
}

// TakenOver is a recoverable plan held by a new claim, so that the apply
// that died cannot write more if it was only slow.
func (p Plan) TakenOver(claim string) Plan {
	p.Claim = claim
	return p
}

// MovieIDs are the ids of the plan's films, in order.
func (p Plan) MovieIDs() []int64 { return PlanMovieIDs(p.Films) }

// PlanMovieIDs are the ids of films, in order.
func PlanMovieIDs(films []PlanFilm) []int64 {
	out := make([]int64, len(films))
	for i, f := range films {
		out[i] = f.MovieID
	}
	return out
}

// Members are every member the plan's films have after it, each once, sorted.
func (p Plan) Members() []int64 {
	var out []int64
	for _, f := range p.Films {
		out = append(out, f.After...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// WrittenFilms are the films an apply wrote so far, in plan order: those to
// put back when it is undone.
func (p Plan) WrittenFilms() []PlanFilm {
	var out []PlanFilm
	for _, f := range p.Films {
		if slices.Contains(p.Written, f.MovieID) {
			out = append(out, f)
		}
	}
	return out
}

// MembersBefore are every member films had before the plan, each once,
// sorted.
func MembersBefore(films []PlanFilm) []int64 {
	var out []int64
	for _, f := range films {
		out = append(out, f.Before...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// StaleFilm is a *PlanStaleError naming the first of films that is not as
// the plan was made from among current (gone: no title, or at another
// version); nil when every film is.
func StaleFilm(films []PlanFilm, current []VersionedMovie) error {
	byID := make(map[int64]VersionedMovie, len(current))
	for _, m := range current {
		byID[m.Movie.ID] = m
	}
	for _, f := range films {
		if m, ok := byID[f.MovieID]; !ok || m.Version != f.Version {
			return &PlanStaleError{MovieID: f.MovieID, Title: m.Movie.Title}
		}
	}
	return nil
}

// Given is, for each member the plan gives films to, the ids of those films
// in plan order; members come sorted. Each member hears of them once (a
// digest).
func (p Plan) Given() ([]int64, map[int64][]int64) {
	given := map[int64][]int64{}
	for _, f := range p.Films {
		for _, uid := range f.Added() {
			given[uid] = append(given[uid], f.MovieID)
		}
	}
	return slices.Sorted(maps.Keys(given)), given
}
