package festival

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// The board is built in memory from the edition's films and votes: a few
// thousand rows are sorted and filtered in microseconds, where an index per
// column would cost a write per column on every change of a film.

// FileState is where a film's file stands, as the board shows it.
type FileState string

const (
	FileStateReceived   FileState = "received"   // measured (or no media job runs)
	FileStateProcessing FileState = "processing" // its media job has not measured it yet
	FileStateMissing    FileState = "missing"    // no film file
	FileStateFailed     FileState = "failed"     // its media job failed
)

// fileRank orders the file states for the board's "file" column: received
// files first.
var fileRank = map[FileState]int{FileStateReceived: 0, FileStateProcessing: 1, FileStateFailed: 2, FileStateMissing: 3}

// BoardRow is one film as the board shows it.
type BoardRow struct {
	ID              int64           `json:"id_movie"`
	Title           string          `json:"title"`
	Runtime         *float64        `json:"runtime"`
	Nationality     *string         `json:"nationality"`
	Categories      []MovieCategory `json:"Categories"`
	SubmittedAt     Time            `json:"submitted_at"`
	File            FileState       `json:"file"`
	Flags           []MediaCheck    `json:"flags"`
	FlagReasons     []string        `json:"flag_reasons"`
	FlagRefuse      bool            `json:"flag_refuse,omitempty"`
	SelectionStatus SelectionStatus `json:"selection_status"`
	StatusLabel     string          `json:"status_label"`
	VoteCount       int             `json:"vote_count"`
	Mean            *float64        `json:"mean"`
	Tags            []string        `json:"tags"`
	Notes           int             `json:"notes"`
	Completeness    *Completeness   `json:"completeness,omitempty"`
	Withdrawn       bool            `json:"withdrawn,omitempty"`
}

// Board is one page of the board.
type Board struct {
	Total      int                     `json:"total"`
	Page       int                     `json:"page"`
	PerPage    int                     `json:"per_page"`
	Counts     map[SelectionStatus]int `json:"counts"`
	Films      []BoardRow              `json:"films"`
	Neighbours *BoardNeighbours        `json:"neighbours,omitempty"`
}

// BoardNeighbours are the films before and after one film in the whole
// filtered, sorted view, and its 1-based position there (0: not in the
// view; previous and next are then the films on either side of where it
// would sort).
type BoardNeighbours struct {
	Previous *int64 `json:"previous"`
	Next     *int64 `json:"next"`
	Position int    `json:"position"`
}

// BoardInput is what the board is built from: the edition's films as the
// admin reads them (or their rows made beforehand, Prepared, which then
// stands for Films), the edition's votes, and, when the query filters on
// completeness, each film's checklist.
type BoardInput struct {
	Films     []Movie
	Prepared  *BoardFilms
	Votes     []Vote
	Checklist func(Movie) Completeness
}

// BoardFilms are the board's rows of a list of films before their votes:
// what depends on the films alone (each row, its sort and search keys), the
// costly part of a board (folding every title and name for the search), so
// that a list that did not change is folded once. Read-only once made.
type BoardFilms struct {
	films   []Movie
	entries []boardEntry
}

// PrepareBoard makes the rows of films, before their votes.
func PrepareBoard(films []Movie) *BoardFilms {
	bf := &BoardFilms{films: films, entries: make([]boardEntry, len(films))}
	for i, m := range films {
		bf.entries[i] = filmEntry(m)
	}
	return bf
}

// boardEntry is a row with what its sort and filters compare.
type boardEntry struct {
	row                                 BoardRow
	title, country, category, searchKey string
}

