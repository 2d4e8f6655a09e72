package userapi

import (
	"encoding/json"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// readSettingsChange reads a PUT /settings body. Unknown keys are refused,
// so that a misspelt setting is not silently ignored.
func readSettingsChange(f web.Fields) (festadmin.SettingsChange, error) {
	if len(f) == 0 {
		return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, texts.NoSetting)
	}
	var ch festadmin.SettingsChange
	numbers := []struct {
		name string
		max  int
		to   **int
	}{
		{"login_failures_per_account", festival.MaxThrottleAttempts, &ch.LoginFailuresPerAccount},
		{"login_failures_per_address", festival.MaxThrottleAttempts, &ch.LoginFailuresPerAddress},
		{"registrations_per_address", festival.MaxThrottleAttempts, &ch.RegistrationsPerAddress},
		{"throttle_window_seconds", festival.MaxThrottleWindowSeconds, &ch.ThrottleWindowSeconds},
	}
	dates := []struct {
		name string
		to   **festival.Time
	}{
		{"submissions_open_at", &ch.SubmissionsOpenAt}, {"submissions_close_at", &ch.SubmissionsCloseAt},
		{"voting_open_at", &ch.VotingOpenAt}, {"voting_close_at", &ch.VotingCloseAt},
	}
	var unknown []string
	for k := range f {
		known := k == "jury_vote_assigned_only" || k == "self_registration_roles" || k == "results_published" || k == "public_film_view" ||
			k == "jury_reminder_days" || k == "category_windows" || k == "scoring_grid" || k == "category_grids" ||
			k == "min_watched_share"
		for _, n := range numbers {
			known = known || k == n.name
		}
		for _, d := range dates {
			known = known || k == d.name
		}
		if !known {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return festadmin.SettingsChange{}, apperr.Ef(apperr.Invalid, "Paramètre inconnu : %s. %s", strings.Join(unknown, ", "), texts.NoSetting)
	}
	var assignedOnly *bool
	if f.Has("jury_vote_assigned_only") {
		var b bool
		if err := json.Unmarshal(f["jury_vote_assigned_only"], &b); err != nil || f.IsNull("jury_vote_assigned_only") {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, "Le paramètre jury_vote_assigned_only doit être un booléen (true ou false)")
		}
		assignedOnly = &b
	}
	var roles []festival.Role
	if f.Has("self_registration_roles") {
		var names []string
		if err := json.Unmarshal(f["self_registration_roles"], &names); err != nil || f.IsNull("self_registration_roles") {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, "Le paramètre self_registration_roles doit être une liste de rôles parmi ADMIN, JURY, PRODUCER (éventuellement vide)")
		}
		roles = []festival.Role{}
		for _, n := range names {
			r, ok := festival.ParseRole(n)
			if !ok {
				return festadmin.SettingsChange{}, apperr.Ef(apperr.Invalid, "Rôle inconnu dans self_registration_roles : %q (valeurs possibles : ADMIN, JURY, PRODUCER)", n)
			}
			roles = append(roles, r)
		}
	}
	for _, n := range numbers {
		if !f.Has(n.name) {
			continue
		}
		var v int
		if err := json.Unmarshal(f[n.name], &v); err != nil || f.IsNull(n.name) || v < 1 || v > n.max {
			return festadmin.SettingsChange{}, apperr.Ef(apperr.Invalid, "Le paramètre %s doit être un entier de 1 à %d", n.name, n.max)
		}
		*n.to = &v
	}
	for _, d := range dates {
		if !f.Has(d.name) {
			continue
		}
		var t festival.Time // null: the date is unset
		if err := json.Unmarshal(f[d.name], &t); err != nil {
			return festadmin.SettingsChange{}, apperr.Ef(apperr.Invalid, "Le paramètre %s doit être une date ISO 8601 (par exemple 2026-03-01T00:00:00Z) ou null", d.name)
		}
		t = festival.NewTime(t.Time)
		*d.to = &t
	}
	if f.Has("results_published") {
		var b bool
		if err := json.Unmarshal(f["results_published"], &b); err != nil || f.IsNull("results_published") {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, "Le paramètre results_published doit être un booléen (true publie les résultats et clôt les votes)")
		}
		ch.ResultsPublished = &b
	}
	if f.Has("public_film_view") {
		var name string
		_ = json.Unmarshal(f["public_film_view"], &name)
		v, ok := festival.ParseFilmView(name)
		if !ok {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, "Le paramètre public_film_view doit valoir full (l'objet film complet) ou redacted (sans e-mails, commentaires ni jury avant les résultats)")
		}
		ch.PublicFilmView = &v
	}
	if f.Has("jury_reminder_days") {
		var days int
		if err := json.Unmarshal(f["jury_reminder_days"], &days); err != nil || f.IsNull("jury_reminder_days") || days < 0 || days > festival.MaxJuryReminderDays {
			return festadmin.SettingsChange{}, apperr.Ef(apperr.Invalid, "Le paramètre jury_reminder_days doit être un entier de 0 (pas de rappels) à %d (jours entre deux rappels)", festival.MaxJuryReminderDays)
		}
		ch.JuryReminderDays = &days
	}
	if f.Has("min_watched_share") {
		var pct int
		if err := json.Unmarshal(f["min_watched_share"], &pct); err != nil || f.IsNull("min_watched_share") || pct < 0 || pct > 100 {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, texts.MinWatchedShareRange)
		}
		ch.MinWatchedShare = &pct
	}
	if f.Has("scoring_grid") {
		var g festival.Grid
		if err := json.Unmarshal(f["scoring_grid"], &g); err != nil {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, texts.GridsShape)
		}
		ch.ScoringGrid = &g
	}
	if f.Has("category_grids") {
		var byID map[string]festival.Grid
		if err := json.Unmarshal(f["category_grids"], &byID); err != nil {
			return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, texts.GridsShape)
		}
		grids := map[int64]festival.Grid{}
		for k, g := range byID {
			id, err := strconv.ParseInt(k, 10, 64)
			if err != nil || id <= 0 {
				return festadmin.SettingsChange{}, apperr.E(apperr.Invalid, texts.GridsShape)
			}
			grids[id] = g
		}
		ch.CategoryGrids = &grids
	}
	if f.Has("category_windows") {
		windows, err := readCategoryWindows(f["category_windows"])
		if err != nil {
			return festadmin.SettingsChange{}, err
		}
		ch.CategoryWindows = &windows
	}
	ch.JuryVoteAssignedOnly, ch.SelfRegistrationRoles = assignedOnly, roles
	return ch, nil
}

