package voteapi

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// FuzzBallot: any vote body is a ballot within the rules (a score from 0 to
// 10 with at most two decimal places, a bounded comment) or a client error.
func FuzzBallot(f *testing.F) {
	f.Add([]byte(`{"score":7.25,"comment":"Beau","is_candidate":true}`))
	f.Add([]byte(`{"note":"7","comments":null}`))
	f.Add([]byte(`{"score":1e-131}`))
	f.Add([]byte(`{"score":10.000000000000001,"is_candidate":"yes"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var raw map[string]json.RawMessage
		if json.Unmarshal(body, &raw) != nil {
			return
		}
		b, err := readBallot(web.Normalize(raw))
		if err != nil {
			if web.StatusOf(err) >= 500 {
				t.Fatalf("%s: %v answers %d", body, err, web.StatusOf(err))
			}
			return
		}
		if b.Score != nil && !b.Score.In(festival.WholeDecimal(festival.MinScore), festival.WholeDecimal(festival.MaxScore)) {
			t.Fatalf("%s: score %v read", body, *b.Score)
		}
		if b.Comment != nil && utf8.RuneCountInString(*b.Comment) > festival.MaxCommentLen {
			t.Fatalf("%s: comment of %d characters read", body, utf8.RuneCountInString(*b.Comment))
		}
	})
}
