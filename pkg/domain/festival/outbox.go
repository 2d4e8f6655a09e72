package festival

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// What an admin does with a message before it goes: read it as it will be
// sent, rewrite it, withdraw it, or release the held decisions now.

// Bounds of an edited message.
const (
	MaxMessageSubject = 200
	MaxMessageText    = 10000
)

// MessageEdit is an admin's rewrite of a pending message: the fields set
// replace the template's (or an earlier edit's).
type MessageEdit struct {
	Subject, Text *string
}

// NewMessageEdit checks a rewrite: at least one field, each not blank and
// within its bound.
func NewMessageEdit(subject, text *string) (MessageEdit, error) {
	if subject == nil && text == nil {
		return MessageEdit{}, apperr.E(apperr.Invalid, texts.MessageEditEmpty)
	}
	if subject != nil {
		s := strings.TrimSpace(*subject)
		if s == "" || utf8.RuneCountInString(s) > MaxMessageSubject || strings.ContainsAny(s, "\r\n") {
			return MessageEdit{}, apperr.Ef(apperr.Invalid, texts.MessageSubjectLength, MaxMessageSubject)
		}
		subject = &s
	}
	if text != nil {
		if strings.TrimSpace(*text) == "" || utf8.RuneCountInString(*text) > MaxMessageText {
			return MessageEdit{}, apperr.Ef(apperr.Invalid, texts.MessageTextLength, MaxMessageText)
		}
	}
	return MessageEdit{Subject: subject, Text: text}, nil
}

// MaskedToken stands for a reset token wherever a message is shown.
const MaskedToken = "••••••"

// ShownParams are the message's params as an admin may read them: a reset
// token masked.
func (m Message) ShownParams() map[string]string {
	if _, ok := m.Params["token"]; !ok {
		return m.Params
	}
	out := make(map[string]string, len(m.Params))
	for k, v := range m.Params {
		out[k] = v
	}
	out["token"] = MaskedToken
	return out
}

// IsDecision reports whether the message tells a producer of a decision on
// their film (DecisionMessage).
func (m Message) IsDecision() bool { return m.Kind == MessageMovieStatus }

// DecisionCategories are the categories of the film a decision message
// tells of (its params, DecisionMessage); malformed ids are skipped.
func (m Message) DecisionCategories() []int64 {
	var out []int64
	for _, s := range strings.Split(m.Params["categories"], ",") {
		if id, err := strconv.ParseInt(s, 10, 64); err == nil && id > 0 {
			out = append(out, id)
		}
	}
	return out
}

// MessageMove is a held message made due sooner: at Due.
type MessageMove struct {
	Message Message
	Due     time.Time
}

// DecisionMoves are the held decision messages that the season, as it now
// stands, releases sooner than they wait (a category released, the release
// date brought forward or removed): each due when its decision is released
// (Season.DecisionDue). A date moved later is not a move: delivery holds a
// message whose decision is not released yet (service notify).
func DecisionMoves(held []Message, s Season, now time.Time) []MessageMove {
	var out []MessageMove
	for _, m := range held {
		if !m.IsDecision() || m.State != MessagePending {
			continue
		}
		if due := s.DecisionDue(now, m.DecisionCategories()); due.Before(m.NextAttemptAt.Time) {
			out = append(out, MessageMove{Message: m, Due: due})
		}
	}
	return out
}

// Release releases the decisions of the category cat now (0: every
// decision, by moving the release date to now).
func (s *Season) Release(cat int64, now time.Time) {
	if cat == 0 {
		s.DecisionsReleaseAt = NewTime(now)
		return
	}
	released := make(map[int64]Time, len(s.ReleasedCategories)+1)
	for id, at := range s.ReleasedCategories {
		released[id] = at
	}
	released[cat] = NewTime(now)
	s.ReleasedCategories = released
}
