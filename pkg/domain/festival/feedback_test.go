package festival

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// judged is a film of category 4 with three jurors, two votes by grid and a
// vote by score, two viewings.
func judged() FeedbackGround {
	grid := Grid{{Key: "image", Name: "Image", Weight: MustDecimal("2")}, {Key: "recit", Name: "Récit", Weight: MustDecimal("1")}}
	m := Movie{ID: 7, Title: "Cléo de 5 à 7", SelectionStatus: StatusSelected, StatusLabel: "sélectionné", Duration: ptr(int64(100)),
		Categories: []MovieCategory{{ID: 4, Name: "Courts métrages"}, {ID: 9, Name: "Premiers films"}},
		Juries:     []Jury{{ID: 1}, {ID: 2}, {ID: 3}}}
	return FeedbackGround{
		Movie:  m,
		Season: Season{CategoryGrids: map[int64]Grid{4: grid}, Feedback: FeedbackParts{Decision: true, Marks: true, Comments: true, Viewing: true}},
		Votes: []Vote{
			{UserID: 1, Score: MustDecimal("8"), Criteria: map[string]Decimal{"image": MustDecimal("9"), "recit": MustDecimal("6")}, Comment: ptr("Un regard neuf."), CommentShared: true},
			{UserID: 2, Score: MustDecimal("5.5"), Criteria: map[string]Decimal{"image": MustDecimal("5")}, Comment: ptr("Trop long, à mon goût (Jean)."), CommentShared: false},
			{UserID: 3, Score: MustDecimal("7"), Comment: ptr("  "), CommentShared: true},
		},
		Viewing: map[int64][]Span{1: {{from: 0, to: 95}}, 2: {{from: 0, to: 50}, {from: 60, to: 100}}, 9: {{from: 0, to: 100}}},
		Ranking: []RankedFilm{{MovieID: 3, Mean: 8.5}, {MovieID: 7, Mean: 6.83}, {MovieID: 8, Mean: 6.83}, {MovieID: 2, Mean: 4}},
	}
}

func TestFeedbackShowsTheMarksAnonymisedAndThePlaceInTheCategory(t *testing.T) {
	f := NewFeedback(judged())
	if f.Decision == nil || f.Decision.StatusLabel != "sélectionné" || f.Decision.SelectionStatus != StatusSelected {
		t.Errorf("decision %+v", f.Decision)
	}
	m := f.Marks
	if m == nil || m.Votes != 3 || *m.Score.Mean != 6.83 || !slices.Equal(m.Score.Marks, []float64{5.5, 7, 8}) {
		t.Fatalf("marks %+v", m)
	}
	if len(m.Criteria) != 2 || m.Criteria[0].Key != "image" || *m.Criteria[0].Mean != 7 || !slices.Equal(m.Criteria[0].Marks, []float64{5, 9}) ||
		m.Criteria[1].Name != "Récit" || m.Criteria[1].Weight != 1 || !slices.Equal(m.Criteria[1].Marks, []float64{6}) {
		t.Errorf("criteria %+v", m.Criteria)
	}
	if m.Category == nil || m.Category.ID != 4 || m.Percentile == nil || *m.Percentile != 75 {
		t.Errorf("category %+v, percentile %v: want the first category and 3 of 4 films at most level", m.Category, m.Percentile)
	}
	if !slices.Equal(f.Comments, []string{"Un regard neuf."}) {
		t.Errorf("comments %q: want only the shared, non-blank one", f.Comments)
	}
	if f.Viewing == nil || f.Viewing.WatchedWhole != 2 || f.Viewing.Jurors != 3 {
		t.Errorf("viewing %+v: want jurors 1 (95%%) and 2 (90%%) of 3; juror 9 is not on the jury", f.Viewing)
	}
	b, _ := json.Marshal(f)
	for _, leak := range []string{"id_user", "Jean", "Trop long"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("the feedback shows %q: %s", leak, b)
		}
	}
}

func TestFeedbackPartsTurnedOffAreNull(t *testing.T) {
	g := judged()
	g.Season.Feedback = FeedbackParts{Comments: true}
	g.Votes[0].CommentShared = false
	b, _ := json.Marshal(NewFeedback(g))
	want := `{"id_movie":7,"title":"Cléo de 5 à 7","decision":null,"marks":null,"comments":[],"viewing":null}`
	if string(b) != want {
		t.Errorf("%s\nwant %s", b, want)
	}
}

func TestAFilmWithoutVotesOrCategoryHasNoPercentile(t *testing.T) {
	g := judged()
	g.Votes, g.Movie.Categories, g.Movie.Duration = nil, nil, nil
	f := NewFeedback(g)
	if f.Marks.Votes != 0 || f.Marks.Score.Mean != nil || len(f.Marks.Score.Marks) != 0 || f.Marks.Category != nil || f.Marks.Percentile != nil {
		t.Errorf("marks %+v", f.Marks)
	}
	if len(f.Marks.Criteria) != 0 {
		t.Errorf("criteria %+v: no category, and the festival has no grid", f.Marks.Criteria)
	}
	if f.Viewing.WatchedWhole != 0 {
		t.Errorf("without a duration nobody can be said to have watched it whole: %+v", f.Viewing)
	}
}

func TestFilmPercentile(t *testing.T) {
	r := []RankedFilm{{1, 9}, {2, 7}, {3, 7}, {4, 2}, {5, 1}}
	for id, want := range map[int64]float64{1: 100, 2: 80, 3: 80, 4: 40, 5: 20} {
		if got := FilmPercentile(id, r); got == nil || *got != want {
			t.Errorf("film %d: %v, want %v", id, got, want)
		}
	}
	if FilmPercentile(6, r) != nil {
		t.Error("a film not ranked has no percentile")
	}
}
