package festival

import (
	"errors"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestParseBoardQuery(t *testing.T) {
	yes := true
	cases := []struct {
		query string
		want  BoardQuery
		err   texts.Key
	}{
		{"", BoardQuery{Sort: SortSubmitted, Page: 1, PerPage: 50}, ""},
		{"sort=mean&order=desc&status=candidate&category=3&q=+%C3%89l%C3%A9gie+&tag=+Coup+de+C%C5%92UR&file=flagged&incomplete=true&page=2&per_page=10&around=7&edition=2026",
			BoardQuery{Sort: SortMean, Desc: true, Status: StatusCandidate, Category: 3, Search: "Élégie", Tag: "coup de cœur", File: FileFlagged,
				Incomplete: &yes, Page: 2, PerPage: 10, Around: 7}, ""},
		{"sort=budget", BoardQuery{}, texts.BoardBadSort},
		{"sort=TITLE", BoardQuery{}, texts.BoardBadSort},
		{"order=up", BoardQuery{}, texts.BoardBadOrder},
		{"status=PENDING", BoardQuery{}, texts.BoardBadStatus},
		{"category=0", BoardQuery{}, texts.BoardBadCategory},
		{"category=1e3", BoardQuery{}, texts.BoardBadCategory},
		{"q=" + strings.Repeat("é", 101), BoardQuery{}, texts.BoardBadSearch},
		{"tag=%07", BoardQuery{}, texts.BoardBadTag},
		{"file=all", BoardQuery{}, texts.BoardBadFile},
		{"incomplete=1", BoardQuery{}, texts.BoardBadIncomplete},
		{"page=0", BoardQuery{}, texts.BoardBadPage},
		{"page=99999999999", BoardQuery{}, texts.BoardBadPage},
		{"per_page=9", BoardQuery{}, texts.BoardBadPerPage},
		{"per_page=201", BoardQuery{}, texts.BoardBadPerPage},
		{"around=x", BoardQuery{}, texts.BoardBadAround},
		{"limit=3", BoardQuery{}, texts.BoardUnknownParam},
		{"page=1&page=2", BoardQuery{}, texts.BoardRepeatedParam},
	}
	for _, tc := range cases {
		v, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseBoardQuery(v)
		var e *apperr.Error
		switch {
		case tc.err != "" && (!errors.As(err, &e) || e.Key != tc.err || e.Code != apperr.Invalid):
			t.Errorf("%q: error %v, want %s", tc.query, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.query, err)
		case tc.err == "" && (got.Incomplete == nil) != (tc.want.Incomplete == nil):
			t.Errorf("%q: incomplete %v", tc.query, got.Incomplete)
		case tc.err == "":
			got.Incomplete, tc.want.Incomplete = nil, nil
			if got != tc.want {
				t.Errorf("%q: %+v, want %+v", tc.query, got, tc.want)
			}
		}
	}
}

func TestViewQueryIsCanonical(t *testing.T) {
	cases := map[string]string{
		"":                                     "",
		"page=4&around=3&edition=2025":         "",
		"order=desc&sort=mean":                 "sort=mean&order=desc",
		"sort=submitted&order=asc&per_page=50": "",
		"tag=COURT&q=la+nuit&per_page=100":     "q=la+nuit&tag=court&per_page=100",
		"incomplete=false&status=refused":      "status=refused&incomplete=false",
	}
	for in, want := range cases {
		v, _ := url.ParseQuery(in)
		q, err := ParseBoardQuery(v)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := q.ViewQuery(); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
		// The canonical form reads back to the same view.
		back, _ := url.ParseQuery(q.ViewQuery())
		if q2, err := ParseBoardQuery(back); err != nil || q2.ViewQuery() != want {
			t.Errorf("%q: does not read back: %v", in, err)
		}
	}
}

// boardFilms are films whose columns differ: ids 1 to 4.
func boardFilms() BoardInput {
	file := "f.mp4"
	d := func(s int64) *int64 { return &s }
	s := func(v string) *string { return &v }
	at := func(min int) Time { return NewTime(time.Date(2026, 3, 1, 10, min, 0, 0, time.UTC)) }
	films := []Movie{
		{ID: 1, Title: "Zazie", Duration: d(600), Nationality: s("France"), CreatedAt: at(4), SelectionStatus: StatusSubmitted, Trailer: &file,
			Categories: []MovieCategory{{ID: 2, Name: "Fiction"}}, Tags: []string{"court"}, Producer: &Producer{FirstName: "Louis", LastName: "Malle"}},
		{ID: 2, Title: "Amour", CreatedAt: at(3), SelectionStatus: StatusRefused, Categories: []MovieCategory{{ID: 1, Name: "Documentaire"}},
			Producer: &Producer{FirstName: "Michael", LastName: "Haneke"}},
		{ID: 3, Title: "Élégie", Duration: d(300), Nationality: s("Belgique"), CreatedAt: at(2), SelectionStatus: StatusCandidate, Trailer: &file,
			Media: &FilmMedia{State: MediaFailed, Error: "ffprobe: invalid data"}, Producer: &Producer{}},
		{ID: 4, Title: "bande", Nationality: s("Allemagne"), CreatedAt: at(1), SelectionStatus: StatusSubmitted, Trailer: &file,
			Media:      &FilmMedia{State: MediaReady, Facts: &MediaFacts{Duration: 90}, Flags: []MediaFlag{{Check: CheckShorter, Action: CheckWarn, Reason: "shorter"}, {Check: CheckNoVideo, Action: CheckOff, Reason: "off"}}},
			Categories: []MovieCategory{{ID: 2, Name: "Fiction"}}, Tags: []string{"court", "doute"}},
	}
	votes := []Vote{{MovieID: 1, Score: MustDecimal("8")}, {MovieID: 1, Score: MustDecimal("5")}, {MovieID: 3, Score: MustDecimal("9")}}
	return BoardInput{Films: films, Votes: votes}
}

func TestBoardSortsEachColumn(t *testing.T) {
	cases := []struct {
		sort      BoardSort
		asc, desc []int64
	}{
		{SortTitle, []int64{2, 4, 3, 1}, []int64{1, 3, 4, 2}},
		{SortRuntime, []int64{4, 3, 1, 2}, []int64{1, 3, 4, 2}}, // 1.5 (measured), 5, 10; none last
		{SortCountry, []int64{4, 3, 1, 2}, []int64{1, 3, 4, 2}},
		{SortCategory, []int64{2, 1, 4, 3}, []int64{1, 4, 2, 3}},
		{SortSubmitted, []int64{4, 3, 2, 1}, []int64{1, 2, 3, 4}},
		{SortFile, []int64{1, 4, 3, 2}, []int64{2, 3, 1, 4}},
		{SortStatus, []int64{1, 4, 3, 2}, []int64{2, 3, 1, 4}},
		{SortVotes, []int64{2, 4, 3, 1}, []int64{1, 3, 2, 4}},
		{SortMean, []int64{1, 3, 2, 4}, []int64{3, 1, 2, 4}}, // 6.5, 9; none last
	}
	for _, tc := range cases {
		for _, desc := range []bool{false, true} {
			q := BoardQuery{Sort: tc.sort, Desc: desc, Page: 1, PerPage: 50}
			want := tc.asc
			if desc {
				want = tc.desc
			}
			if got := rowIDs(BuildBoard(q, boardFilms()).Films); !slices.Equal(got, want) {
				t.Errorf("%s desc=%t: %v, want %v", tc.sort, desc, got, want)
			}
		}
	}
}

func rowIDs(rows []BoardRow) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

func TestBoardFilters(t *testing.T) {
	no := false
	cases := []struct {
		name string
		q    BoardQuery
		want []int64
	}{
		{"status", BoardQuery{Status: StatusSubmitted}, []int64{1, 4}},
		{"category", BoardQuery{Category: 2}, []int64{1, 4}},
		{"tag", BoardQuery{Tag: "doute"}, []int64{4}},
		{"title folded", BoardQuery{Search: "ELEGIE"}, []int64{3}},
		{"producer", BoardQuery{Search: "haneke"}, []int64{2}},
		{"nationality", BoardQuery{Search: "belg"}, []int64{3}},
		{"file received", BoardQuery{File: FileReceived}, []int64{1, 4}},
		{"file missing", BoardQuery{File: FileMissing}, []int64{2}},
		{"file flagged", BoardQuery{File: FileFlagged}, []int64{3, 4}},
		{"complete", BoardQuery{Incomplete: &no}, []int64{2, 4}},
	}
	for _, tc := range cases {
		tc.q.Sort, tc.q.Page, tc.q.PerPage = SortTitle, 1, 50
		in := boardFilms()
		// Films without a category are incomplete, for the test's checklist.
		in.Checklist = func(m Movie) Completeness { return Completeness{Complete: len(m.Categories) > 0 && m.ID != 1} }
		b := BuildBoard(tc.q, in)
		slices.Sort(tc.want)
		got := rowIDs(b.Films)
		slices.Sort(got)
		if !slices.Equal(got, tc.want) || b.Total != len(tc.want) {
			t.Errorf("%s: %v (total %d), want %v", tc.name, got, b.Total, tc.want)
		}
	}
	b := BuildBoard(BoardQuery{Sort: SortTitle, Status: StatusRefused, Category: 2, Page: 1, PerPage: 50}, boardFilms())
	if b.Total != 0 || b.Counts[StatusSubmitted] != 2 || b.Counts[StatusRefused] != 0 || len(b.Counts) != len(SelectionStatuses) {
		t.Errorf("counts leave the status filter out: %v", b.Counts)
	}
}

func TestBoardRowsPagesAndNeighbours(t *testing.T) {
	b := BuildBoard(BoardQuery{Sort: SortTitle, Page: 2, PerPage: 3, Around: 3}, boardFilms())
	if b.Total != 4 || !slices.Equal(rowIDs(b.Films), []int64{1}) {
		t.Errorf("page 2: %v of %d", rowIDs(b.Films), b.Total)
	}
	if n := b.Neighbours; n == nil || *n.Previous != 4 || *n.Next != 1 || n.Position != 3 {
		t.Errorf("neighbours: %+v", n)
	}
	// Filtered out: where it would sort.
	b = BuildBoard(BoardQuery{Sort: SortTitle, Status: StatusSubmitted, Page: 1, PerPage: 10, Around: 3}, boardFilms())
	if n := b.Neighbours; n.Previous == nil || *n.Previous != 4 || n.Next == nil || *n.Next != 1 || n.Position != 0 {
		t.Errorf("filtered out: %+v", n)
	}
	rows := map[int64]BoardRow{}
	for _, r := range BuildBoard(BoardQuery{Sort: SortTitle, Page: 1, PerPage: 10}, boardFilms()).Films {
		rows[r.ID] = r
	}
	if r := rows[4]; *r.Runtime != 1.5 || r.File != FileStateReceived || !slices.Equal(r.Flags, []MediaCheck{CheckShorter}) || r.Mean != nil ||
		!slices.Equal(r.FlagReasons, []string{"shorter"}) || r.FlagRefuse {
		t.Errorf("row 4 (a check turned off gives no reason): %+v", r)
	}
	if r := rows[3]; r.File != FileStateFailed || !slices.Equal(r.FlagReasons, []string{"ffprobe: invalid data"}) {
		t.Errorf("row 3 (a failed job's error is its reason): %+v", r)
	}
	if r := rows[1]; r.VoteCount != 2 || *r.Mean != 6.5 || *r.Runtime != 10 || !slices.Equal(r.Tags, []string{"court"}) {
		t.Errorf("row 1: %+v", r)
	}
	if r := rows[2]; r.File != FileStateMissing || r.Runtime != nil || r.Tags == nil || r.Categories == nil {
		t.Errorf("row 2: %+v", r)
	}
}

func TestTagsNotesAndViews(t *testing.T) {
	tags := []struct {
		in   []string
		want []string
		ok   bool
	}{
		{[]string{" Coup  de CŒUR ", "court", "COURT"}, []string{"coup de cœur", "court"}, true},
		{[]string{}, []string{}, true},
		{[]string{""}, nil, false},
		{[]string{strings.Repeat("é", 31)}, nil, false},
		{[]string{strings.Repeat("é", 30)}, []string{strings.Repeat("é", 30)}, true},
		{[]string{"a\nb"}, nil, false},
		{[]string{"\xff"}, nil, false},
		{strings.Split("a b c d e f g h i j k", " "), nil, false},
	}
	for _, tc := range tags {
		got, err := NormalizeTags(tc.in)
		if (err == nil) != tc.ok || (tc.ok && !slices.Equal(got, tc.want)) {
			t.Errorf("%q: %q, %v", tc.in, got, err)
		}
	}
	// A refused tag is quoted back valid and bounded: 40 characters and "…".
	_, tagErr := NormalizeTags([]string{"\xff" + strings.Repeat("é", 50)})
	var bad *apperr.Error
	if !errors.As(tagErr, &bad) || bad.Key != texts.TagBad || len(bad.Args) != 1 || bad.Args[0] != "?"+strings.Repeat("é", 39)+"…" {
		t.Errorf("a long tag's refusal: %v", tagErr)
	}
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for text, ok := range map[string]bool{"  Bien.  ": true, "": false, "   ": false, strings.Repeat("é", 2000): true, strings.Repeat("é", 2001): false} {
		n, err := NewNote(1, 2, text, now, 0xabc)
		if (err == nil) != ok {
			t.Errorf("note %.10q: %v", text, err)
		}
		if ok && (!ValidNoteID(n.ID) || n.ID != "1772359200000-00000abc" || n.Text != strings.TrimSpace(text)) {
			t.Errorf("note: %+v", n)
		}
	}
	for id, ok := range map[string]bool{"1772359200000-00000abc": true, "1772359200000-00000ABC": false, "x": false, "../../USER": false} {
		if ValidNoteID(id) != ok {
			t.Errorf("note id %q", id)
		}
	}
	have := []SavedView{{ID: "old", Name: "Ancienne", Query: ""}}
	n := 0
	newID := func() string { n++; return strings.Repeat("n", n) }
	views, err := SavedViews([]ViewInput{{ID: "old", Name: " A  b ", Query: "?order=desc&sort=votes"}, {ID: "old", Name: "Double", Query: ""}, {Name: "C", Query: "page=2"}}, have, newID)
	if err != nil || views[0].ID != "old" || views[0].Name != "A b" || views[0].Query != "sort=votes&order=desc" || views[1].ID != "n" || views[2].ID != "nn" || views[2].Query != "" {
		t.Errorf("views: %+v, %v", views, err)
	}
	refused := []struct {
		in  []ViewInput
		key texts.Key
	}{
		{make([]ViewInput, 21), texts.ViewsTooMany},
		{[]ViewInput{{Name: strings.Repeat("x", 61)}}, texts.ViewNameBad},
		{[]ViewInput{{Name: "x", Query: "sort=" + strings.Repeat("x", 500)}}, texts.ViewQueryTooLong},
		{[]ViewInput{{Name: "x", Query: "sort=budget"}}, texts.ViewQueryBad},
		{[]ViewInput{{Name: "x", Query: "a=%"}}, texts.ViewQueryBad},
	}
	for _, tc := range refused {
		_, err := SavedViews(tc.in, nil, newID)
		var e *apperr.Error
		if !errors.As(err, &e) || e.Key != tc.key {
			t.Errorf("%+v: %v, want %s", tc.in[0], err, tc.key)
		}
	}
	if got := TagCounts([]Movie{{Tags: []string{"b", "a"}}, {Tags: []string{"b"}}}); len(got) != 2 || got[0] != (TagCount{"a", 1}) || got[1] != (TagCount{"b", 2}) {
		t.Errorf("tag counts: %v", got)
	}
}

// TestABoardFromPreparedRowsIsTheBoardFromTheFilms: rows made once serve
// any view with any votes, and are not changed by the views built on them.
func TestABoardFromPreparedRowsIsTheBoardFromTheFilms(t *testing.T) {
	in := boardFilms()
	prepared := PrepareBoard(in.Films)
	for _, query := range []string{"", "sort=mean&order=desc", "q=elegie", "status=selected&around=2", "sort=title&per_page=10&page=1"} {
		q, err := ParseBoardQuery(mustQuery(t, query))
		if err != nil {
			t.Fatal(err)
		}
		for _, votes := range [][]Vote{in.Votes, nil} {
			want := BuildBoard(q, BoardInput{Films: in.Films, Votes: votes})
			got := BuildBoard(q, BoardInput{Prepared: prepared, Votes: votes})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q with %d votes: from prepared rows %+v, from the films %+v", query, len(votes), got, want)
			}
		}
	}
}

func mustQuery(t *testing.T, s string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
