package notificationapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/messaging"
)

// PreviewBody is the answer of a preview: the group's size and samples.
type PreviewBody struct {
	Recipients int                `json:"recipients"`
	Samples    []messaging.Sample `json:"samples"`
}

// ComposedBody is the answer of a message written to a group.
type ComposedBody struct {
	Message    string `json:"message"`
	Recipients int    `json:"recipients"`
}

// compose writes to a group (POST /notifications/compose): {to: {role,
// statuses, id_categorie, behind}, subject, body, preview}.
func (h *Handler) compose(r *http.Request, c festival.Actor) (int, any, error) {
	in, err := web.Read(r, texts.ComposeShape, readComposition)
	if err != nil {
		return 0, nil, err
	}
	in.Link = origin(r)
	out, err := h.messages.Compose(r.Context(), c, in)
	if err != nil {
		return 0, nil, err
	}
	if in.Preview {
		return http.StatusOK, PreviewBody{Recipients: out.Recipients, Samples: out.Samples}, nil
	}
	return http.StatusOK, ComposedBody{Message: messaging.Written(out, web.Lang(r)), Recipients: out.Recipients}, nil
}

// group is the "to" object as sent.
type group struct {
	Role       string   `json:"role"`
	Statuses   []string `json:"statuses"`
	CategoryID int64    `json:"id_categorie"`
	Behind     bool     `json:"behind"`
}

// readComposition reads the body into a typed composition: the role, the
// statuses (producers only), the category, behind (jurors only), the two
// templates (checked by the service) and preview.
func readComposition(f web.Fields) (messaging.Composition, error) {
	var in messaging.Composition
	shape := apperr.E(apperr.Invalid, texts.ComposeShape)
	for k := range f {
		if k != "to" && k != "subject" && k != "body" && k != "preview" {
			return in, shape
		}
	}
	var g group
	dec := json.NewDecoder(bytes.NewReader(f["to"]))
	dec.DisallowUnknownFields()
	if !f.Has("to") || dec.Decode(&g) != nil || g.CategoryID < 0 {
		return in, shape
	}
	if json.Unmarshal(f["subject"], &in.Subject) != nil || json.Unmarshal(f["body"], &in.Body) != nil {
		return in, shape
	}
	if f.Has("preview") && json.Unmarshal(f["preview"], &in.Preview) != nil {
		return in, shape
	}
	role, ok := festival.ParseRole(g.Role)
	if !ok || (role != festival.RoleProducer && role != festival.RoleJury) {
		return in, apperr.E(apperr.Invalid, texts.ComposeRole)
	}
	in.To = mailtemplate.Group{Role: role, CategoryID: g.CategoryID, Behind: g.Behind}
	if len(g.Statuses) > 0 && role != festival.RoleProducer {
		return in, apperr.E(apperr.Invalid, texts.ComposeStatusesJury)
	}
	if g.Behind && role != festival.RoleJury {
		return in, apperr.E(apperr.Invalid, texts.ComposeBehindProducer)
	}
	for _, s := range g.Statuses { // stored statuses only: the guide's words name several
		if !slices.Contains(festival.SelectionStatuses, festival.SelectionStatus(s)) {
			return in, apperr.Ef(apperr.Invalid, texts.ComposeStatus, s)
		}
		in.To.Statuses = append(in.To.Statuses, festival.SelectionStatus(s))
	}
	return in, nil
}

// origin is the console's address as the caller reached it: the API and the
// console share their host, so {{.Link}} in a preview is this one.
func origin(r *http.Request) string {
	scheme := r.Header.Get("X-Forwarded-Proto")
	if scheme == "" {
		scheme = "https"
		if r.TLS == nil {
			scheme = "http"
		}
	}
	return scheme + "://" + r.Host + "/"
}
