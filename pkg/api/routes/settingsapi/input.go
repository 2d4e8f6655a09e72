package settingsapi

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// setting reads one setting of a PUT /settings body into the patch, or
// answers why its value is not of the setting's type.
type setting struct {
	name string
	read func(name string, raw json.RawMessage) error
}

// settings are the settings a PUT /settings body may send, read in this
// order: the first wrong value is the answer.
func settings(p *festival.SettingsPatch) []setting {
	return []setting{
		{"jury_vote_assigned_only", boolean(&p.JuryVoteAssignedOnly, texts.JuryVoteAssignedOnlyBool)},
		{"self_registration_roles", roles(&p.SelfRegistrationRoles)},
		{"email_confirmation", boolean(&p.EmailConfirmation, texts.EmailConfirmationBool)},
		{"login_failures_per_account", integer(&p.LoginFailuresPerAccount)},
		{"login_failures_per_address", integer(&p.LoginFailuresPerAddress)},
		{"registrations_per_address", integer(&p.RegistrationsPerAddress)},
		{"throttle_window_seconds", integer(&p.ThrottleWindowSeconds)},
		{"submissions_open_at", date(&p.SubmissionsOpenAt)},
		{"submissions_close_at", date(&p.SubmissionsCloseAt)},
		{"voting_open_at", date(&p.VotingOpenAt)},
		{"voting_close_at", date(&p.VotingCloseAt)},
		{"results_published", boolean(&p.ResultsPublished, texts.ResultsPublishedBool)},
		{"public_film_view", choice(&p.PublicFilmView, festival.ParseFilmView,
			texts.PublicFilmViewValues)},
		{"jury_reminder_days", integer(&p.JuryReminderDays)},
		{"min_watched_share", integer(&p.MinWatchedShare)},
		{"scoring_grid", grid(&p.ScoringGrid)},
		{"category_grids", categoryGrids(&p.CategoryGrids)},
		{"category_windows", categoryWindows(&p.CategoryWindows)},
		{"decisions_release_at", date(&p.DecisionsReleaseAt)},
		{"public_selection", choice(&p.PublicSelection, festival.ParsePublicSelection, texts.PublicSelectionValues)},
		{"feedback", feedback(&p.Feedback)},
		{"media_checks", mediaChecks(&p.MediaChecks)},
		{"screening_watermark", boolean(&p.ScreeningWatermark, texts.ScreeningWatermarkBool)},
		{"blind_judging", boolean(&p.BlindJudging, texts.BlindJudgingBool)},
		{"incomplete_entries", choice(&p.IncompleteEntries, festival.ParseIncompleteEntries, texts.IncompleteEntriesValues)},
		{"category_rules", categoryRules(&p.CategoryRules)},
	}
}

// readSettingsPatch reads a PUT /settings body. Unknown keys are refused,
// so that a misspelt setting is not silently ignored.
func readSettingsPatch(f web.Fields) (festival.SettingsPatch, error) {
	var p festival.SettingsPatch
	if len(f) == 0 {
		return p, apperr.E(apperr.Invalid, texts.NoSetting)
	}
	known := settings(&p)
	var unknown []string
	for k := range f {
		if !slices.ContainsFunc(known, func(s setting) bool { return s.name == k }) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return p, apperr.Ef(apperr.Invalid, texts.UnknownSettings, strings.Join(unknown, ", "), texts.M(texts.NoSetting))
	}
	for _, s := range known {
		raw, sent := f[s.name]
		if !sent {
			continue
		}
		if err := s.read(s.name, raw); err != nil {
			// A value out of bounds in a setting read before this one is
			// the first wrong value (the service checks the bounds).
			if bounds := p.Check(); bounds != nil {
				return p, bounds
			}
			return p, err
		}
	}
	return p, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func boolean(to **bool, refusal texts.Key) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil || isNull(raw) {
			return apperr.E(apperr.Invalid, refusal)
		}
		*to = &b
		return nil
	}
}

// integer reads an integer setting; the domain's bounds are checked later
// (festival.SettingsPatch.Check), with the same answer as a value that is
// no integer.
func integer(to **int) func(string, json.RawMessage) error {
	return func(name string, raw json.RawMessage) error {
		var v int
		if err := json.Unmarshal(raw, &v); err != nil || isNull(raw) {
			return festival.BadIntSetting(name)
		}
		*to = &v
		return nil
	}
}

// date reads a date setting; null unsets the date.
func date(to **festival.Time) func(string, json.RawMessage) error {
	return func(name string, raw json.RawMessage) error {
		var t festival.Time
		if err := json.Unmarshal(raw, &t); err != nil {
			return apperr.Ef(apperr.Invalid, texts.SettingNotDate, name)
		}
		t = festival.NewTime(t.Time)
		*to = &t
		return nil
	}
}

func roles(to *[]festival.Role) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var names []string
		if err := json.Unmarshal(raw, &names); err != nil || isNull(raw) {
			return apperr.E(apperr.Invalid, texts.SelfRegistrationRolesShape)
		}
		rs := []festival.Role{}
		for _, n := range names {
			r, ok := festival.ParseRole(n)
			if !ok {
				return apperr.Ef(apperr.Invalid, texts.SelfRegistrationRoleUnknown, n)
			}
			rs = append(rs, r)
		}
		*to = rs
		return nil
	}
}

