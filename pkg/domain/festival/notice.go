package festival

import (
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// In-app notices: the app's copy of a message the outbox delivered to a
// person with an account (GET /users/me/notices). The outbox's runner writes
// it at delivery, once per message and recipient, with the subject and text
// of the e-mail in the recipient's language: what a held decision says
// reaches the app when it is released and delivered, not before.

// A Notice is one delivered message as its recipient reads it in the app.
type Notice struct {
	ID      string      `json:"id"`
	Kind    MessageKind `json:"kind"`
	Subject string      `json:"subject"`
	Text    string      `json:"text"`
	// Link is the console's route the notice points to (#/films/12), "" when none.
	Link      string `json:"link,omitempty"`
	CreatedAt Time   `json:"createdAt"`
	Read      bool   `json:"read"`
	// UserID is the recipient; MessageID the message it copies.
	UserID    int64  `json:"-"`
	MessageID string `json:"-"`
}

// Retention: a person keeps their NoticeCap newest notices. Delivery trims
// the older ones once a person has NoticeTrimSlack more than the cap, so
// that the trim runs once every NoticeTrimSlack notices, not at each.
const (
	NoticeCap       = 200
	NoticeTrimSlack = 20
)

// MaxNoticeIDs is how many notices one POST /users/me/notices/read names
// at most (one transaction marks them, with the unread counter).
const MaxNoticeIDs = 50

// noticeKinds are the kinds of message that become notices: everything the
// outbox tells a person but what carries a secret (a password reset's link
// sets a password; a kind added later stays out until named here). An
// export's link is fine: it downloads only with its owner's token.
var noticeKinds = map[MessageKind]bool{
	MessageMovieReceived: true, MessageMovieStatus: true, MessageJuryAssigned: true, MessageJuryAssignment: true,
	MessageJuryReminder: true, MessageResultsPublished: true, MessageMediaCheck: true, MessageMovieEdited: true,
	MessageMovieWithdrawn: true, MessageAccountExport: true, MessageFestival: true,
}

// Notices reports whether a message of kind becomes a notice for each of
// its recipients.
func Notices(kind MessageKind) bool { return noticeKinds[kind] }

// NoticeLink is the console's route a message's notice points to: the film
// it is about, the jury's page, the palmarès, the person's export; "" when
// it points nowhere (a message an admin wrote).
func NoticeLink(m Message) string {
	film := ""
	if id, err := strconv.ParseInt(m.Params["id_movie"], 10, 64); err == nil && id > 0 {
		film = "#/films/" + strconv.FormatInt(id, 10)
	}
	switch m.Kind {
	case MessageMovieReceived, MessageMovieStatus, MessageMediaCheck, MessageMovieEdited, MessageMovieWithdrawn:
		return film
	case MessageJuryAssigned:
		if film != "" {
			return film
		}
		return "#/jury"
	case MessageJuryAssignment, MessageJuryReminder:
		return "#/jury"
	case MessageResultsPublished:
		return "#/palmares"
	case MessageAccountExport:
		if id, ok := ParseExportID(m.Params["export"]); ok {
			return "#/mes-donnees?export=" + string(id)
		}
	}
	return ""
}

// NewNotice is the notice of message m for its recipient uid, delivered at
// now with the texts the e-mail has. Its id sorts by delivery time, so a
// person's notices list newest first, a released decision among the new.
func NewNotice(m Message, uid int64, subject, text string, now time.Time) Notice {
	at := NewTime(now)
	return Notice{
		ID: compactTime(at) + "-" + m.ID, Kind: m.Kind, Subject: subject, Text: text, Link: NoticeLink(m),
		CreatedAt: at, UserID: uid, MessageID: m.ID,
	}
}

// compactTime is t as a notice id starts: 20260301T090000000Z.
func compactTime(t Time) string {
	return strings.NewReplacer("-", "", ":", "", ".", "").Replace(t.String())
}

// maxNoticeID bounds an id a client sends: the delivery time (19
// characters), a dash and a message id (a time id, 32 characters, or a
// bulk decision's, under 60).
const maxNoticeID = 120

// ParseNoticeID reads a notice id sent by a client: letters, digits and
// dashes, starting with a delivery time; false for anything else.
func ParseNoticeID(s string) (string, bool) {
	if len(s) < 21 || len(s) > maxNoticeID || s[8] != 'T' || s[18] != 'Z' || s[19] != '-' {
		return "", false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-') {
			return "", false
		}
	}
	return s, true
}

// NoticesRead is what POST /users/me/notices/read marks read: the notices
// named (IDs), or every unread one (All).
type NoticesRead struct {
	IDs []string
	All bool
}

// NewNoticesRead checks a request to mark notices read: either all, or 1 to
// MaxNoticeIDs valid ids (repeats counted once).
func NewNoticesRead(ids []string, all bool) (NoticesRead, error) {
	switch {
	case all && len(ids) > 0:
		return NoticesRead{}, apperr.E(apperr.Invalid, texts.NoticesReadBoth)
	case all:
		return NoticesRead{All: true}, nil
	case len(ids) == 0:
		return NoticesRead{}, apperr.E(apperr.Invalid, texts.NoticesReadNone)
	case len(ids) > MaxNoticeIDs:
		return NoticesRead{}, apperr.Ef(apperr.Invalid, texts.NoticesReadTooMany, MaxNoticeIDs)
	}
	seen := make(map[string]bool, len(ids))
	out := NoticesRead{IDs: make([]string, 0, len(ids))}
	for _, s := range ids {
		id, ok := ParseNoticeID(s)
		if !ok {
			return NoticesRead{}, apperr.Ef(apperr.Invalid, texts.NoticeBadID, truncate(s, 40))
		}
		if !seen[id] {
			seen[id] = true
			out.IDs = append(out.IDs, id)
		}
	}
	return out, nil
}
