package festival

import (
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Season is the festival's calendar and its publication rules. Its fields
// appear at the top level of the settings' JSON. A zero time is "not set":
// a window with neither date is always open, which is the specification's
// behaviour.
type Season struct {
	// SubmissionsOpenAt and SubmissionsCloseAt bound film submissions
	// (POST /movies/upload, POST /auth/register-film): either may be unset.
	SubmissionsOpenAt  Time `json:"submissions_open_at"`
	SubmissionsCloseAt Time `json:"submissions_close_at"`
	// VotingOpenAt and VotingCloseAt bound the jury's votes and candidate marks.
	VotingOpenAt  Time `json:"voting_open_at"`
	VotingCloseAt Time `json:"voting_close_at"`
	// ResultsPublishedAt is when an admin published the results (zero: not
	// published). Publication closes the vote, whatever the window says.
	ResultsPublishedAt Time `json:"results_published_at"`
	// ResultsLedger is the vote ledger's head when the results were
	// published: the palmarès comes from exactly the votes up to it.
	ResultsLedger *LedgerHead `json:"results_ledger"`
	// PublicFilmView is what anonymous and non-admin callers read of a film:
	// the specification's whole object, or the redacted one (RedactFilm).
	PublicFilmView FilmView `json:"public_film_view"`
	// MinWatchedShare is the share of a film (percent) a jury member must
	// have played before their vote on it counts (0: no rule, the default).
	MinWatchedShare int `json:"min_watched_share"`
	// ScoringGrid is the festival's scoring grid (nil: none), and
	// CategoryGrids those of categories that have their own (GridFor).
	ScoringGrid   Grid           `json:"scoring_grid"`
	CategoryGrids map[int64]Grid `json:"category_grids"`
	// CategoryWindows are the windows of categories that have their own,
	// by category id: for a film in such categories they replace the
	// festival's windows (CheckSubmissionIn, CheckVoteIn).
	CategoryWindows map[int64]CategoryWindow `json:"category_windows"`
	// JuryReminderDays is the reminders' period: while the vote is open,
	// each jury member with films left to vote is reminded at most once
	// every so many days (0: no reminders, the default).
	JuryReminderDays int `json:"jury_reminder_days"`
	// MediaChecks is what the festival does when a technical check of a
	// film's file fails, by check (a check not named: CheckWarn).
	MediaChecks MediaCheckActions `json:"media_checks"`
	// ScreeningWatermark: the media job encodes every rendition in two
	// marked forms and each juror's playlists identify them (off by default).
	ScreeningWatermark bool `json:"screening_watermark"`
	// DecisionsReleaseAt is when the festival's decisions go out (zero: the
	// moment each is made, the default). Until then decision messages wait
	// in the outbox, a producer reads "en cours d'examen" and the public no
	// decision (decisions.go).
	DecisionsReleaseAt Time `json:"decisions_release_at"`
	// ReleasedCategories are the categories whose decisions an admin
	// released before the date, with when.
	ReleasedCategories map[int64]Time `json:"released_categories"`
	// PublicSelection is which films the public list shows: all (the
	// default) or the curated selection once released.
	PublicSelection PublicSelection `json:"public_selection"`
	// Feedback is what a producer may read of the judging of their film
	// once its decision is released (each part off by default).
	Feedback FeedbackParts `json:"feedback"`
	// BlindJudging hides who made a film (its producer, its team, the
	// fields that name them: BlindFilm) from everyone but the admins and
	// the film's producer, wherever a juror or the public reads it.
	BlindJudging bool `json:"blind_judging"`
	// IncompleteEntries is what a submission or an edit that leaves a film
	// incomplete meets: refused (the default) or saved as a draft.
	IncompleteEntries IncompleteEntries `json:"incomplete_entries"`
	// CategoryRules are the eligibility rules of categories, by id.
	CategoryRules map[int64][]EligibilityRule `json:"category_rules"`
}

// FeedbackParts are the parts of the feedback a producer may read about
// their film after release (GET /movies/:id/feedback).
type FeedbackParts struct {
	// Decision: the decision in plain words.
	Decision bool `json:"decision" dynamodbav:"decision"`
	// Marks: the marks of the scoring grid, anonymised, and the film's
	// place in its category as a percentile.
	Marks bool `json:"marks" dynamodbav:"marks"`
	// Comments: the jurors' comments they ticked to share.
	Comments bool `json:"comments" dynamodbav:"comments"`
	// Viewing: how many of the film's jurors watched it whole.
	Viewing bool `json:"viewing" dynamodbav:"viewing"`
}

// Any reports whether some part of the feedback is on.
func (f FeedbackParts) Any() bool { return f.Decision || f.Marks || f.Comments || f.Viewing }

// Window is a period with an optional start and end.
type Window struct{ Open, Close Time }

// Contains reports whether now is inside the window (the start included,
// the end excluded).
func (w Window) Contains(now time.Time) bool {
	return (w.Open.IsZero() || !now.Before(w.Open.Time)) && (w.Close.IsZero() || now.Before(w.Close.Time))
}

// Valid reports whether the window ends after it starts (when both are set).
func (w Window) Valid() bool {
	return w.Open.IsZero() || w.Close.IsZero() || w.Close.After(w.Open.Time)
}

// Submissions is the submission window.
func (s Season) Submissions() Window { return Window{s.SubmissionsOpenAt, s.SubmissionsCloseAt} }

// Voting is the jury's voting window.
func (s Season) Voting() Window { return Window{s.VotingOpenAt, s.VotingCloseAt} }

// Published reports whether the results are published.
func (s Season) Published() bool { return !s.ResultsPublishedAt.IsZero() }

// CategoryWindow is a category's own submission and voting windows; a
// window with neither date is not set (the festival's applies).
type CategoryWindow struct {
	SubmissionsOpenAt  Time `json:"submissions_open_at"`
	SubmissionsCloseAt Time `json:"submissions_close_at"`
	VotingOpenAt       Time `json:"voting_open_at"`
	VotingCloseAt      Time `json:"voting_close_at"`
}

// Submissions is the category's submission window.
func (c CategoryWindow) Submissions() Window {
	return Window{c.SubmissionsOpenAt, c.SubmissionsCloseAt}
}

// Voting is the category's voting window.
func (c CategoryWindow) Voting() Window { return Window{c.VotingOpenAt, c.VotingCloseAt} }

// set reports whether a window has a date.
func (w Window) set() bool { return !w.Open.IsZero() || !w.Close.IsZero() }

// windowsIn are the windows (picked by pick) of the categories among cats
// that set one, in the order of cats.
func (s Season) windowsIn(cats []int64, pick func(CategoryWindow) Window) []Window {
	var out []Window
	for _, id := range cats {
		if w := pick(s.CategoryWindows[id]); w.set() {
			out = append(out, w)
		}
	}
	return out
}

// anyOpen reports whether one of ws contains now.
func anyOpen(ws []Window, now time.Time) bool {
	return slices.ContainsFunc(ws, func(w Window) bool { return w.Contains(now) })
}

// AnySubmissionsOpen reports whether some window admits submissions at now:
// the festival's, or a category's (checked before a form is read, when its
// categories are not known yet).
func (s Season) AnySubmissionsOpen(now time.Time) bool {
	if s.Submissions().Contains(now) {
		return true
	}
	for _, c := range s.CategoryWindows {
		if w := c.Submissions(); w.set() && w.Contains(now) {
			return true
		}
	}
	return false
}

// CheckSubmissionIn refuses a film of the categories cats outside its
// submission window: the windows of its categories that have their own (one
// open is enough), else the festival's.
func (s Season) CheckSubmissionIn(now time.Time, cats []int64) error {
	ws := s.windowsIn(cats, CategoryWindow.Submissions)
	switch {
	case len(ws) == 0:
		return s.CheckSubmission(now)
	case anyOpen(ws, now):
		return nil
	}
	return submissionRefusal(ws[0], now)
}

// CheckVoteIn refuses a vote or a candidate mark on a film of the
// categories cats outside its voting window (its categories' own, one open
// being enough, else the festival's), or once the results are published.
func (s Season) CheckVoteIn(now time.Time, cats []int64) error {
	ws := s.windowsIn(cats, CategoryWindow.Voting)
	switch {
	case len(ws) == 0 || s.Published():
		return s.CheckVote(now)
	case anyOpen(ws, now):
		return nil
	}
	return voteRefusal(ws[0], now)
}

// CheckSubmission refuses a film submission outside the submission window
// with a 403 that names the dates.
func (s Season) CheckSubmission(now time.Time) error {
	w := s.Submissions()
	if w.Contains(now) {
		return nil
	}
	return submissionRefusal(w, now)
}

// submissionRefusal is the 403 of a submission outside w.
func submissionRefusal(w Window, now time.Time) error {
	return refusal(w, now, texts.SubmissionsNotOpen, texts.SubmissionsCloseOn, texts.SubmissionsClosed)
}

// refusal is the 403 of an act outside w: not open yet (notOpen, then
// closesOn naming its closing), or closed (closed).
func refusal(w Window, now time.Time, notOpen, closesOn, closed texts.Key) error {
	if !w.Open.IsZero() && now.Before(w.Open.Time) {
		return apperr.Ef(apperr.Forbidden, notOpen, texts.When(w.Open.Time), until(w.Close, closesOn))
	}
	return apperr.Ef(apperr.Forbidden, closed, texts.When(w.Close.Time))
}

// CheckVote refuses a vote or a candidate mark outside the voting window, or
// once the results are published, with a 403 that names the dates.
func (s Season) CheckVote(now time.Time) error {
	w := s.Voting()
	switch {
	case s.Published():
		return apperr.Ef(apperr.Forbidden, texts.ResultsPublishedVotesClosed, texts.When(s.ResultsPublishedAt.Time))
	case w.Contains(now):
		return nil
	}
	return voteRefusal(w, now)
}

// voteRefusal is the 403 of a vote outside w.
func voteRefusal(w Window, now time.Time) error {
	return refusal(w, now, texts.VotingNotOpen, texts.VotingClosesOn, texts.VotingClosed)
}

// sentenceEnd ends a sentence with no more to say, in every language.
type sentenceEnd struct{}

func (sentenceEnd) In(texts.Lang) string { return "." }

// until ends a "not yet open" sentence with the closing date, if any.
func until(close Time, closesOn texts.Key) texts.Localized {
	if close.IsZero() {
		return sentenceEnd{}
	}
	return texts.M(closesOn, texts.When(close.Time))
}

// FrenchDate writes a time as French prose, in UTC: "1 mars 2026 à 09:30 UTC".
func FrenchDate(t Time) string { return texts.When(t.Time).In(texts.French) }

// JurorProgress is where one jury member stands: films assigned, opened
// (their media fetched), voted; overdue when films are left to vote and the
// vote closes within OverdueLead (or has closed).
type JurorProgress struct {
	ID           int64  `json:"id_user"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Assigned     int    `json:"assigned"`
	Watched      int    `json:"watched"`
	Voted        int    `json:"voted"`
	ToVote       int    `json:"to_vote"`
	Overdue      bool   `json:"overdue"`
	RemindersOff bool   `json:"reminders_off"`
	RemindedAt   Time   `json:"reminded_at"`
}

// OverdueLead is how long before the vote closes a jury member with films
// left to vote counts as overdue.
const OverdueLead = 72 * time.Hour

// Overdue reports whether films left to vote are late at now.
func (s Season) Overdue(toVote int, now time.Time) bool {
	return toVote > 0 && !s.VotingCloseAt.IsZero() && !now.Before(s.VotingCloseAt.Add(-OverdueLead))
}

// MaxJuryReminderDays bounds the reminders' period.
const MaxJuryReminderDays = 30

// LateCode admits film submissions after the submission window closed (or
// before it opens): each use admits one film, until the code's own deadline.
type LateCode struct {
	Code      string `json:"code"`
	Uses      int    `json:"uses"`
	UsesLeft  int    `json:"uses_left"`
	ExpiresAt Time   `json:"expires_at"`
	CreatedAt Time   `json:"createdAt"`
}

// Usable reports whether the code admits a submission at now.
func (c LateCode) Usable(now time.Time) bool { return c.UsesLeft > 0 && now.Before(c.ExpiresAt.Time) }

// MaxLateCodeUses bounds the uses of one code.
const MaxLateCodeUses = 1000
