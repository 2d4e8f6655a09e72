package voting

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func vote(movie int64, score float64, candidate bool) festival.Vote {
	d, err := festival.DecimalFromFloat(score)
	if err != nil {
		panic(err)
	}
	return festival.Vote{MovieID: movie, Score: d, IsCandidate: candidate}
}

func TestAggregateComputesStatisticsAndRanks(t *testing.T) {
	t.Parallel()
	cat := festival.MovieCategory{ID: 7, Name: "Court"}
	movies := []festival.MovieFacts{
		{ID: 1, Title: "Sans vote"},
		{ID: 2, Title: "Moyen", Categories: []festival.MovieCategory{cat}},
		{ID: 3, Title: "Meilleur"},
		{ID: 4, Title: "Ex aequo, plus de votes"},
	}
	votes := []festival.Vote{
		vote(2, 4, false), vote(2, 8, true), // mean 6, spread 2
		vote(3, 9.5, true),                                     // mean 9.5
		vote(4, 6, false), vote(4, 6, false), vote(4, 6, true), // mean 6, three votes
		vote(99, 10, true), // a film that is not listed: ignored
	}
	got := Aggregate(movies, votes, nil, 0)
	order := []int64{3, 4, 2, 1}
	for i, id := range order {
		if got[i].MovieID != id {
			t.Fatalf("position %d: film %d, want %d (%+v)", i+1, got[i].MovieID, id, got)
		}
	}
	two := got[2]
	if two.VoteCount != 2 || *two.Mean != 6 || *two.Min != 4 || *two.Max != 8 || *two.Spread != 2 || two.CandidateFlags != 1 || *two.Rank != 3 {
		t.Fatalf("film 2 = %+v", two)
	}
	none := got[3]
	if none.Rank != nil || none.Mean != nil || none.VoteCount != 0 || none.Categories == nil {
		t.Fatalf("a film without votes must be unranked with null statistics and [] categories: %+v", none)
	}
	b, _ := json.Marshal(none)
	if !strings.Contains(string(b), `"rank":null`) || !strings.Contains(string(b), `"Categories":[]`) {
		t.Fatalf("JSON = %s", b)
	}
	inCat := Aggregate(movies, votes, nil, 7)
	if len(inCat) != 1 || inCat[0].MovieID != 2 || *inCat[0].Rank != 1 {
		t.Fatalf("category 7 = %+v", inCat)
	}
}

func TestAggregateRoundsToTwoDecimals(t *testing.T) {
	t.Parallel()
	got := Aggregate([]festival.MovieFacts{{ID: 1}}, []festival.Vote{vote(1, 7, false), vote(1, 8, false), vote(1, 8, false)}, nil, 0)
	if *got[0].Mean != 7.67 || *got[0].Spread != 0.47 {
		t.Fatalf("mean %v spread %v, want 7.67 and 0.47", *got[0].Mean, *got[0].Spread)
	}
}

func TestWriteCSVNeutralizesSpreadsheetFormulas(t *testing.T) {
	t.Parallel()
	res := Aggregate([]festival.MovieFacts{{ID: 1, Title: "=HYPERLINK(\"http://x\")"}}, []festival.Vote{vote(1, 5, false)}, nil, 0)
	var buf bytes.Buffer
	if err := WriteCSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `'=HYPERLINK`) {
		t.Fatalf("a title starting with = was not neutralized:\n%s", buf.String())
	}
}

func TestParseScore(t *testing.T) {
	t.Parallel()
	for raw, ok := range map[string]bool{
		`0`: true, `10`: true, `7.5`: true, `0.25`: true,
		`7.25`: true, `7.250`: true, `0.725e1`: true, `1e1`: true, `1E0`: true,
		`-0.1`: false, `10.01`: false, `"7"`: false, `true`: false, `null`: false, `[7]`: false,
		// more decimal places than a grade has, down to numbers DynamoDB cannot store
		`7.125`: false, `1e-131`: false, `1e-3`: false, `3.14159265358979323846264338327950288419716939937510`: false,
	} {
		_, err := festival.ParseScore(json.RawMessage(raw))
		if (err == nil) != ok {
			t.Errorf("ParseScore(%s) err = %v, want ok=%v", raw, err, ok)
		}
	}
}

func TestResultsShowTheShareEachVoterWatchedBesideTheirVote(t *testing.T) {
	t.Parallel()
	hundred := int64(100)
	movies := []festival.MovieFacts{{ID: 1, Duration: &hundred}, {ID: 2}}
	by := func(movie, user int64, score int64) festival.Vote {
		return festival.Vote{MovieID: movie, UserID: user, Score: festival.WholeDecimal(score)}
	}
	votes := []festival.Vote{by(1, 12, 8), by(1, 11, 6), by(1, 13, 7), by(2, 11, 5)}
	seen := Viewings{
		{1, 11}: {span(t, 0, 50)},                   // half, then stopped
		{1, 12}: {span(t, 0, 30), span(t, 60, 100)}, // skipped 30 s
		{2, 11}: {span(t, 0, 999)},                  // no duration: nothing to say
	}
	res := Aggregate(movies, votes, seen, 0)
	share := func(p *float64) string {
		if p == nil {
			return "null"
		}
		return strconv.FormatFloat(*p, 'f', -1, 64)
	}
	var got []string
	for _, w := range res[0].Watched {
		got = append(got, fmt.Sprintf("%d:%v:%s", w.UserID, w.Score, share(w.WatchedShare)))
	}
	if want := "11:6:50 12:8:70 13:7:0"; strings.Join(got, " ") != want {
		t.Errorf("film 1 watched = %s, want %s (13 never played it)", strings.Join(got, " "), want)
	}
	if share(res[0].WatchedShareMin) != "0" {
		t.Errorf("film 1 watched_share_min = %s, want 0", share(res[0].WatchedShareMin))
	}
	if len(res[1].Watched) != 1 || res[1].Watched[0].WatchedShare != nil || res[1].WatchedShareMin != nil {
		t.Errorf("film 2 (no duration) = %+v, want its vote with a null share", res[1])
	}
	var csv bytes.Buffer
	if err := WriteCSV(&csv, res); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if !strings.HasSuffix(lines[0], ",watched_share_min") || !strings.HasSuffix(lines[1], ",0") || !strings.HasSuffix(lines[2], ",") {
		t.Errorf("CSV = %q, want watched_share_min last (0, then empty)", csv.String())
	}
}

func span(t *testing.T, from, to float64) festival.Span {
	t.Helper()
	s, err := festival.ParseSpan(from, to)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
