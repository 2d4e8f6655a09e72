package storesuite

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var settingsCases = []testCase{
	{"settings/a new festival has the defaults", defaultSettings},
	{"settings/seeded settings read back as stored, once", seededSettings},
	{"settings/published results carry a ledger head, and an unknown film view is the full one", publishedSettings},
}

func defaultSettings(t *testing.T, s Stores) {
	got, err := s.Settings.GetSettings(context.Background())
	if err != nil || !reflect.DeepEqual(got, festival.DefaultSettings()) {
		t.Fatalf("GetSettings = %+v, %v; want the defaults %+v", got, err, festival.DefaultSettings())
	}
}

func seededSettings(t *testing.T, s Stores) {
	ctx := context.Background()
	paris := time.FixedZone("Paris", 3600)
	at := func(h int) festival.Time {
		return festival.Time{Time: time.Date(2026, 4, 1, h, 0, 0, 987654321, paris)}
	}
	stored := func(h int) festival.Time { return festival.NewTime(at(h).Time) }
	grid := festival.Grid{{Key: "image", Name: "Image", Weight: festival.MustDecimal("2")}, {Key: "son", Name: "Son", Weight: festival.MustDecimal("1")}}
	six := 600.0
	rules := []festival.EligibilityRule{{Kind: festival.RuleRuntimeMax, Number: &six}, {Kind: festival.RuleLanguage, Values: []string{"fr", "it"}},
		{Kind: festival.RuleAnswer, Question: "premiere", Values: []string{"oui"}}, {Kind: festival.RuleSubtitles}}
	seed := festival.Settings{
		JuryVoteAssignedOnly:  true,
		SelfRegistrationRoles: []festival.Role{festival.RoleProducer},
		Throttle:              festival.Throttle{LoginFailuresPerAccount: 3}, // the others unset
		Season: festival.Season{
			SubmissionsOpenAt: at(8), VotingCloseAt: at(20), ResultsLedger: &festival.LedgerHead{Seq: 4, Hash: "abc"}, // not published
			PublicFilmView: festival.FilmViewRedacted, MinWatchedShare: 50, JuryReminderDays: 3, ScoringGrid: grid,
			CategoryGrids:      map[int64]festival.Grid{2: grid[:1]},
			CategoryWindows:    map[int64]festival.CategoryWindow{5: {VotingOpenAt: at(9)}},
			DecisionsReleaseAt: at(21), ReleasedCategories: map[int64]festival.Time{5: at(10)},
			PublicSelection: festival.SelectionCurated, Feedback: festival.FeedbackParts{Marks: true, Viewing: true},
			BlindJudging: true, IncompleteEntries: festival.IncompleteSave,
			CategoryRules: map[int64][]festival.EligibilityRule{5: rules, 6: {}},
		},
	}
	before := time.Now().Add(-time.Second)
	if err := s.Settings.SeedSettings(ctx, seed); err != nil {
		t.Fatal(err)
	}
	got, err := s.Settings.GetSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := festival.Settings{
		JuryVoteAssignedOnly:  true,
		SelfRegistrationRoles: []festival.Role{festival.RoleProducer},
		Throttle:              festival.Throttle{LoginFailuresPerAccount: 3}.OrDefaults(),
		Season: festival.Season{
			SubmissionsOpenAt: stored(8), VotingCloseAt: stored(20),
			PublicFilmView: festival.FilmViewRedacted, MinWatchedShare: 50, JuryReminderDays: 3, ScoringGrid: grid,
			CategoryGrids:      map[int64]festival.Grid{2: grid[:1]},
			CategoryWindows:    map[int64]festival.CategoryWindow{5: {VotingOpenAt: stored(9)}},
			DecisionsReleaseAt: stored(21), ReleasedCategories: map[int64]festival.Time{5: stored(10)},
			PublicSelection: festival.SelectionCurated, Feedback: festival.FeedbackParts{Marks: true, Viewing: true},
			BlindJudging: true, IncompleteEntries: festival.IncompleteSave, CategoryRules: map[int64][]festival.EligibilityRule{5: rules},
		},
		UpdatedAt: got.UpdatedAt,
	}
	if got.UpdatedAt.Before(before) || !reflect.DeepEqual(got, want) {
		t.Fatalf("seeded settings read back as\n%+v\nwant\n%+v", got, want)
	}
	again := seed
	again.JuryVoteAssignedOnly = false
	if err := s.Settings.SeedSettings(ctx, again); err == nil {
		t.Fatal("a second seeding was accepted")
	}
	if now, _ := s.Settings.GetSettings(ctx); !now.JuryVoteAssignedOnly {
		t.Fatal("a second seeding overwrote the settings")
	}
}

func publishedSettings(t *testing.T, s Stores) {
	ctx := context.Background()
	seed := festival.DefaultSettings()
	seed.ResultsPublishedAt = festival.NewTime(time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC))
	seed.PublicFilmView = "nonsense"
	if err := s.Settings.SeedSettings(ctx, seed); err != nil {
		t.Fatal(err)
	}
	got, err := s.Settings.GetSettings(ctx)
	if err != nil || got.ResultsLedger == nil || *got.ResultsLedger != (festival.LedgerHead{}) || got.PublicFilmView != festival.FilmViewFull ||
		!got.ResultsPublishedAt.Equal(seed.ResultsPublishedAt.Time) {
		t.Fatalf("published settings read back as %+v (ledger %v), %v", got, got.ResultsLedger, err)
	}
}
