package festadmin

import (
	"context"
	"encoding/csv"
	"io"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// DefaultAuditLimit is the page size of GET /audit without ?limit=: the trail
// only grows, so it is never listed whole.
const DefaultAuditLimit = 100

// MaxAuditExport is the most entries GET /audit.csv writes: the newest that
// match, read a page of exportPage at a time. A file that stops there says
// so (X-Audit-Truncated); narrower dates or filters export the rest. 5,000
// lines of about 300 bytes stay well inside a Lambda's 6 MB answer.
const MaxAuditExport = 5000

// MaxAuditParam bounds the audit's ?action= and ?target= filters in bytes:
// they are compared with stored values, and no code or target is longer.
const MaxAuditParam = 100

// exportPage is the page size of the export's reads: a page's names are
// read in one BatchGetItem of at most 2 × exportPage keys.
const exportPage = 500

// AuditQuery selects audit entries: by who made them, what (an action, or a
// family ending with a dot: "movie."), on what, and when (zero values select
// everything), one page at a time.
type AuditQuery struct {
	ActorID  int64
	Action   string
	Target   string
	From, To time.Time
	Page     festival.Page
}

func (q AuditQuery) filter() festival.AuditFilter {
	return festival.AuditFilter{ActorID: q.ActorID, Action: q.Action, Target: q.Target, From: q.From, To: q.To}
}

// Audit lists audit entries newest first, one page at a time, as a reader
// of l reads them: names, the action in words, each change before and
// after. A page costs its query (or queries, with filters that match
// little) and one BatchGetItem of the names it shows.
func (s *Service) Audit(ctx context.Context, l texts.Lang, q AuditQuery) ([]festival.AuditLine, string, error) {
	if q.Page.Limit == 0 {
		q.Page.Limit = DefaultAuditLimit
	}
	entries, next, err := s.store.Audit.ListAudit(ctx, q.filter(), q.Page)
	if err != nil {
		return nil, "", err
	}
	lines, err := s.word(ctx, l, entries)
	return lines, next, err
}

// word names a page of entries and writes them in l.
func (s *Service) word(ctx context.Context, l texts.Lang, entries []festival.AuditEntry) ([]festival.AuditLine, error) {
	names, err := s.store.Audit.AuditNames(ctx, festival.AuditRefsOf(entries))
	if err != nil {
		return nil, err
	}
	lines := make([]festival.AuditLine, len(entries))
	for i, e := range entries {
		lines[i] = festival.WordAudit(l, e, names)
	}
	return lines, nil
}

// AuditActions are the choices of the filter by action, in l.
func (s *Service) AuditActions(l texts.Lang) []festival.AuditAction {
	return festival.AuditActions(l)
}

// ExportAudit writes the entries q selects (its page is ignored), newest
// first, as CSV in l to w: a byte order mark (spreadsheets then read the
// UTF-8), a header of named columns, one line per entry. At most
// MaxAuditExport entries: truncated reports that more match.
func (s *Service) ExportAudit(ctx context.Context, l texts.Lang, q AuditQuery, w io.Writer) (truncated bool, err error) {
	var lines []festival.AuditLine
	cursor := ""
	for {
		limit := int32(min(exportPage, MaxAuditExport-len(lines)))
		entries, next, err := s.store.Audit.ListAudit(ctx, q.filter(), festival.Page{Limit: limit, Cursor: cursor})
		if err != nil {
			return false, err
		}
		page, err := s.word(ctx, l, entries)
		if err != nil {
			return false, err
		}
		lines = append(lines, page...)
		if next == "" {
			break
		}
		if len(lines) >= MaxAuditExport {
			truncated = true
			break
		}
		cursor = next
	}
	return truncated, writeAuditCSV(w, l, lines)
}

// writeAuditCSV writes lines as CSV with named columns in l.
func writeAuditCSV(w io.Writer, l texts.Lang, lines []festival.AuditLine) error {
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	header := []string{}
	for _, k := range []texts.Key{texts.AuditColumnAt, texts.AuditColumnActor, texts.AuditColumnRole, texts.AuditColumnSummary,
		texts.AuditColumnChanges, texts.AuditColumnCode, texts.AuditColumnTarget, texts.AuditColumnID} {
		header = append(header, texts.T(l, k))
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, a := range lines {
		changes := make([]string, len(a.Worded))
		for i, c := range a.Worded {
			changes[i] = texts.T(l, texts.AuditChangeLine, c.Label, c.Before, c.After)
		}
		if err := cw.Write([]string{
			a.At.String(), festival.SpreadsheetCell(a.ActorName), string(a.ActorRole), festival.SpreadsheetCell(a.Summary),
			festival.SpreadsheetCell(strings.Join(changes, " ; ")), a.Action, festival.SpreadsheetCell(a.Target), a.ID,
		}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
