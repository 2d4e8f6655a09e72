package movieapi

import (
	"context"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/movieform"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Each JSON-bodied change of one film decodes its body into the service's
// typed input, then calls the service.

func (h *Handler) update(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	p, err := movieform.Patch(f, true, false, h.movies.Now())
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.Update(ctx, c, id, p)
}

// editEntry reads the producer-editable fields of PUT /movies/{id}/entry: a
// producer sending a field only admins set is answered 400 naming it.
func (h *Handler) editEntry(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	admin := c.Is(festival.RoleAdmin)
	if !admin {
		for _, name := range []string{"status", "jury_comment", "admin_comment"} {
			if f.Has(name) {
				return festival.Movie{}, apperr.Ef(apperr.Invalid, texts.AdminOnlyField, name)
			}
		}
	}
	p, err := movieform.Patch(f, admin, false, h.movies.Now())
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.EditEntry(ctx, c, id, p)
}

func (h *Handler) setStatus(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	st, err := movieform.Status(f)
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.SetStatus(ctx, c, id, st)
}

func (h *Handler) setCategories(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	ids, err := requiredIDs(f, "categories", movies.MaxCategories, texts.CategoriesRequired)
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.SetCategories(ctx, c, id, ids)
}

func (h *Handler) setJuries(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	ids, err := requiredIDs(f, "juries", movies.MaxJuries, texts.JuriesRequired)
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.SetJuries(ctx, c, id, ids)
}

// requiredIDs reads the list of at most max ids in field; absent, it is the
// 400 missing.
func requiredIDs(f web.Fields, field string, max int, missing texts.Key) ([]int64, error) {
	ids, sent, err := movieform.IDs(f, field, max)
	if err == nil && !sent {
		err = apperr.E(apperr.Invalid, missing)
	}
	return ids, err
}

func (h *Handler) setCollaborators(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	collabs, sent, err := movieform.Collaborators(f)
	if err != nil {
		return festival.Movie{}, err
	}
	if !sent {
		return festival.Movie{}, apperr.E(apperr.Invalid, texts.CollaboratorsRequired)
	}
	return h.movies.SetCollaborators(ctx, c, id, collabs)
}

// directPart reads the `part` of a direct upload body.
func directPart(f web.Fields) (string, error) {
	part, _, err := f.String("part")
	if err != nil {
		return "", err
	}
	if !movies.IsDirectPart(part) {
		return "", apperr.E(apperr.Invalid, texts.DirectPart)
	}
	return part, nil
}

// startUpload reads {part, size}.
func (h *Handler) startUpload(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	part, err := directPart(f)
	if err != nil {
		return 0, nil, err
	}
	size, err := movieform.Size(f)
	if err != nil {
		return 0, nil, err
	}
	up, err := h.movies.StartUpload(r.Context(), c, id, part, size)
	return http.StatusCreated, up, err
}

// completeUpload reads {part, name, upload_id, parts: [{number, etag}]}.
func (h *Handler) completeUpload(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	part, err := directPart(f)
	if err != nil {
		return festival.Movie{}, err
	}
	var in movies.CompletedUpload
	name, _, err1 := f.String("name")
	uploadID, _, err2 := f.String("upload_id")
	var parts []struct {
		Number int32  `json:"number"`
		ETag   string `json:"etag"`
	}
	_, err3 := f.Decode("parts", &parts)
	if err1 != nil || err2 != nil || err3 != nil {
		return festival.Movie{}, apperr.E(apperr.Invalid, texts.BadCompletion)
	}
	in.Part, in.Name, in.UploadID = part, name, uploadID
	for _, p := range parts {
		in.Parts = append(in.Parts, movies.UploadedPart{Number: p.Number, ETag: p.ETag})
	}
	return h.movies.CompleteUpload(ctx, c, id, in)
}
