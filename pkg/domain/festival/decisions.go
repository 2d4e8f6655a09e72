package festival

import (
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Decisions a festival can stand behind: when its decisions go out (a
// release date, or a category released early), what the public list shows
// (every film, or only the curated selection once released), and the words
// each audience reads for a film's status.
//
// With the defaults (no release date, every film public, full view) the
// specification's behaviour is unchanged: every field of a film is shown as
// stored and a decision's message is due the moment it is made.

// PublicSelection names which films the public list shows.
type PublicSelection string

const (
	// SelectionAll shows every film: the specification's behaviour, the default.
	SelectionAll PublicSelection = "all"
	// SelectionCurated shows only the films selected, finalist or awarded,
	// once their decision is released.
	SelectionCurated PublicSelection = "curated"
)

// ParsePublicSelection reads a public selection name.
func ParsePublicSelection(s string) (PublicSelection, bool) {
	switch v := PublicSelection(s); v {
	case SelectionAll, SelectionCurated:
		return v, true
	}
	return "", false
}

// Curated reports whether the public sees only the released selection.
func (s Season) Curated() bool { return s.PublicSelection == SelectionCurated }

// HoldsDecisions reports whether decisions wait for a release date.
func (s Season) HoldsDecisions() bool { return !s.DecisionsReleaseAt.IsZero() }

// Guarded reports whether the festival keeps its deliberation to itself:
// a release date, the curated selection or the redacted view. Only then do
// the public and producers read a film's status fields masked (FilmsFor);
// otherwise they read them as the specification shows them.
func (s Season) Guarded() bool { return s.HoldsDecisions() || s.Curated() || s.Redacts() }

// DecisionReleased reports whether the decision on a film of the categories
// cats is out at now: no release date, the date reached, or one of its
// categories released early.
func (s Season) DecisionReleased(now time.Time, cats []int64) bool {
	if !s.HoldsDecisions() || !now.Before(s.DecisionsReleaseAt.Time) {
		return true
	}
	return slices.ContainsFunc(cats, func(id int64) bool { _, ok := s.ReleasedCategories[id]; return ok })
}

// DecisionDue is when the message of a decision on a film of the categories
// cats, made at now, may go: now once released, the release date before.
func (s Season) DecisionDue(now time.Time, cats []int64) time.Time {
	if s.DecisionReleased(now, cats) {
		return now
	}
	return s.DecisionsReleaseAt.Time
}

// ClockChangesAt is the next instant after now at which what a caller
// reads of the films changes with no write at all: the release of the
// decisions, when it is ahead (zero: none).
func (s Season) ClockChangesAt(now time.Time) time.Time {
	if s.HoldsDecisions() && now.Before(s.DecisionsReleaseAt.Time) {
		return s.DecisionsReleaseAt.Time
	}
	return time.Time{}
}

// Released reports whether the film's decision is out at now (DecisionReleased).
func (s Season) Released(m Movie, now time.Time) bool {
	return s.DecisionReleased(now, m.CategoryIDs())
}

// IsDecision reports whether the status is a decision of the festival
// (ToldToProducer) rather than a step of its deliberation.
func (s SelectionStatus) IsDecision() bool { return s.ToldToProducer() }

// InSelection reports whether a film with this status belongs to the
// public selection: selected, finalist or awarded.
func (s SelectionStatus) InSelection() bool {
	return s == StatusSelected || s == StatusFinalist || s == StatusAwarded
}

// Audience is who reads a film: the festival's admins, its jurors, the
// film's own producer, or the public (anyone else, signed in or not).
type Audience string

const (
	AudienceAdmin    Audience = "admin"
	AudienceJury     Audience = "jury"
	AudienceProducer Audience = "producer"
	AudiencePublic   Audience = "public"
)

// Audiences lists every audience.
var Audiences = []Audience{AudienceAdmin, AudienceJury, AudienceProducer, AudiencePublic}

// AudienceOf is who c is to the film m (c is the zero Actor when anonymous).
func AudienceOf(c Actor, m Movie) Audience {
	switch {
	case c.Is(RoleAdmin):
		return AudienceAdmin
	case c.ID > 0 && c.ID == m.OwnerID:
		return AudienceProducer
	case c.Is(RoleJury):
		return AudienceJury
	}
	return AudiencePublic
}

// statusWords are the words of each status for each audience (keys of
// the catalogues: each reader reads them in their language). A producer
// and the public never read the deliberation (assigned, to discuss, a
// juror's candidate mark); the public never reads a refusal.
var statusWords = map[Audience]map[SelectionStatus]texts.Key{
	AudienceAdmin: {
		StatusSubmitted: texts.StatusWordReceived, StatusAssigned: texts.StatusWordWithJury, StatusToDiscuss: texts.StatusWordToDiscuss,
		StatusCandidate: texts.StatusWordProposed, StatusSelected: texts.StatusWordSelected, StatusFinalist: texts.StatusWordFinalist,
		StatusAwarded: texts.StatusWordAwarded, StatusRefused: texts.StatusWordRefused,
	},
	AudienceJury: {
		StatusSubmitted: texts.StatusWordReceived, StatusAssigned: texts.StatusWordToJudge, StatusToDiscuss: texts.StatusWordToDiscuss,
		StatusCandidate: texts.StatusWordProposed, StatusSelected: texts.StatusWordSelected, StatusFinalist: texts.StatusWordFinalist,
		StatusAwarded: texts.StatusWordAwarded, StatusRefused: texts.StatusWordRefused,
	},
	AudienceProducer: {
		StatusSubmitted: texts.StatusWordReceived, StatusAssigned: texts.StatusWordUnderReview, StatusToDiscuss: texts.StatusWordUnderReview,
		StatusCandidate: texts.StatusWordUnderReview, StatusSelected: texts.StatusWordSelected, StatusFinalist: texts.StatusWordFinalist,
		StatusAwarded: texts.StatusWordAwarded, StatusRefused: texts.StatusWordRefused,
	},
	AudiencePublic: {
		StatusSubmitted: texts.StatusWordEntered, StatusAssigned: texts.StatusWordEntered, StatusToDiscuss: texts.StatusWordEntered,
		StatusCandidate: texts.StatusWordEntered, StatusSelected: texts.StatusWordSelected, StatusFinalist: texts.StatusWordFinalist,
		StatusAwarded: texts.StatusWordAwarded, StatusRefused: texts.StatusWordEntered,
	},
}

// The words a producer and the public read while a film is not decided
// (or its decision not released), in French (the mails compare them).
var (
	WordUnderReview = texts.T(texts.French, texts.StatusWordUnderReview)
	WordEntered     = texts.T(texts.French, texts.StatusWordEntered)
)

// StatusWord is the word audience a reads, in French, for a film of status
// s (StatusWordIn).
func StatusWord(a Audience, s SelectionStatus, released bool) string {
	return StatusWordIn(texts.French, a, s, released)
}

// StatusWordIn is the word audience a reads in l for a film of status s;
// released says whether the festival's decision on it is out. Before
// release a producer reads "en cours d'examen" and the public "inscrit",
// whatever the stored status.
func StatusWordIn(l texts.Lang, a Audience, s SelectionStatus, released bool) string {
	if !released {
		switch a {
		case AudienceProducer:
			return texts.T(l, texts.StatusWordUnderReview)
		case AudiencePublic:
			return texts.T(l, texts.StatusWordEntered)
		}
	}
	if w, ok := statusWords[a][s]; ok {
		return texts.T(l, w)
	}
	return string(s)
}

// StatusWords is the whole table in l, for the console (GET
// /settings/status-words).
func StatusWords(l texts.Lang) map[Audience]map[SelectionStatus]string {
	out := make(map[Audience]map[SelectionStatus]string, len(statusWords))
	for a, words := range statusWords {
		out[a] = make(map[SelectionStatus]string, len(words))
		for s, w := range words {
			out[a][s] = texts.T(l, w)
		}
	}
	return out
}

// Shows reports whether c may read the film m at now: always, unless the
// festival shows the public only its curated selection and m is not in it
// (not selected, finalist or awarded, or not released yet). A film out of
// the festival (a draft, or withdrawn: InFestival) is its producer's and
// the admins' alone.
func (s Settings) Shows(c Actor, m Movie, now time.Time) bool {
	a := AudienceOf(c, m)
	if !m.InFestival() && a != AudienceAdmin && a != AudienceProducer {
		return false
	}
	if !s.Curated() || a != AudiencePublic {
		return true
	}
	return m.SelectionStatus.InSelection() && s.Released(m, now)
}

// ForAudience is the film m as its audience reads it at now: the status in
// the audience's words (StatusLabel) and, when the festival is Guarded, the
// status fields masked for a producer and the public: a decision not
// released, and any step of the deliberation, read as submitted. The
// specification's fields keep their shape and vocabulary. Only an admin
// and the film's producer read its `media`; the answers to the festival's
// own questions are read as each question's visibility allows, and, under
// blind judging, no reader but an admin or the producer learns who made it
// (BlindFilm).
func (s Settings) ForAudience(a Audience, m Movie, now time.Time) Movie {
	released := s.Released(m, now)
	if a != AudienceAdmin && a != AudienceProducer {
		// The media job's facts and flags are the producer's and the
		// admins' business; the jury screens, the public reads.
		m.Media = nil
	}
	// Each answer goes to the audiences its question allows (the form's
	// visibility); admins read them as stored.
	m.Answers = s.Form.AnswersFor(a, m.Answers)
	m.StatusLabel = StatusWordIn(s.lang, a, m.SelectionStatus, released)
	if s.Guarded() && (a == AudienceProducer || a == AudiencePublic) && (!released || !m.SelectionStatus.IsDecision()) {
		m.SelectionStatus, m.Status = StatusSubmitted, StatusSubmitted.Guide()
	}
	if s.Blinds(a) {
		m = BlindFilm(m)
	}
	return m
}
