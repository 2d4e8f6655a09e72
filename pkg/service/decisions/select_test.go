package decisions

import (
	"slices"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func ptr[T any](v T) *T { return &v }

// films: 1 submitted "Cléo de 5 à 7" (cat 1), 2 assigned "Le Bonheur" (cat 1),
// 3 assigned "Sans toit ni loi" (cat 2), 4 refused "Les Glaneurs" (no cat),
// 5 selected "Jacquot" (cat 2).
func fixture() ([]festival.VersionedMovie, map[int64]Standing) {
	film := func(id int64, title string, st festival.SelectionStatus, cats ...int64) festival.VersionedMovie {
		m := festival.Movie{ID: id, Title: title, SelectionStatus: st, OwnerID: 100 + id}
		for _, c := range cats {
			m.Categories = append(m.Categories, festival.MovieCategory{ID: c})
		}
		return festival.VersionedMovie{Movie: m, Version: id * 10}
	}
	films := []festival.VersionedMovie{
		film(1, "Cléo de 5 à 7", festival.StatusSubmitted, 1),
		film(2, "Le Bonheur", festival.StatusAssigned, 1),
		film(3, "Sans toit ni loi", festival.StatusAssigned, 2),
		film(4, "Les Glaneurs", festival.StatusRefused),
		film(5, "Jacquot", festival.StatusSelected, 2),
	}
	standings := map[int64]Standing{
		2: {Mean: ptr(8.5), Rank: ptr(1)},
		3: {Mean: ptr(6.0), Rank: ptr(2)},
		5: {Mean: ptr(4.25), Rank: ptr(3)},
	}
	return films, standings
}

func TestASelectionKeepsTheFilmsNamedThatEveryPartOfTheFilterKeeps(t *testing.T) {
	t.Parallel()
	films, standings := fixture()
	for _, tc := range []struct {
		name    string
		req     Request
		want    []int64
		unknown []int64
	}{
		{"ids only", Request{IDs: []int64{4, 2}}, []int64{2, 4}, nil},
		{"unknown ids named", Request{IDs: []int64{2, 9, 8}}, []int64{2}, []int64{8, 9}},
		{"stored status", Request{Filter: Filter{Statuses: []festival.SelectionStatus{festival.StatusAssigned}}}, []int64{2, 3}, nil},
		{"category", Request{Filter: Filter{Category: 2}}, []int64{3, 5}, nil},
		{"score range", Request{Filter: Filter{ScoreMin: ptr(5.0), ScoreMax: ptr(9.0)}}, []int64{2, 3}, nil},
		{"score min leaves films without votes out", Request{Filter: Filter{ScoreMin: ptr(0.0)}}, []int64{2, 3, 5}, nil},
		{"rank interval", Request{Filter: Filter{RankFrom: ptr(2), RankTo: ptr(3)}}, []int64{3, 5}, nil},
		{"rank to only", Request{Filter: Filter{RankTo: ptr(1)}}, []int64{2}, nil},
		{"search ignores case and accents", Request{Filter: Filter{Search: "CLEO"}}, []int64{1}, nil},
		{"search within ids", Request{IDs: []int64{1, 2, 3}, Filter: Filter{Search: "le"}}, []int64{1, 2}, nil},
		{"every part must hold", Request{Filter: Filter{Category: 1, Statuses: []festival.SelectionStatus{festival.StatusAssigned}, ScoreMin: ptr(8.0)}}, []int64{2}, nil},
		{"nothing kept", Request{Filter: Filter{Search: "cherbourg"}}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kept, unknown := Select(films, standings, tc.req)
			got := make([]int64, len(kept))
			for i, vm := range kept {
				got[i] = vm.Movie.ID
			}
			if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("kept %v, want %v", got, tc.want)
			}
			if !slices.Equal(unknown, tc.unknown) {
				t.Errorf("unknown %v, want %v", unknown, tc.unknown)
			}
		})
	}
}

func TestAFilterIsEmptyOnlyWithNoPartSet(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f                  Filter
		empty, needResults bool
	}{
		{Filter{}, true, false},
		{Filter{Search: "x"}, false, false},
		{Filter{Category: 1}, false, false},
		{Filter{Statuses: []festival.SelectionStatus{festival.StatusRefused}}, false, false},
		{Filter{ScoreMax: ptr(3.0)}, false, true},
		{Filter{RankFrom: ptr(1)}, false, true},
	} {
		if tc.f.Empty() != tc.empty || tc.f.NeedsResults() != tc.needResults {
			t.Errorf("%+v: empty %v needs results %v", tc.f, tc.f.Empty(), tc.f.NeedsResults())
		}
	}
}

func TestAPlanChangesOnlyTheFilmsNotAlreadyAtTheStatus(t *testing.T) {
	t.Parallel()
	films, _ := fixture()
	plan, unchanged := Plan(films, festival.StatusSelected)
	if unchanged != 1 || len(plan) != 4 {
		t.Fatalf("plan %+v, unchanged %d", plan, unchanged)
	}
	for _, f := range plan {
		src := films[slices.IndexFunc(films, func(vm festival.VersionedMovie) bool { return vm.Movie.ID == f.MovieID })]
		if f.Version != src.Version || f.From != src.Movie.SelectionStatus || f.To != festival.StatusSelected {
			t.Errorf("plan film %+v from %+v", f, src)
		}
	}
}

func TestADecisionIsToldToItsProducerWhenTheSeasonReleasesIt(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	release := now.Add(72 * time.Hour)
	films, _ := fixture()
	before := films[1].Movie // assigned, category 1
	decide := func(to festival.SelectionStatus) festival.Movie {
		return festival.PlanFilm{From: before.SelectionStatus, To: to}.Decided(before, festival.NewTime(now))
	}
	held := festival.Season{DecisionsReleaseAt: festival.NewTime(release)}
	early := held
	early.ReleasedCategories = map[int64]festival.Time{1: festival.NewTime(now)}
	for _, tc := range []struct {
		name   string
		to     festival.SelectionStatus
		season festival.Season
		told   bool
		due    time.Time
	}{
		{"selected, no release date: due now", festival.StatusSelected, festival.Season{}, true, now},
		{"refused, held: due at the release", festival.StatusRefused, held, true, release},
		{"finalist, its category released early: due now", festival.StatusFinalist, early, true, now},
		{"a deliberation step is not told", festival.StatusToDiscuss, festival.Season{}, false, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg, ok := Notice(before, decide(tc.to), now, tc.season)
			if ok != tc.told {
				t.Fatalf("told = %v, want %v", ok, tc.told)
			}
			if !ok {
				return
			}
			if msg.Kind != festival.MessageMovieStatus || !slices.Equal(msg.To, []int64{before.OwnerID}) ||
				msg.Params["status"] != string(tc.to) || !msg.NextAttemptAt.Equal(tc.due) {
				t.Errorf("message %+v", msg)
			}
		})
	}
}
