package settingsapi

import (
	"encoding/json"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/messaging"
)

// TemplateBody is the answer of PUT and DELETE /settings/templates/{kind}.
type TemplateBody struct {
	Message  string            `json:"message"`
	Template mailtemplate.View `json:"template"`
}

// templates lists every kind's templates (GET /settings/templates), in
// ?lang= (French when absent) with the other languages beside.
func (h *Handler) templates(r *http.Request, _ festival.Actor) (int, any, error) {
	l, err := templateLang(r)
	if err != nil {
		return 0, nil, err
	}
	views, err := h.messages.Templates(r.Context(), l)
	return http.StatusOK, views, err
}

// templateLang is the language ?lang= names on the templates' routes:
// French when absent, 400 when the product does not speak it.
func templateLang(r *http.Request) (texts.Lang, error) {
	q := r.URL.Query()
	if !q.Has("lang") {
		return texts.Default, nil
	}
	l, ok := texts.ParseLang(q.Get("lang"))
	if !ok {
		return "", apperr.E(apperr.Invalid, texts.TemplateLangValue)
	}
	return l, nil
}

// saveTemplate rewrites one kind's template in ?lang= (French when
// absent): {subject, body}.
func (h *Handler) saveTemplate(r *http.Request, c festival.Actor) (int, any, error) {
	kind := festival.MessageKind(r.PathValue("kind"))
	if err := messaging.Editable(kind); err != nil {
		return 0, nil, err // an unknown kind is a 404 whatever the body
	}
	l, err := templateLang(r)
	if err != nil {
		return 0, nil, err
	}
	t, err := web.Read(r, texts.TemplateShape, readTemplate)
	if err != nil {
		return 0, nil, err
	}
	v, err := h.messages.SaveTemplate(r.Context(), c, kind, l, t[0], t[1])
	return http.StatusOK, TemplateBody{Message: web.Say(r, texts.TemplateSaved), Template: v}, err
}

// readTemplate reads {subject, body}: two strings, nothing else.
func readTemplate(f web.Fields) (pair [2]string, err error) {
	for k := range f {
		if k != "subject" && k != "body" {
			return pair, apperr.E(apperr.Invalid, texts.TemplateShape)
		}
	}
	for i, name := range []string{"subject", "body"} {
		if err := json.Unmarshal(f[name], &pair[i]); err != nil || !f.Has(name) {
			return pair, apperr.E(apperr.Invalid, texts.TemplateShape)
		}
	}
	return pair, nil
}

// resetTemplate puts one kind back to its default in ?lang= (French when
// absent).
func (h *Handler) resetTemplate(r *http.Request, c festival.Actor) (int, any, error) {
	kind := festival.MessageKind(r.PathValue("kind"))
	if err := messaging.Editable(kind); err != nil {
		return 0, nil, err
	}
	l, err := templateLang(r)
	if err != nil {
		return 0, nil, err
	}
	v, err := h.messages.ResetTemplate(r.Context(), c, kind, l)
	return http.StatusOK, TemplateBody{Message: web.Say(r, texts.TemplateReset), Template: v}, err
}
