package festival

import (
	"crypto/rand"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A Message is a notification in the outbox: what a person must hear about
// (a film received, a new status, an assignment to a jury, a password
// reset), written in the same transaction as the change it tells of and
// delivered later, at least once, by the outbox's runner.
type Message struct {
	ID   string      `json:"id_message"`
	Kind MessageKind `json:"kind"`
	// To are the recipients, by user id: their address is read when the
	// message is delivered, so a changed e-mail is honoured.
	To []int64 `json:"to"`
	// Params fill the message's template (pkg/domain/mailtemplate). Not shown: a reset
	// message carries its token.
	Params map[string]string `json:"-"`
	// Subject and Text are what an admin wrote in place of the template
	// (EditMessage), or what was sent once a message ended; empty, the
	// template renders them (a listing shows them rendered either way).
	Subject string       `json:"subject"`
	Text    string       `json:"text"`
	State   MessageState `json:"state"`
	// Delivered are the recipients already sent the message.
	Delivered []int64 `json:"delivered"`
	// Noticed are the recipients already given its notice in the app
	// (festival.Notice): a retried delivery writes none again.
	Noticed       []int64 `json:"-"`
	Attempts      int     `json:"attempts"`
	NextAttemptAt Time    `json:"next_attempt_at"`
	LastError     string  `json:"last_error"`
	CreatedAt     Time    `json:"createdAt"`
	SentAt        Time    `json:"sent_at"`
}

// MessageKind names a message's template.
type MessageKind string

const (
	MessageMovieReceived    MessageKind = "movie.received"
	MessageMovieStatus      MessageKind = "movie.status"
	MessageJuryAssigned     MessageKind = "jury.assigned"
	MessageJuryAssignment   MessageKind = "jury.assignment" // films given by the automatic assignment, in one message
	MessagePasswordReset    MessageKind = "password.reset"
	MessageJuryReminder     MessageKind = "jury.reminder"
	MessageResultsPublished MessageKind = "results.published"
	// MessageMovieWithdrawn tells the admins a film left the festival.
	MessageMovieWithdrawn MessageKind = "movie.withdrawn"
	// MessageFestival is a message an admin wrote to a group (POST
	// /notifications/compose): its params carry its own subject and body
	// templates, rendered for each recipient when delivered.
	MessageFestival MessageKind = "festival.message"
)

// MessageState is where a message stands in the outbox.
type MessageState string

const (
	MessagePending MessageState = "pending"
	MessageSent    MessageState = "sent"
	MessageFailed  MessageState = "failed"
	// MessageDiscarded is a pending message an admin withdrew: never sent.
	MessageDiscarded MessageState = "discarded"
	// MessageHeld is not a state of its own but a view of the pending
	// queue: the messages due after now (decisions waiting for release).
	MessageHeld MessageState = "held"
)

// ParseMessageState reads a state name.
func ParseMessageState(s string) (MessageState, bool) {
	switch v := MessageState(s); v {
	case MessagePending, MessageSent, MessageFailed, MessageDiscarded, MessageHeld:
		return v, true
	}
	return "", false
}

// MaxMessageAttempts is how many times the outbox tries a message before it
// is failed (shown to admins, GET /notifications?state=failed).
const MaxMessageAttempts = 6

// MessageRetryDelay is how long the outbox waits before trying a message
// again after its nth failed attempt: 1, 2, 4, 8, 16 minutes.
func MessageRetryDelay(attempts int) time.Duration {
	return time.Minute << min(max(attempts-1, 0), 10)
}

// NewTimeID is a unique id that sorts by time: the millisecond, then 6
// random bytes (messages, the vote ledger's pending entries).
func NewTimeID(now time.Time) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return strings.NewReplacer("-", "", ":", "", ".", "").Replace(NewTime(now).String()) + "-" + hex.EncodeToString(b[:])
}

// NewMessage is a pending message, due now. Its id sorts by creation time.
func NewMessage(kind MessageKind, to []int64, params map[string]string, now time.Time) Message {
	t := NewTime(now)
	return Message{
		ID: NewTimeID(now), Kind: kind,
		To: slices.Clone(to), Params: params, State: MessagePending, Delivered: []int64{}, NextAttemptAt: t, CreatedAt: t,
	}
}

// MovieReceived tells a producer their film arrived.
func MovieReceived(m Movie, now time.Time) Message {
	return NewMessage(MessageMovieReceived, []int64{m.OwnerID}, map[string]string{"title": m.Title, "id_movie": strconv.FormatInt(m.ID, 10)}, now)
}

// MovieNotices are the messages a change of a film owes: its producer hears
// of a decision (SelectionStatus.ToldToProducer), due when the season
// releases it (Season.DecisionDue: at once, or held until the release
// date), and jury members newly assigned hear of the film.
func MovieNotices(before, after Movie, now time.Time, season Season) []Message {
	var out []Message
	if before.SelectionStatus != after.SelectionStatus && after.SelectionStatus.ToldToProducer() && after.OwnerID > 0 {
		out = append(out, DecisionMessage(after, now, season))
	}
	var assigned []int64
	for _, j := range after.Juries {
		if !before.HasJury(j.ID) {
			assigned = append(assigned, j.ID)
		}
	}
	if len(assigned) > 0 {
		out = append(out, NewMessage(MessageJuryAssigned, assigned, map[string]string{"title": after.Title, "id_movie": strconv.FormatInt(after.ID, 10)}, now))
	}
	return out
}

// DecisionMessage tells a film's producer of its status, due when the
// season releases the decision (Season.DecisionDue). Its params name the
// film and its categories, so that a release by category finds it.
func DecisionMessage(m Movie, now time.Time, season Season) Message {
	cats := m.CategoryIDs()
	msg := NewMessage(MessageMovieStatus, []int64{m.OwnerID},
		map[string]string{"title": m.Title, "status": string(m.SelectionStatus), "id_movie": strconv.FormatInt(m.ID, 10),
			"categories": JoinIDs(cats, ",")}, now)
	msg.NextAttemptAt = NewTime(season.DecisionDue(now, cats))
	return msg
}

// Email is one message to one recipient, rendered. ID names this delivery
// (the message's id and the recipient's): a mailer that keeps it refuses a
// duplicate.
type Email struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	SentAt  Time   `json:"sent_at"`
}

// ResultsAudience is who hears that the results are published: the
// producer of every film and every jury member, each once, by id.
func ResultsAudience(films []Movie) []int64 {
	var ids []int64
	for _, m := range films {
		if m.OwnerID > 0 {
			ids = append(ids, m.OwnerID)
		}
		for _, j := range m.Juries {
			ids = append(ids, j.ID)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// MessageOutcome is how an attempt to deliver a message went: sent to
// everyone, to try again at a time, or failed for good.
type MessageOutcome struct {
	State MessageState // MessageSent, MessagePending (tried again at At) or MessageFailed
	At    time.Time    // when it ended, or when to try again
	Error string
	// Subject and Text are what was sent (to the first recipient, a token
	// masked), kept on a message that ends in place of its params.
	Subject, Text string
}
