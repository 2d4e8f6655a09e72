package festival

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The committee's board (GET /movies/board) is read through a BoardQuery:
// the query string is parsed once, at the edge, into typed values, so the
// board is only ever built from a valid query. A saved view keeps the same
// query in its canonical form (BoardQuery.ViewQuery).

// BoardSort is the column the board is sorted on.
type BoardSort string

const (
	SortTitle     BoardSort = "title"
	SortRuntime   BoardSort = "runtime"
	SortCountry   BoardSort = "country"
	SortCategory  BoardSort = "category"
	SortSubmitted BoardSort = "submitted"
	SortFile      BoardSort = "file"
	SortStatus    BoardSort = "status"
	SortVotes     BoardSort = "votes"
	SortMean      BoardSort = "mean"
)

// BoardSorts lists every column the board sorts on.
var BoardSorts = []BoardSort{SortTitle, SortRuntime, SortCountry, SortCategory, SortSubmitted, SortFile, SortStatus, SortVotes, SortMean}

// BoardFile filters the board by the state of the film file.
type BoardFile string

const (
	FileReceived BoardFile = "received" // the film file is there
	FileMissing  BoardFile = "missing"  // no film file
	FileFlagged  BoardFile = "flagged"  // its job failed, or a check flagged it
)

// The board's bounds.
const (
	BoardDefaultPerPage = 50
	BoardMinPerPage     = 10
	BoardMaxPerPage     = 200
	// BoardMaxSearch bounds ?q= (characters).
	BoardMaxSearch = 100
)

// BoardQuery is one view of the board: its sort, its filters, its page and
// the film whose neighbours are asked (Around, 0: none).
type BoardQuery struct {
	Sort       BoardSort
	Desc       bool
	Status     SelectionStatus // "" keeps every status
	Category   int64           // 0 keeps every category
	Search     string          // as sent, trimmed ("" keeps every film)
	Tag        string          // a tag as NormalizeTag makes it ("" keeps every film)
	File       BoardFile       // "" keeps every film
	Incomplete *bool           // nil: no checklist filter
	Page       int
	PerPage    int
	Around     int64
}

// boardParams are the query's parameters, in the order a saved view writes
// them; edition names the edition read (the edge checks it) and is never
// part of a view.
var boardParams = []string{"sort", "order", "status", "category", "q", "tag", "file", "incomplete", "page", "per_page", "around", "edition"}

// ParseBoardQuery reads a board query. Any parameter it does not know, or
// gives twice, and any value out of its range, is a 400 naming it.
func ParseBoardQuery(v url.Values) (BoardQuery, error) {
	q := BoardQuery{Sort: SortSubmitted, Page: 1, PerPage: BoardDefaultPerPage}
	for name, vals := range v {
		if !slices.Contains(boardParams, name) {
			return q, apperr.E(apperr.Invalid, texts.BoardUnknownParam, boundedName(name))
		}
		if len(vals) > 1 {
			return q, apperr.E(apperr.Invalid, texts.BoardRepeatedParam, name)
		}
	}
	for _, read := range []func(url.Values, *BoardQuery) error{readBoardOrder, readBoardFilters, readBoardPaging} {
		if err := read(v, &q); err != nil {
			return q, err
		}
	}
	return q, nil
}

// boundedName is a parameter's name as a refusal quotes it: at most 40
// bytes of it.
func boundedName(s string) string {
	if len(s) <= 40 {
		return strconv.Quote(s)
	}
	for i := 40; i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return strconv.Quote(s[:i] + "…")
		}
	}
	return `""`
}

func readBoardOrder(v url.Values, q *BoardQuery) error {
	if s := v.Get("sort"); s != "" {
		if !slices.Contains(sortNames(), s) {
			return apperr.E(apperr.Invalid, texts.BoardBadSort)
		}
		q.Sort = BoardSort(s)
	}
	switch v.Get("order") {
	case "", "asc":
	case "desc":
		q.Desc = true
	default:
		return apperr.E(apperr.Invalid, texts.BoardBadOrder)
	}
	return nil
}