// choice reads a setting that takes one of a few names (parse knows
// them); anything else is refused with refusal, which lists them.
func choice[T ~string](to **T, parse func(string) (T, bool), refusal texts.Key) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var name string
		_ = json.Unmarshal(raw, &name)
		v, ok := parse(name)
		if !ok {
			return apperr.E(apperr.Invalid, refusal)
		}
		*to = &v
		return nil
	}
}

// grid reads the festival's grid; null or [] removes it.
func grid(to **festival.Grid) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var g festival.Grid
		if err := json.Unmarshal(raw, &g); err != nil {
			if refusal := festival.GridWeightRefusal(err); refusal != nil {
				return refusal
			}
			return apperr.E(apperr.Invalid, texts.GridsShape)
		}
		*to = &g
		return nil
	}
}

// categoryGrids reads {"<id_categorie>": grid}; null or {} removes every
// category's grid.
func categoryGrids(to **map[int64]festival.Grid) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var byID map[string]festival.Grid
		if err := json.Unmarshal(raw, &byID); err != nil {
			if refusal := festival.GridWeightRefusal(err); refusal != nil {
				return refusal
			}
			return apperr.E(apperr.Invalid, texts.GridsShape)
		}
		grids := map[int64]festival.Grid{}
		for k, g := range byID {
			id, err := strconv.ParseInt(k, 10, 64)
			if err != nil || id <= 0 {
				return apperr.E(apperr.Invalid, texts.GridsShape)
			}
			grids[id] = g
		}
		*to = &grids
		return nil
	}
}

// categoryWindows reads {"<id_categorie>": {submissions_open_at,
// submissions_close_at, voting_open_at, voting_close_at}} (each date ISO
// 8601 or null); null or {} removes every category window.
func categoryWindows(to **map[int64]festival.CategoryWindow) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		bad := apperr.E(apperr.Invalid, texts.CategoryWindowsShape)
		var byID map[string]map[string]festival.Time
		if err := json.Unmarshal(raw, &byID); err != nil {
			return bad
		}
		out := map[int64]festival.CategoryWindow{}
		for k, dates := range byID {
			id, err := strconv.ParseInt(k, 10, 64)
			if err != nil || id <= 0 {
				return bad
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
					return bad
				}
			}
			out[id] = w
		}
		*to = &out
		return nil
	}
}

// feedback reads {"decision", "marks", "comments", "viewing"}: booleans, each
// optional (a part not sent is off).
func feedback(to **festival.FeedbackParts) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var parts map[string]json.RawMessage
		if err := json.Unmarshal(raw, &parts); err != nil || parts == nil {
			return apperr.E(apperr.Invalid, texts.FeedbackShape)
		}
		var f festival.FeedbackParts
		for name, v := range parts {
			var on bool
			if err := json.Unmarshal(v, &on); err != nil || isNull(v) {
				return apperr.E(apperr.Invalid, texts.FeedbackShape)
			}
			switch name {
			case "decision":
				f.Decision = on
			case "marks":
				f.Marks = on
			case "comments":
				f.Comments = on
			case "viewing":
				f.Viewing = on
			default:
				return apperr.E(apperr.Invalid, texts.FeedbackShape)
			}
		}
		*to = &f
		return nil
	}
}

// mediaChecks reads {"<check>": "refuse"|"warn"|"off"}: an unknown check
// or action is refused, naming it.
func mediaChecks(to *festival.MediaCheckActions) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		var byName map[string]string
		if err := json.Unmarshal(raw, &byName); err != nil || byName == nil {
			return apperr.E(apperr.Invalid, texts.MediaChecksShape)
		}
		out := festival.MediaCheckActions{}
		names := make([]string, 0, len(byName))
		for name := range byName {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			c, ok := festival.ParseMediaCheck(name)
			if !ok {
				return apperr.Ef(apperr.Invalid, texts.UnknownMediaCheck, name)
			}
			a, ok := festival.ParseCheckAction(byName[name])
			if !ok {
				return apperr.Ef(apperr.Invalid, texts.UnknownCheckAction, byName[name], name)
			}
			out[c] = a
		}
		*to = out
		return nil
	}
}

// categoryRules reads {"<id_categorie>": [{kind, number, values, question}]}:
// each rule's fields typed, no other field; null or {} removes every
// category's rules. The rules' bounds are the domain's
// (festival.CheckCategoryRules), checked by the service.
func categoryRules(to **map[int64][]festival.EligibilityRule) func(string, json.RawMessage) error {
	return func(_ string, raw json.RawMessage) error {
		bad := apperr.E(apperr.Invalid, texts.CategoryRulesShape)
		var byID map[string][]festival.EligibilityRule
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&byID); err != nil {
			return bad
		}
		out := map[int64][]festival.EligibilityRule{}
		for k, rules := range byID {
			id, err := strconv.ParseInt(k, 10, 64)
			if err != nil || id <= 0 {
				return bad
			}
			if len(rules) > 0 {
				out[id] = rules
			}
		}
		*to = &out
		return nil
	}
}
