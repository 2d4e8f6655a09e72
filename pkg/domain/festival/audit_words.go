package festival

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// AuditRefs are the records one page of the trail names: the people who
// acted and what they acted on, each id once.
type AuditRefs struct {
	Users, Films, Categories, Events []int64
}

// Empty reports whether there is nothing to name.
func (r AuditRefs) Empty() bool {
	return len(r.Users)+len(r.Films)+len(r.Categories)+len(r.Events) == 0
}

// AuditNames are the names of AuditRefs as the records say them now: a
// person's first and last name, a film's title, a category's or an event's
// name. An id without a name is a record that is gone.
type AuditNames struct {
	Users, Films, Categories, Events map[int64]string
}

// AuditRefsOf lists the records entries name, each once, in id order.
func AuditRefsOf(entries []AuditEntry) AuditRefs {
	var r AuditRefs
	add := func(ids *[]int64, id int64) {
		if id > 0 && !slices.Contains(*ids, id) {
			*ids = append(*ids, id)
		}
	}
	for _, e := range entries {
		add(&r.Users, e.ActorID)
		kind, id := auditTarget(e.Target)
		switch kind {
		case "user":
			add(&r.Users, id)
		case "movie":
			add(&r.Films, id)
		case "category":
			add(&r.Categories, id)
		case "event":
			add(&r.Events, id)
		}
	}
	for _, ids := range [][]int64{r.Users, r.Films, r.Categories, r.Events} {
		slices.Sort(ids)
	}
	return r
}

// auditTarget splits a target "movie:12" into its kind and its number (0
// when the target is not a number: "template:movie.status", "settings").
func auditTarget(target string) (string, int64) {
	kind, rest, _ := strings.Cut(target, ":")
	id, err := strconv.ParseInt(rest, 10, 64)
	if err != nil || id <= 0 {
		return kind, 0
	}
	return kind, id
}

// AuditLine is an audit entry as a person reads it, in one language: who
// (their name now), what (a sentence), on what (a title, a name) and, for a
// change, each field's label with its value before and after in words.
type AuditLine struct {
	AuditEntry
	ActorName   string            `json:"actor_name"`
	TargetLabel string            `json:"target_label"`
	Summary     string            `json:"summary"`
	Worded      []AuditChangeLine `json:"changes"`
}

// AuditChangeLine is one field of a change in words.
type AuditChangeLine struct {
	Field  string `json:"field"`
	Label  string `json:"label"`
	Before string `json:"before"`
	After  string `json:"after"`
}

// WordAudit writes e for a reader of l, naming people and records from n.
func WordAudit(l texts.Lang, e AuditEntry, n AuditNames) AuditLine {
	line := AuditLine{AuditEntry: e, ActorName: actorName(l, e.ActorID, n), TargetLabel: targetLabel(l, e, n)}
	line.Summary = auditSummary(l, e, line.TargetLabel)
	line.Worded = []AuditChangeLine{}
	for _, c := range auditChangesOf(e) {
		before, after := auditWord(l, c.Field, c.Before), auditWord(l, c.Field, c.After)
		if c.Before == c.After {
			after = texts.T(l, texts.AuditValueChanged) // a list or map changed inside
		}
		line.Worded = append(line.Worded, AuditChangeLine{Field: c.Field, Label: AuditFieldLabel(l, c.Field), Before: before, After: after})
	}
	return line
}

func actorName(l texts.Lang, id int64, n AuditNames) string {
	if id == 0 {
		return texts.T(l, texts.AuditActorSystem)
	}
	if name, ok := n.Users[id]; ok {
		return name
	}
	return texts.T(l, texts.AuditActorErased)
}

// targetLabel names what an entry acted on: the record's name now, else the
// name the entry kept (a deleted film's title, a deleted category's name),
// else its number.
func targetLabel(l texts.Lang, e AuditEntry, n AuditNames) string {
	kind, id := auditTarget(e.Target)
	names, named := map[string]map[int64]string{"user": n.Users, "movie": n.Films, "category": n.Categories, "event": n.Events}[kind]
	if name, ok := names[id]; ok && id > 0 {
		return name
	}
	kept := []string{"title", "name"}
	if kind == "category" {
		kept = append(kept, "to") // a renamed category's new name
	}
	for _, k := range kept {
		if v := e.Details[k]; v != "" && named {
			return v
		}
	}
	if id > 0 {
		return texts.T(l, texts.AuditNumber, strconv.FormatInt(id, 10))
	}
	_, rest, _ := strings.Cut(e.Target, ":")
	return rest
}

