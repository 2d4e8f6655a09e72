package festival

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

func TestWhichMessagesBecomeNoticesAndWhereTheyPoint(t *testing.T) {
	export := strings.Repeat("a1", 16)
	for _, c := range []struct {
		kind    MessageKind
		params  map[string]string
		notices bool
		link    string
	}{
		{MessageMovieReceived, map[string]string{"id_movie": "12"}, true, "#/films/12"},
		{MessageMovieStatus, map[string]string{"id_movie": "12", "status": "selected"}, true, "#/films/12"},
		{MessageJuryAssigned, map[string]string{"id_movie": "3"}, true, "#/films/3"},
		{MessageJuryAssigned, map[string]string{"title": "written before films were named"}, true, "#/jury"},
		{MessageJuryAssignment, map[string]string{}, true, "#/jury"},
		{MessageJuryReminder, map[string]string{}, true, "#/jury"},
		{MessageResultsPublished, map[string]string{}, true, "#/palmares"},
		{MessageMediaCheck, map[string]string{"id_movie": "7"}, true, "#/films/7"},
		{MessageMovieEdited, map[string]string{"id_movie": "7"}, true, "#/films/7"},
		{MessageMovieWithdrawn, map[string]string{"id_movie": "7"}, true, "#/films/7"},
		{MessageMovieStatus, map[string]string{"id_movie": "-1"}, true, ""},
		{MessageAccountExport, map[string]string{"export": export}, true, "#/mes-donnees?export=" + export},
		{MessageAccountExport, map[string]string{"export": "../x"}, true, ""},
		{MessageFestival, map[string]string{}, true, ""},
		{MessagePasswordReset, map[string]string{"token": "secret"}, false, ""},
		{MessageKind("account.confirm"), map[string]string{"token": "secret"}, false, ""},
	} {
		m := Message{Kind: c.kind, Params: c.params}
		if got := Notices(c.kind); got != c.notices {
			t.Errorf("%s becomes a notice: %v, want %v", c.kind, got, c.notices)
		}
		if got := NoticeLink(m); got != c.link {
			t.Errorf("%s %v links to %q, want %q", c.kind, c.params, got, c.link)
		}
	}
}

func TestANoticeIDStartsWithItsDeliveryAndParsesBack(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 123e6, time.UTC)
	m := NewMessage(MessageMovieReceived, []int64{4}, map[string]string{"id_movie": "9"}, now.Add(-time.Hour))
	n := NewNotice(m, 4, "Sujet", "Texte", now)
	if !strings.HasPrefix(n.ID, "20260301T090000123Z-") || !strings.HasSuffix(n.ID, m.ID) || n.Link != "#/films/9" || n.UserID != 4 || n.Read {
		t.Fatalf("%+v", n)
	}
	if id, ok := ParseNoticeID(n.ID); !ok || id != n.ID {
		t.Errorf("its own id does not parse: %q", n.ID)
	}
	for _, s := range []string{"", "20260301T090000123Z-", "20260301T090000123Z-a#b", "MOVIE#1", "20260301X090000123Z-abc",
		"20260301T090000123Z-" + strings.Repeat("a", 101), "20260301T090000123Z-é"} {
		if _, ok := ParseNoticeID(s); ok {
			t.Errorf("%q parses", s)
		}
	}
}

func TestARequestToMarkNoticesRead(t *testing.T) {
	id := "20260301T090000123Z-20260301T080000000Z-a1b2c3d4e5f6"
	for _, c := range []struct {
		name string
		ids  []string
		all  bool
		want string // the error's key, "" when accepted
		n    int
	}{
		{"all", nil, true, "", 0},
		{"one", []string{id}, false, "", 1},
		{"repeated once", []string{id, id}, false, "", 1},
		{"nothing", nil, false, "notices_read_none", 0},
		{"both", []string{id}, true, "notices_read_both", 0},
		{"too many", make([]string, MaxNoticeIDs+1), false, "notices_read_too_many", 0},
		{"a bad id", []string{id, "x"}, false, "notice_bad_id", 0},
	} {
		r, err := NewNoticesRead(c.ids, c.all)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(errorKey(err), c.want)):
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		case c.want == "" && (len(r.IDs) != c.n || r.All != c.all):
			t.Errorf("%s: %+v", c.name, r)
		}
	}
}

// errorKey is the key of an apperr error ("" for another error).
func errorKey(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return string(e.Key)
	}
	return ""
}
