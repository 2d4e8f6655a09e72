package voting

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// FuzzResultsCSV: whatever titles and category names producers and admins
// type, the export parses back as CSV with one row per film and the header's
// number of columns, every text reads back as typed (but for the apostrophe
// that disarms a formula), and no cell starts a formula.
func FuzzResultsCSV(f *testing.F) {
	f.Add("Cléo de 5 à 7", "Fiction")
	f.Add("=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0")
	f.Add("a,b\"c\nd", "@SUM(1)\r")
	f.Add("-2+3", "\tTab")
	f.Fuzz(func(t *testing.T, title, category string) {
		mean := 7.25
		rank := 1
		results := []MovieResult{
			{Rank: &rank, MovieID: 1, Title: title, SelectionStatus: festival.StatusCandidate,
				Categories: []festival.MovieCategory{{ID: 1, Name: category}}, VoteCount: 1, Mean: &mean, Min: &mean, Max: &mean},
			{MovieID: 2, Title: category, Categories: []festival.MovieCategory{}},
		}
		var buf bytes.Buffer
		if err := WriteCSV(&buf, results); err != nil {
			return // a text the CSV writer cannot write (invalid UTF-8 in a field delimiter position) is its refusal
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatalf("the export does not parse back: %v\n%s", err, buf.String())
		}
		if len(rows) != 3 {
			t.Fatalf("%d rows, want a header and 2 films", len(rows))
		}
		for _, row := range rows {
			if len(row) != len(csvHeader) {
				t.Fatalf("row of %d columns, want %d", len(row), len(csvHeader))
			}
			for _, c := range row {
				if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
					t.Fatalf("cell %q starts a formula", c)
				}
			}
		}
		// csv turns \r\n inside a quoted field into \n when it reads.
		norm := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
		if got := strings.TrimPrefix(rows[1][2], "'"); got != norm(title) && rows[1][2] != norm(title) {
			t.Fatalf("title %q read back as %q", title, rows[1][2])
		}
	})
}