// auditSummary is the action as a sentence; a text with a %s names the
// target.
func auditSummary(l texts.Lang, e AuditEntry, label string) string {
	if to := e.Details["to"]; e.Action == "movie.status" && to != "" {
		return texts.T(l, texts.AuditDidMovieStatusTo, StatusWordIn(l, AudienceAdmin, SelectionStatus(to), true), label)
	}
	key, ok := auditActionWords[e.Action]
	if !ok {
		return texts.T(l, texts.AuditUnknownAction, e.Action)
	}
	if strings.Contains(texts.T(l, key), "%s") {
		return texts.T(l, key, label)
	}
	return texts.T(l, key)
}

// legacyChangeField is the field of the entries that recorded a change as
// details "from" and "to" before entries kept their changes.
var legacyChangeField = map[string]string{"movie.status": "selection_status", "user.role": "role", "category.update": "name"}

// auditChangesOf is what e records as changed.
func auditChangesOf(e AuditEntry) []AuditChange {
	if len(e.Changes) > 0 {
		return e.Changes
	}
	from, hasFrom := e.Details["from"]
	to, hasTo := e.Details["to"]
	if f, ok := legacyChangeField[e.Action]; ok && hasFrom && hasTo && from != to {
		return []AuditChange{{Field: f, Before: from, After: to}}
	}
	return nil
}

// AuditFieldLabel is a field's label in l (the field's own name when the
// catalogue has none).
func AuditFieldLabel(l texts.Lang, field string) string {
	if key, ok := auditFieldWords[field]; ok {
		return texts.T(l, key)
	}
	return field
}

// auditValueWords are the words of the settings' enumerated values.
var auditValueWords = map[string]texts.Key{
	"ADMIN": texts.AuditValueRoleAdmin, "JURY": texts.AuditValueRoleJury, "PRODUCER": texts.AuditValueRoleProducer,
	"public_film_view=" + string(FilmViewFull): texts.AuditValueViewFull, "public_film_view=" + string(FilmViewRedacted): texts.AuditValueViewRedacted,
	"public_selection=" + string(SelectionAll): texts.AuditValueSelectionAll, "public_selection=" + string(SelectionCurated): texts.AuditValueSelectionCurated,
	"incomplete_entries=" + string(IncompleteRefuse): texts.AuditValueIncompleteRefuse, "incomplete_entries=" + string(IncompleteSave): texts.AuditValueIncompleteSave,
}

// auditWord writes a recorded value in words: nothing, yes or no, a date,
// a status, roles, the settings' choices; any other value as it is.
func auditWord(l texts.Lang, field, v string) string {
	switch {
	case v == "":
		return texts.T(l, texts.AuditValueNone)
	case field == "selection_status":
		return StatusWordIn(l, AudienceAdmin, SelectionStatus(v), true)
	case field == "role" || field == "self_registration_roles":
		roles := strings.Split(v, ",")
		for i, r := range roles {
			if key, ok := auditValueWords[r]; ok {
				roles[i] = texts.T(l, key)
			}
		}
		return strings.Join(roles, ", ")
	case v == "true":
		return texts.T(l, texts.AuditValueYes)
	case v == "false":
		return texts.T(l, texts.AuditValueNo)
	}
	if key, ok := auditValueWords[field+"="+v]; ok {
		return texts.T(l, key)
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return texts.DateTime(l, t, nil)
	}
	return v
}

// AuditAction is a choice of the trail's filter by action: an action's
// code, or a family's ("movie."), with its words.
type AuditAction struct {
	Action string `json:"action"`
	Label  string `json:"label"`
}

// AuditActions are the filter's choices in l: each family, then each
// action, in code order.
func AuditActions(l texts.Lang) []AuditAction {
	var out []AuditAction
	for _, f := range slices.Sorted(maps.Keys(auditFamilyWords)) {
		out = append(out, AuditAction{Action: f + ".", Label: texts.T(l, auditFamilyWords[f])})
	}
	for _, code := range slices.Sorted(maps.Keys(auditActionWords)) {
		key := auditActionWords[code]
		label := texts.T(l, key)
		if strings.Contains(label, "%s") {
			label = texts.T(l, key, texts.T(l, texts.AuditAnyFilm))
		}
		out = append(out, AuditAction{Action: code, Label: label})
	}
	return out
}

// AuditActionCodes are the codes the trail has words for.
func AuditActionCodes() []string { return slices.Sorted(maps.Keys(auditActionWords)) }
