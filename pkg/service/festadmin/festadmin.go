// Package festadmin is the festival's administration: its settings (rules
// stricter than the specification's defaults) and the audit trail.
package festadmin

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// Texts of the settings and audit operations.
const (
	MsgSettingsUpdated = "Paramètres du festival mis à jour"
	MsgNoSetting       = "Aucun paramètre à modifier : envoyez jury_vote_assigned_only (booléen) et/ou self_registration_roles (liste parmi ADMIN, JURY, PRODUCER)"
)

// DefaultAuditLimit is the page size of GET /audit without ?limit=: the trail
// only grows, so it is never listed whole.
const DefaultAuditLimit = 100

// Service runs the settings and audit operations.
type Service struct {
	store *dynamo.Store
}

// New returns the administration service.
func New(st *dynamo.Store) *Service { return &Service{store: st} }

// Settings reads the festival settings.
func (s *Service) Settings(ctx context.Context) (festival.Settings, error) {
	return s.store.GetSettings(ctx)
}

// UpdateSettings changes the settings that were sent. Unknown keys are
// refused, so that a misspelt setting is not silently ignored.
func (s *Service) UpdateSettings(ctx context.Context, c festival.Actor, f web.Fields) (festival.Settings, error) {
	if len(f) == 0 {
		return festival.Settings{}, apperr.E(apperr.Invalid, MsgNoSetting)
	}
	var unknown []string
	for k := range f {
		if k != "jury_vote_assigned_only" && k != "self_registration_roles" {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return festival.Settings{}, apperr.Ef(apperr.Invalid, "Paramètre inconnu : %s. %s", strings.Join(unknown, ", "), MsgNoSetting)
	}
	var assignedOnly *bool
	if f.Has("jury_vote_assigned_only") {
		var b bool
		if err := json.Unmarshal(f["jury_vote_assigned_only"], &b); err != nil || f.IsNull("jury_vote_assigned_only") {
			return festival.Settings{}, apperr.E(apperr.Invalid, "Le paramètre jury_vote_assigned_only doit être un booléen (true ou false)")
		}
		assignedOnly = &b
	}
	var roles []festival.Role
	if f.Has("self_registration_roles") {
		var names []string
		if err := json.Unmarshal(f["self_registration_roles"], &names); err != nil || f.IsNull("self_registration_roles") {
			return festival.Settings{}, apperr.E(apperr.Invalid, "Le paramètre self_registration_roles doit être une liste de rôles parmi ADMIN, JURY, PRODUCER (éventuellement vide)")
		}
		seen := map[festival.Role]bool{}
		roles = []festival.Role{}
		for _, n := range names {
			r, ok := festival.ParseRole(n)
			if !ok {
				return festival.Settings{}, apperr.Ef(apperr.Invalid, "Rôle inconnu dans self_registration_roles : %q (valeurs possibles : ADMIN, JURY, PRODUCER)", n)
			}
			if !seen[r] {
				seen[r] = true
				roles = append(roles, r)
			}
		}
	}
	return s.store.UpdateSettings(ctx, c, func(st *festival.Settings) error {
		if assignedOnly != nil {
			st.JuryVoteAssignedOnly = *assignedOnly
		}
		if roles != nil {
			st.SelfRegistrationRoles = roles
		}
		return nil
	})
}

// AuditQuery is a parsed GET /audit query.
type AuditQuery struct {
	Filter dynamo.AuditFilter
	Page   dynamo.Page
}

// ParseAuditQuery reads ?actor=&action=&target=&from=&to=&limit=&cursor=.
func ParseAuditQuery(q map[string][]string) (AuditQuery, error) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	var a AuditQuery
	if s := get("actor"); s != "" {
		var id int64
		if err := json.Unmarshal([]byte(s), &id); err != nil || id <= 0 {
			return a, apperr.Ef(apperr.Invalid, "Paramètre actor invalide : %q (identifiant d'utilisateur attendu)", s)
		}
		a.Filter.ActorID = id
	}
	a.Filter.Action, a.Filter.Target = get("action"), get("target")
	for _, b := range []struct {
		name string
		dst  *time.Time
	}{{"from", &a.Filter.From}, {"to", &a.Filter.To}} {
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
	if !a.Filter.From.IsZero() && !a.Filter.To.IsZero() && a.Filter.To.Before(a.Filter.From) {
		return a, apperr.E(apperr.Invalid, "Le paramètre to précède le paramètre from")
	}
	a.Page.Cursor = get("cursor")
	a.Page.Limit = DefaultAuditLimit
	if s := get("limit"); s != "" {
		var n int32
		if err := json.Unmarshal([]byte(s), &n); err != nil || n < 1 || n > 1000 {
			return a, apperr.E(apperr.Invalid, "Paramètre limit invalide (entier de 1 à 1000)")
		}
		a.Page.Limit = n
	}
	return a, nil
}

// Audit lists audit entries newest first, one page at a time.
func (s *Service) Audit(ctx context.Context, q AuditQuery) ([]festival.AuditEntry, string, error) {
	return s.store.ListAudit(ctx, q.Filter, q.Page)
}