// BuildBoard answers a board query.
func BuildBoard(q BoardQuery, in BoardInput) Board {
	all := boardEntries(in)
	counts := make(map[SelectionStatus]int, len(SelectionStatuses))
	for _, s := range SelectionStatuses {
		counts[s] = 0
	}
	needle := SearchKey(q.Search)
	view := make([]*boardEntry, 0, len(all))
	for _, e := range all {
		if !q.keeps(e, needle) {
			continue
		}
		counts[e.row.SelectionStatus]++
		if q.Status == "" || e.row.SelectionStatus == q.Status {
			view = append(view, e)
		}
	}
	order := q.compare()
	slices.SortFunc(view, order)
	b := Board{Total: len(view), Page: q.Page, PerPage: q.PerPage, Counts: counts, Films: []BoardRow{}}
	if q.Around > 0 {
		b.Neighbours = neighbours(view, all, q.Around, order)
	}
	if from := (q.Page - 1) * q.PerPage; from < len(view) {
		for _, e := range view[from:min(from+q.PerPage, len(view))] {
			b.Films = append(b.Films, e.row)
		}
	}
	return b
}

// boardEntries makes the rows of every film, with their vote counts and
// means (the plain mean of the scores), each a copy of the prepared row.
func boardEntries(in BoardInput) []*boardEntry {
	type tally struct {
		n   int
		sum float64
	}
	prepared := in.Prepared
	if prepared == nil {
		prepared = PrepareBoard(in.Films)
	}
	votes := map[int64]tally{}
	for _, v := range in.Votes {
		t := votes[v.MovieID]
		votes[v.MovieID] = tally{t.n + 1, t.sum + v.Score.Float64()}
	}
	out := make([]*boardEntry, len(prepared.entries))
	for i := range prepared.entries {
		e := prepared.entries[i]
		if t := votes[e.row.ID]; t.n > 0 {
			mean := math.Round(t.sum/float64(t.n)*100) / 100
			e.row.VoteCount, e.row.Mean = t.n, &mean
		}
		if in.Checklist != nil {
			c := in.Checklist(prepared.films[i])
			e.row.Completeness = &c
		}
		out[i] = &e
	}
	return out
}

// filmEntry is a film's row with its keys, before its votes.
func filmEntry(m Movie) boardEntry {
	e := boardEntry{row: boardRow(m), title: SearchKey(m.Title)}
	if m.Nationality != nil {
		e.country = SearchKey(*m.Nationality)
	}
	if len(m.Categories) > 0 {
		names := make([]string, len(m.Categories))
		for i, c := range m.Categories {
			names[i] = SearchKey(c.Name)
		}
		e.category = slices.Min(names)
	}
	e.searchKey = strings.Join([]string{e.title, producerKey(m.Producer), e.country}, "\n")
	return e
}

func producerKey(p *Producer) string {
	if p == nil {
		return ""
	}
	return SearchKey(p.FirstName + " " + p.LastName)
}

