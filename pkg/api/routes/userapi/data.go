package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A person's own data: their erasure (DELETE /users/me) and their export
// (GET /users/me/export, then the link it sends: GET /users/me/export/{id}).

// eraseMe erases the caller's account: {password} (the current one).
func (h *Handler) eraseMe(r *http.Request, c festival.Actor) (int, any, error) {
	f, err := web.Body(r, texts.ErasePasswordMissing)
	if err != nil {
		return 0, nil, err
	}
	password, _, err := f.String("password")
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.AccountErased, h.accounts.EraseMe(r.Context(), c, password, web.SourceAddress(r)))
}

// export builds the caller's export and sends its link by message: 202.
func (h *Handler) export(r *http.Request, c festival.Actor) (int, any, error) {
	if err := h.accounts.Export(r.Context(), c); err != nil {
		return 0, nil, err
	}
	return http.StatusAccepted, web.Message{Message: web.Say(r, texts.ExportStarted)}, nil
}

// download answers 302 to a fresh presigned link to the caller's export.
func (h *Handler) download(r *http.Request, c festival.Actor) (int, any, error) {
	link, err := h.accounts.Download(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusFound, redirect(link), nil
}

// redirect is an answer that sends the client to a link, and that no cache
// keeps; its body names the link too ({url}), for a client that reads the
// answer rather than follow it.
type redirect string

func (l redirect) Write(w http.ResponseWriter, status int) {
	w.Header().Set("Location", string(l))
	w.Header().Set("Cache-Control", "no-store")
	web.JSON(w, status, Link{URL: string(l)})
}

// Link is the body of a redirect.
type Link struct {
	URL string `json:"url"`
}
