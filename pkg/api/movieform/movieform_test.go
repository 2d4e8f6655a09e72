package movieform

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/movies"
)

func fields(t *testing.T, js string) web.Fields {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &raw); err != nil {
		t.Fatal(err)
	}
	return web.Normalize(raw)
}

func TestIDsAcceptsArraysStringsAndFormText(t *testing.T) {
	t.Parallel()
	for js, want := range map[string][]int64{
		`{"categories": [3, 1, 3]}`: {3, 1},
		`{"categories": ["2", 5]}`:  {2, 5},
		`{"categories": "[4,6]"}`:   {4, 6},
		`{"categories": "7, 8"}`:    {7, 8},
		`{"categories": ""}`:        {},
		`{"categories": []}`:        {},
	} {
		got, sent, err := IDs(fields(t, js), "categories", 10)
		if err != nil || !sent || !slices.Equal(got, want) {
			t.Errorf("%s: %v, %v, %v; want %v", js, got, sent, err, want)
		}
	}
	for _, js := range []string{`{"categories": [0]}`, `{"categories": [1.5]}`, `{"categories": "a,b"}`,
		`{"categories": {"x": 1}}`, `{"categories": [1,2,3,4,5,6,7,8,9,10,11]}`, `{"categories": "1\",\"2"}`} {
		if _, _, err := IDs(fields(t, js), "categories", 10); err == nil {
			t.Errorf("%s accepted", js)
		}
	}
}

func TestPatchValidatesAndOnlyTouchesWhatIsSent(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	desc := "keep"
	m := festival.Movie{Title: "Old", Description: &desc}
	p, err := Patch(fields(t, `{"title":" New ","durationSeconds":"90","filmLanguage":"fr","synopsis":"","jury_comment":"x"}`), false, false, now)
	if err != nil {
		t.Fatal(err)
	}
	changed := p.Apply(&m)
	if m.Title != "New" || *m.Duration != 90 || *m.MainLanguage != "fr" || m.Synopsis != nil || m.JuryComment != nil || *m.Description != "keep" {
		t.Errorf("movie = %+v", m)
	}
	if !slices.Equal(changed, []string{"title", "main_language", "synopsis", "duration"}) {
		t.Errorf("changed = %v", changed)
	}
	for _, js := range []string{`{}`, `{"title": "  "}`, `{"title":"t","duration":0}`, `{"title":"t","release_year":2031}`,
		`{"title":"t","release_year":1700}`, `{"title":"t","youtube_link":"javascript:alert(1)"}`, `{"title": 3}`} {
		if _, err := Patch(fields(t, js), false, true, now); err == nil {
			t.Errorf("%s accepted on create", js)
		}
	}
}

func TestCollaboratorsNormalizesNames(t *testing.T) {
	t.Parallel()
	got, sent, err := Collaborators(fields(t, `{"collaborators": "[{\"firstName\":\" Ada \",\"lastName\":\"L\",\"email\":\"a@example.org\"}]"}`))
	if err != nil || !sent || len(got) != 1 || got[0].FirstName != "Ada" || got[0].Email != "a@example.org" {
		t.Fatalf("got %+v, %v, %v", got, sent, err)
	}
}

func TestACollaboratorsEmailIsBoundedAsAUsersAndTheirTextsByTheirOwnLimit(t *testing.T) {
	t.Parallel()
	address := func(n int) string { return strings.Repeat("a", n-len("@example.org")) + "@example.org" }
	name := func(n int) string { return strings.Repeat("é", n) }
	for _, c := range []struct {
		name, first, email string
		ok                 bool
	}{
		{"an e-mail of MaxEmailLen", "Ada", address(festival.MaxEmailLen), true},
		{"an e-mail over MaxEmailLen", "Ada", address(festival.MaxEmailLen + 1), false},
		{"a name of MaxCollaboratorText", name(movies.MaxCollaboratorText), "a@example.org", true},
		{"a name over MaxCollaboratorText", name(movies.MaxCollaboratorText + 1), "a@example.org", false},
	} {
		js, _ := json.Marshal(map[string]any{"collaborators": []map[string]string{{"first_name": c.first, "last_name": "L", "email": c.email}}})
		got, _, err := Collaborators(fields(t, string(js)))
		switch {
		case c.ok && (err != nil || len(got) != 1 || got[0].Email != c.email):
			t.Errorf("%s: got %+v, %v, want it kept", c.name, got, err)
		case !c.ok && err == nil:
			t.Errorf("%s: accepted, want a 400", c.name)
		}
	}
}

func TestIDsStopsAtTheirLimitEvenForAHugeBody(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"categories":[`)
	for i := 1; i <= 100000; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteString(`]}`)
	_, _, err := IDs(fields(t, b.String()), "categories", movies.MaxCategories)
	if err == nil || !strings.Contains(err.Error(), "au plus 20 identifiants") {
		t.Fatalf("err = %v, want the limit", err)
	}
	// Duplicates do not count against the limit.
	ids, _, err := IDs(fields(t, `{"categories":[1,1,1,2,2,3]}`), "categories", 3)
	if err != nil || len(ids) != 3 {
		t.Fatalf("ids %v, err %v", ids, err)
	}
}
