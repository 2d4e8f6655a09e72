package festival

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func sent[T any](v T) *T { return &v }

// answer400 is the 400 message of err, or "" when err is nil.
func answer400(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Invalid {
		t.Fatalf("error %v is not a 400", err)
	}
	return e.Text(texts.French)
}

func TestASettingsPatchSetsWhatWasSentAndNothingElse(t *testing.T) {
	t.Parallel()
	day := func(d int) Time { return NewTime(time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC)) }
	grid := Grid{{Key: "image", Name: "Image", Weight: MustDecimal("2")}}
	tests := []struct {
		name  string
		patch SettingsPatch
		want  func(*Settings)
	}{
		{"nothing sent", SettingsPatch{}, func(*Settings) {}},
		{"the vote rule", SettingsPatch{JuryVoteAssignedOnly: sent(true)}, func(s *Settings) { s.JuryVoteAssignedOnly = true }},
		{"roles, each once", SettingsPatch{SelfRegistrationRoles: []Role{RoleProducer, RoleJury, RoleProducer}},
			func(s *Settings) { s.SelfRegistrationRoles = []Role{RoleProducer, RoleJury} }},
		{"no role open", SettingsPatch{SelfRegistrationRoles: []Role{}}, func(s *Settings) { s.SelfRegistrationRoles = []Role{} }},
		{"the throttle", SettingsPatch{LoginFailuresPerAccount: sent(3), LoginFailuresPerAddress: sent(4), RegistrationsPerAddress: sent(5), ThrottleWindowSeconds: sent(60)},
			func(s *Settings) { s.Throttle = Throttle{3, 4, 5, 60} }},
		{"the calendar", SettingsPatch{SubmissionsOpenAt: sent(day(1)), SubmissionsCloseAt: sent(day(2)), VotingOpenAt: sent(day(3)), VotingCloseAt: sent(day(4))},
			func(s *Settings) {
				s.SubmissionsOpenAt, s.SubmissionsCloseAt, s.VotingOpenAt, s.VotingCloseAt = day(1), day(2), day(3), day(4)
			}},
		{"a date unset", SettingsPatch{VotingCloseAt: sent(Time{})}, func(*Settings) {}},
		{"the public view, reminders, watched share", SettingsPatch{PublicFilmView: sent(FilmViewRedacted), JuryReminderDays: sent(0), MinWatchedShare: sent(100)},
			func(s *Settings) { s.PublicFilmView, s.JuryReminderDays, s.MinWatchedShare = FilmViewRedacted, 0, 100 }},
		{"grids", SettingsPatch{ScoringGrid: &grid, CategoryGrids: &map[int64]Grid{7: grid}},
			func(s *Settings) { s.ScoringGrid, s.CategoryGrids = grid, map[int64]Grid{7: grid} }},
		{"the grid removed", SettingsPatch{ScoringGrid: &Grid{}}, func(s *Settings) { s.ScoringGrid = Grid{} }},
		{"category windows", SettingsPatch{CategoryWindows: &map[int64]CategoryWindow{7: {VotingOpenAt: day(3), VotingCloseAt: day(4)}}},
			func(s *Settings) {
				s.CategoryWindows = map[int64]CategoryWindow{7: {VotingOpenAt: day(3), VotingCloseAt: day(4)}}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, want := DefaultSettings(), DefaultSettings()
			tt.want(&want)
			msgs, err := tt.patch.Apply(&got)
			if err != nil || len(msgs) != 0 {
				t.Fatalf("Apply: %v, messages %v", err, msgs)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("settings\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestASettingsPatchRefusesWhatTheRulesRefuse(t *testing.T) {
	t.Parallel()
	day := func(d int) *Time { return sent(NewTime(time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC))) }
	current := DefaultSettings()
	current.VotingOpenAt = *day(10)
	tests := []struct {
		name  string
		patch SettingsPatch
		want  string
	}{
		{"no attempt", SettingsPatch{LoginFailuresPerAccount: sent(0)}, "Le paramètre login_failures_per_account doit être un entier de 1 à 1000000"},
		{"a window over a day", SettingsPatch{ThrottleWindowSeconds: sent(86_401)}, "Le paramètre throttle_window_seconds doit être un entier de 1 à 86400"},
		{"reminders too far apart", SettingsPatch{JuryReminderDays: sent(31)}, "Le paramètre jury_reminder_days doit être un entier de 0 (pas de rappels) à 30 (jours entre deux rappels)"},
		{"more than the film", SettingsPatch{MinWatchedShare: sent(101)}, "Le paramètre min_watched_share doit être un entier de 0 (pas de règle) à 100 (pour cent du film)"},
		{"the first out of bounds answers", SettingsPatch{MinWatchedShare: sent(-1), RegistrationsPerAddress: sent(-1)},
			"Le paramètre registrations_per_address doit être un entier de 1 à 1000000"},
		{"an empty category grid", SettingsPatch{CategoryGrids: &map[int64]Grid{3: {}}}, "Une grille compte de 1 à 12 critères"},
		{"a criterion without weight", SettingsPatch{ScoringGrid: &Grid{{Key: "son", Name: "Son"}}}, `Critère "son" : le poids doit être un nombre supérieur à 0 et au plus 100`},
		{"a category window backwards", SettingsPatch{CategoryWindows: &map[int64]CategoryWindow{4: {SubmissionsOpenAt: *day(2), SubmissionsCloseAt: *day(1)}}},
			"Fenêtre de la catégorie 4 : chaque fermeture doit suivre son ouverture"},
		{"submissions backwards", SettingsPatch{SubmissionsOpenAt: day(2), SubmissionsCloseAt: day(1)},
			"La fermeture des soumissions (submissions_close_at) doit suivre leur ouverture (submissions_open_at)"},
		{"voting closing before the stored opening", SettingsPatch{VotingCloseAt: day(9)},
			"La fermeture du vote (voting_close_at) doit suivre son ouverture (voting_open_at)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := current
			if _, err := tt.patch.Apply(&st); answer400(t, err) != tt.want {
				t.Errorf("Apply answered %v, want %q", err, tt.want)
			}
		})
	}
}

func TestIntegerSettingsAnswerTheirBoundsWhateverWasWrong(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"login_failures_per_address": "Le paramètre login_failures_per_address doit être un entier de 1 à 1000000",
		"jury_reminder_days":         "Le paramètre jury_reminder_days doit être un entier de 0 (pas de rappels) à 30 (jours entre deux rappels)",
		"min_watched_share":          "Le paramètre min_watched_share doit être un entier de 0 (pas de règle) à 100 (pour cent du film)",
	} {
		if got := answer400(t, BadIntSetting(name)); got != want {
			t.Errorf("BadIntSetting(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestPublishingRecordsTheLedgerOnceAndTellsTheAudience(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC)
	pub := Publication{At: at, Ledger: LedgerHead{Seq: 12, Hash: "ab12"}, Audience: []int64{3, 5}}
	st := DefaultSettings()
	msgs, err := SettingsPatch{ResultsPublished: sent(true), Publication: pub}.Apply(&st)
	if err != nil {
		t.Fatal(err)
	}
	if !st.ResultsPublishedAt.Equal(at) || st.ResultsLedger == nil || *st.ResultsLedger != pub.Ledger {
		t.Fatalf("published at %v with ledger %v, want %v and %v", st.ResultsPublishedAt, st.ResultsLedger, at, pub.Ledger)
	}
	if len(msgs) != 1 || msgs[0].Kind != MessageResultsPublished || !reflect.DeepEqual(msgs[0].To, []int64{3, 5}) {
		t.Fatalf("messages %+v, want one results.published to 3 and 5", msgs)
	}

	again := Publication{At: at.Add(time.Hour), Ledger: LedgerHead{Seq: 13, Hash: "cd34"}, Audience: []int64{3, 5}}
	if msgs, err := (SettingsPatch{ResultsPublished: sent(true), Publication: again}).Apply(&st); err != nil || len(msgs) != 0 {
		t.Fatalf("publishing again: %v, messages %v; want nothing new", err, msgs)
	}
	if !st.ResultsPublishedAt.Equal(at) || st.ResultsLedger.Seq != 12 {
		t.Errorf("publishing again moved the publication to %v, ledger %v", st.ResultsPublishedAt, st.ResultsLedger)
	}

	if msgs, err := (SettingsPatch{ResultsPublished: sent(false)}).Apply(&st); err != nil || len(msgs) != 0 {
		t.Fatalf("withdrawing: %v, messages %v", err, msgs)
	}
	if st.Published() || st.ResultsLedger != nil {
		t.Errorf("withdrawn results still show %v, %v", st.ResultsPublishedAt, st.ResultsLedger)
	}
	if !(SettingsPatch{ResultsPublished: sent(true)}).Publishes() || (SettingsPatch{ResultsPublished: sent(false)}).Publishes() || (SettingsPatch{}).Publishes() {
		t.Error("Publishes answers wrongly")
	}
}
