package auditapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// list answers GET /audit: entries newest first, one page (100 by default),
// each with its names and words in the request's language, the next page's
// cursor in X-Next-Cursor.
func (h *Handler) list(r *http.Request, _ festival.Actor) (int, any, error) {
	q, err := readAuditQuery(r.URL.Query())
	if err != nil {
		return 0, nil, err
	}
	lines, next, err := h.admin.Audit(r.Context(), web.Lang(r), q)
	return http.StatusOK, web.Page(lines, next), err
}

// actions answers GET /audit/actions: the filter's choices in words.
func (h *Handler) actions(r *http.Request, _ festival.Actor) (int, any, error) {
	return http.StatusOK, h.admin.AuditActions(web.Lang(r)), nil
}

// export answers GET /audit.csv: the entries the same filters select, as
// CSV in the request's language (festadmin.ExportAudit).
func (h *Handler) export(r *http.Request, _ festival.Actor) (int, any, error) {
	q, err := readAuditQuery(r.URL.Query())
	if err != nil {
		return 0, nil, err
	}
	var buf bytes.Buffer
	truncated, err := h.admin.ExportAudit(r.Context(), web.Lang(r), q, &buf)
	file := web.CSV{Name: "audit.csv", Data: buf.Bytes()}
	if truncated {
		file.Header = http.Header{"X-Audit-Truncated": {strconv.Itoa(festadmin.MaxAuditExport)}}
	}
	return http.StatusOK, file, err
}

var (
	actionShape = regexp.MustCompile(`^[a-z_]+(\.[a-z_]+)*\.?$`)
	targetShape = regexp.MustCompile(`^[a-z_]+(:[A-Za-z0-9._#-]+)?$`)
)

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
			return a, apperr.Ef(apperr.Invalid, texts.AuditBadActor, s)
		}
		a.ActorID = id
	}
	a.Action, a.Target = get("action"), get("target")
	if a.Action != "" && (len(a.Action) > festadmin.MaxAuditParam || !actionShape.MatchString(a.Action)) {
		return a, apperr.Ef(apperr.Invalid, texts.AuditBadAction, clipParam(a.Action))
	}
	if a.Target != "" && (len(a.Target) > festadmin.MaxAuditParam || !targetShape.MatchString(a.Target)) {
		return a, apperr.Ef(apperr.Invalid, texts.AuditBadTarget, clipParam(a.Target))
	}
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
			return a, apperr.Ef(apperr.Invalid, texts.AuditBadDate, b.name, s)
		}
		*b.dst = t.Time
	}
	if !a.From.IsZero() && !a.To.IsZero() && a.To.Before(a.From) {
		return a, apperr.E(apperr.Invalid, texts.AuditToBeforeFrom)
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

// clipParam keeps a refused parameter short in the answer that quotes it.
func clipParam(s string) string {
	if len(s) > festadmin.MaxAuditParam {
		return s[:festadmin.MaxAuditParam] + "…"
	}
	return s
}