// boardRow is the row of a film, before its votes.
func boardRow(m Movie) BoardRow {
	r := BoardRow{
		ID: m.ID, Title: m.Title, Nationality: m.Nationality, Categories: m.Categories, SubmittedAt: m.CreatedAt,
		File: fileState(m), Flags: []MediaCheck{}, FlagReasons: []string{}, SelectionStatus: m.SelectionStatus, StatusLabel: m.StatusLabel,
		Tags: m.Tags, Notes: m.NoteCount, Withdrawn: m.Withdrawn != nil,
	}
	if r.Categories == nil {
		r.Categories = []MovieCategory{}
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	if m.Media != nil && m.Media.Facts != nil && m.Media.Facts.Duration > 0 {
		r.Runtime = minutes(m.Media.Facts.Duration)
	} else if m.Duration != nil && *m.Duration > 0 {
		r.Runtime = minutes(float64(*m.Duration))
	}
	if m.Media != nil {
		flagsOf(&r, *m.Media)
	}
	return r
}

// flagsOf sets why a film's file needs a look: the checks that flagged it,
// their reasons as the film's page shows them, and a failed job's error, so
// that the board needs no read of each flagged film.
func flagsOf(r *BoardRow, media FilmMedia) {
	for _, f := range media.Flags {
		if f.Action == CheckOff {
			continue
		}
		if !slices.Contains(r.Flags, f.Check) {
			r.Flags = append(r.Flags, f.Check)
		}
		if f.Reason != "" {
			r.FlagReasons = append(r.FlagReasons, f.Reason)
		}
		r.FlagRefuse = r.FlagRefuse || f.Action == CheckRefuse
	}
	if media.State == MediaFailed && media.Error != "" {
		r.FlagReasons = append(r.FlagReasons, media.Error)
	}
}

// minutes is a runtime in seconds as minutes, to the tenth.
func minutes(seconds float64) *float64 {
	m := math.Round(seconds/6) / 10
	return &m
}

func fileState(m Movie) FileState {
	switch {
	case m.Trailer == nil:
		return FileStateMissing
	case m.Media == nil:
		return FileStateReceived
	case m.Media.State == MediaFailed:
		return FileStateFailed
	case m.Media.State == MediaQueued:
		return FileStateProcessing
	}
	return FileStateReceived
}

// keeps reports whether the query's filters other than the status keep a
// film; needle is the search as SearchKey folds it.
func (q BoardQuery) keeps(e *boardEntry, needle string) bool {
	r := e.row
	switch {
	case q.Category > 0 && !slices.ContainsFunc(r.Categories, func(c MovieCategory) bool { return c.ID == q.Category }):
		return false
	case q.Tag != "" && !slices.Contains(r.Tags, q.Tag):
		return false
	case needle != "" && !strings.Contains(e.searchKey, needle):
		return false
	case q.Incomplete != nil && (r.Completeness == nil || r.Completeness.Complete == *q.Incomplete):
		return false
	}
	switch q.File {
	case FileReceived:
		return r.File == FileStateReceived || r.File == FileStateProcessing
	case FileMissing:
		return r.File == FileStateMissing
	case FileFlagged:
		return r.File == FileStateFailed || len(r.Flags) > 0
	}
	return true
}

// sortKey is what a column compares for one row: a string or a number;
// absent values sort last in both orders.
type sortKey struct {
	absent bool
	s      string
	n      float64
}

func (q BoardQuery) key(e *boardEntry) sortKey {
	r := e.row
	switch q.Sort {
	case SortTitle:
		return sortKey{s: e.title}
	case SortRuntime:
		return optionalNumber(r.Runtime)
	case SortCountry:
		return sortKey{absent: e.country == "", s: e.country}
	case SortCategory:
		return sortKey{absent: e.category == "", s: e.category}
	case SortFile:
		return sortKey{n: float64(fileRank[r.File])}
	case SortStatus:
		return sortKey{n: float64(slices.Index(SelectionStatuses, r.SelectionStatus))}
	case SortVotes:
		return sortKey{n: float64(r.VoteCount)}
	case SortMean:
		return optionalNumber(r.Mean)
	}
	return sortKey{n: float64(r.SubmittedAt.UnixMilli())}
}

func optionalNumber(p *float64) sortKey {
	if p == nil {
		return sortKey{absent: true}
	}
	return sortKey{n: *p}
}

// compare is the view's order: the column's, absent values last, ties by
// id ascending (so that pages are stable).
func (q BoardQuery) compare() func(a, b *boardEntry) int {
	return func(a, b *boardEntry) int {
		ka, kb := q.key(a), q.key(b)
		if ka.absent != kb.absent {
			if ka.absent {
				return 1
			}
			return -1
		}
		c := cmp.Or(strings.Compare(ka.s, kb.s), cmp.Compare(ka.n, kb.n))
		if q.Desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.row.ID, b.row.ID))
	}
}

// neighbours finds film id in the sorted view; a film the view leaves out
// is placed where it would sort among the view's (all holds every film).
func neighbours(view, all []*boardEntry, id int64, order func(a, b *boardEntry) int) *BoardNeighbours {
	n := &BoardNeighbours{}
	at := func(i int) *int64 {
		if i < 0 || i >= len(view) {
			return nil
		}
		return &view[i].row.ID
	}
	if i := slices.IndexFunc(view, func(e *boardEntry) bool { return e.row.ID == id }); i >= 0 {
		n.Previous, n.Next, n.Position = at(i-1), at(i+1), i+1
		return n
	}
	j := slices.IndexFunc(all, func(e *boardEntry) bool { return e.row.ID == id })
	if j < 0 {
		return n
	}
	i, _ := slices.BinarySearchFunc(view, all[j], order)
	n.Previous, n.Next = at(i-1), at(i)
	return n
}
