package settingsapi

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// body turns a JSON object into a body's fields.
func body(t *testing.T, s string) web.Fields {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		t.Fatal(err)
	}
	return web.Normalize(raw)
}

func TestASettingsBodyIsAnsweredByItsFirstWrongSetting(t *testing.T) {
	t.Parallel()
	tests := []struct{ body, want string }{
		{`{"jury_votes": true, "colour": 1}`, "Paramètre inconnu : colour, jury_votes. Aucun paramètre à modifier"},
		{`{"jury_vote_assigned_only": null}`, "Le paramètre jury_vote_assigned_only doit être un booléen (true ou false)"},
		{`{"self_registration_roles": ["JURY", "CRITIC"]}`, `Rôle inconnu dans self_registration_roles : "CRITIC" (valeurs possibles : ADMIN, JURY, PRODUCER)`},
		{`{"login_failures_per_account": "3"}`, "Le paramètre login_failures_per_account doit être un entier de 1 à 1000000"},
		{`{"voting_open_at": "demain"}`, "Le paramètre voting_open_at doit être une date ISO 8601 (par exemple 2026-03-01T00:00:00Z) ou null"},
		{`{"public_film_view": "partial"}`, "Le paramètre public_film_view doit valoir full (l'objet film complet) ou redacted (sans e-mails, commentaires ni jury avant les résultats)"},
		{`{"jury_reminder_days": 1.5}`, "Le paramètre jury_reminder_days doit être un entier de 0 (pas de rappels) à 30 (jours entre deux rappels)"},
		{`{"category_grids": {"x": []}}`, "Les paramètres scoring_grid et category_grids attendent"},
		{`{"category_windows": {"2": {"opens": null}}}`, "Le paramètre category_windows doit associer"},
		{`{"category_rules": {"2": [{"kind": "runtime_max", "seconds": 600}]}}`, "Le paramètre category_rules doit être un objet"},
		{`{"category_rules": {"courts": []}}`, "Le paramètre category_rules doit être un objet"},
		{`{"category_rules": {"2": [{"kind": "runtime_max", "number": "600"}]}}`, "Le paramètre category_rules doit être un objet"},
		{`{"category_rules": [1]}`, "Le paramètre category_rules doit être un objet"},
		// A value out of bounds read before a value of the wrong type is the
		// answer, and the other way round.
		{`{"throttle_window_seconds": 0, "results_published": "yes"}`, "Le paramètre throttle_window_seconds doit être un entier de 1 à 86400"},
		{`{"jury_vote_assigned_only": 1, "throttle_window_seconds": 0}`, "Le paramètre jury_vote_assigned_only doit être un booléen (true ou false)"},
	}
	for _, tt := range tests {
		_, err := readSettingsPatch(body(t, tt.body))
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Invalid || len(e.Text(texts.French)) < len(tt.want) || e.Text(texts.French)[:len(tt.want)] != tt.want {
			t.Errorf("%s: %v, want 400 %q", tt.body, err, tt.want)
		}
	}
}

func TestASettingsBodyBecomesThePatchItSays(t *testing.T) {
	t.Parallel()
	p, err := readSettingsPatch(body(t, `{"selfRegistrationRoles": ["PRODUCER"], "registrations_per_address": 0,
		"voting_close_at": null, "results_published": true, "scoring_grid": null, "category_windows": {"3": {"voting_open_at": "2026-05-01T00:00:00Z"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case len(p.SelfRegistrationRoles) != 1 || p.SelfRegistrationRoles[0] != festival.RoleProducer:
		t.Errorf("roles %v", p.SelfRegistrationRoles)
	case p.RegistrationsPerAddress == nil || *p.RegistrationsPerAddress != 0:
		t.Errorf("registrations_per_address %v: read as sent, its bounds are the domain's", p.RegistrationsPerAddress)
	case p.VotingCloseAt == nil || !p.VotingCloseAt.IsZero():
		t.Errorf("voting_close_at %v, want a date to unset", p.VotingCloseAt)
	case !p.Publishes() || p.ScoringGrid == nil || len(*p.ScoringGrid) != 0:
		t.Errorf("results_published %v, scoring_grid %v", p.ResultsPublished, p.ScoringGrid)
	case p.CategoryWindows == nil || !(*p.CategoryWindows)[3].VotingOpenAt.Equal(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)):
		t.Errorf("category_windows %v", p.CategoryWindows)
	case p.JuryVoteAssignedOnly != nil || p.PublicFilmView != nil || p.CategoryGrids != nil:
		t.Errorf("settings not sent are set: %+v", p)
	}
}

func TestCategoryRulesAreReadByCategory(t *testing.T) {
	t.Parallel()
	p, err := readSettingsPatch(body(t, `{"category_rules": {"3": [{"kind": "runtime_max", "number": 600}, {"kind": "language", "values": ["fr"]}], "4": []}}`))
	if err != nil {
		t.Fatal(err)
	}
	rules := *p.CategoryRules
	if len(rules) != 1 || len(rules[3]) != 2 || rules[3][0].Kind != festival.RuleRuntimeMax || *rules[3][0].Number != 600 || rules[3][1].Values[0] != "fr" {
		t.Fatalf("rules %+v", rules)
	}
	p, err = readSettingsPatch(body(t, `{"category_rules": null}`))
	if err != nil || p.CategoryRules == nil || len(*p.CategoryRules) != 0 {
		t.Fatalf("null: %v %v, want every rule removed", p.CategoryRules, err)
	}
}