func sortNames() []string {
	out := make([]string, len(BoardSorts))
	for i, s := range BoardSorts {
		out[i] = string(s)
	}
	return out
}

func readBoardFilters(v url.Values, q *BoardQuery) error {
	if s := v.Get("status"); s != "" {
		if !isStoredStatus(s) {
			return apperr.E(apperr.Invalid, texts.BoardBadStatus, statusList())
		}
		q.Status = SelectionStatus(s)
	}
	if s := v.Get("category"); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return apperr.E(apperr.Invalid, texts.BoardBadCategory)
		}
		q.Category = id
	}
	q.Search = strings.TrimSpace(v.Get("q"))
	if utf8.RuneCountInString(q.Search) > BoardMaxSearch || !utf8.ValidString(q.Search) {
		return apperr.E(apperr.Invalid, texts.BoardBadSearch)
	}
	if s := v.Get("tag"); s != "" {
		tag, ok := NormalizeTag(s)
		if !ok {
			return apperr.E(apperr.Invalid, texts.BoardBadTag)
		}
		q.Tag = tag
	}
	switch f := BoardFile(v.Get("file")); f {
	case "", FileReceived, FileMissing, FileFlagged:
		q.File = f
	default:
		return apperr.E(apperr.Invalid, texts.BoardBadFile)
	}
	switch v.Get("incomplete") {
	case "":
	case "true", "false":
		b := v.Get("incomplete") == "true"
		q.Incomplete = &b
	default:
		return apperr.E(apperr.Invalid, texts.BoardBadIncomplete)
	}
	return nil
}

func isStoredStatus(s string) bool { return slices.Contains(SelectionStatuses, SelectionStatus(s)) }

func statusList() string {
	names := make([]string, len(SelectionStatuses))
	for i, s := range SelectionStatuses {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

func readBoardPaging(v url.Values, q *BoardQuery) error {
	if s := v.Get("page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 1_000_000 {
			return apperr.E(apperr.Invalid, texts.BoardBadPage)
		}
		q.Page = n
	}
	if s := v.Get("per_page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < BoardMinPerPage || n > BoardMaxPerPage {
			return apperr.E(apperr.Invalid, texts.BoardBadPerPage)
		}
		q.PerPage = n
	}
	if s := v.Get("around"); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return apperr.E(apperr.Invalid, texts.BoardBadAround)
		}
		q.Around = id
	}
	return nil
}

// ViewQuery is the query in its canonical form, as a saved view keeps it:
// the values that differ from the defaults, in a fixed order, without the
// page, the film whose neighbours were asked or the edition (a view applies
// to whichever edition is read).
func (q BoardQuery) ViewQuery() string {
	v := url.Values{}
	if q.Sort != SortSubmitted {
		v.Set("sort", string(q.Sort))
	}
	if q.Desc {
		v.Set("order", "desc")
	}
	if q.Status != "" {
		v.Set("status", string(q.Status))
	}
	if q.Category > 0 {
		v.Set("category", strconv.FormatInt(q.Category, 10))
	}
	if q.Search != "" {
		v.Set("q", q.Search)
	}
	if q.Tag != "" {
		v.Set("tag", q.Tag)
	}
	if q.File != "" {
		v.Set("file", string(q.File))
	}
	if q.Incomplete != nil {
		v.Set("incomplete", strconv.FormatBool(*q.Incomplete))
	}
	if q.PerPage != BoardDefaultPerPage {
		v.Set("per_page", strconv.Itoa(q.PerPage))
	}
	var parts []string
	for _, name := range boardParams {
		if s, ok := v[name]; ok {
			parts = append(parts, url.QueryEscape(name)+"="+url.QueryEscape(s[0]))
		}
	}
	return strings.Join(parts, "&")
}