// readCategoryWindows reads {"<id_categorie>": {submissions_open_at,
// submissions_close_at, voting_open_at, voting_close_at}} (each date ISO 8601
// or null); null or {} removes every category window.
func readCategoryWindows(raw json.RawMessage) (map[int64]festival.CategoryWindow, error) {
	bad := apperr.E(apperr.Invalid, texts.CategoryWindowsShape)
	var byID map[string]map[string]festival.Time
	if err := json.Unmarshal(raw, &byID); err != nil {
		return nil, bad
	}
	out := map[int64]festival.CategoryWindow{}
	for k, dates := range byID {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil || id <= 0 {
			return nil, bad
		}
		var w festival.CategoryWindow
		for name, t := range dates {
			t = festival.NewTime(t.Time)
			switch name {
			case "submissions_open_at":
				w.SubmissionsOpenAt = t
			case "submissions_close_at":
				w.SubmissionsCloseAt = t
			case "voting_open_at":
				w.VotingOpenAt = t
			case "voting_close_at":
				w.VotingCloseAt = t
			default:
				return nil, bad
			}
		}
		out[id] = w
	}
	return out, nil
}

// readAuditQuery reads ?actor=&action=&target=&from=&to=&limit=&cursor=.
func readAuditQuery(q url.Values) (festadmin.AuditQuery, error) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	var a festadmin.AuditQuery
	if s := get("actor"); s != "" {
		var id int64
		if err := json.Unmarshal([]byte(s), &id); err != nil || id <= 0 {
			return a, apperr.Ef(apperr.Invalid, "Paramètre actor invalide : %q (identifiant d'utilisateur attendu)", s)
		}
		a.ActorID = id
	}
	a.Action, a.Target = get("action"), get("target")
	for _, b := range []struct {
		name string
		dst  *time.Time
	}{{"from", &a.From}, {"to", &a.To}} {
		s := get(b.name)
		if s == "" {
			continue
		}
		t, err := festival.ParseEventDate(b.name, s)
		if err != nil {
			return a, apperr.Ef(apperr.Invalid, "Paramètre %s invalide : %q (date ISO 8601 attendue, par exemple 2026-05-01T00:00:00Z)", b.name, s)
		}
		*b.dst = t.Time
	}
	if !a.From.IsZero() && !a.To.IsZero() && a.To.Before(a.From) {
		return a, apperr.E(apperr.Invalid, "Le paramètre to précède le paramètre from")
	}
	a.Page.Cursor = get("cursor")
	a.Page.Limit = festadmin.DefaultAuditLimit
	if s := get("limit"); s != "" {
		var n int32
		if err := json.Unmarshal([]byte(s), &n); err != nil || n < 1 || n > 1000 {
			return a, apperr.E(apperr.Invalid, texts.BadLimit)
		}
		a.Page.Limit = n
	}
	return a, nil
}
