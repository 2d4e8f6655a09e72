package movieapi

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/movieform"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// setAnswers is PUT /movies/:id/answers (the film's producer, an admin):
// {answers: {id: value or null}}.
func (h *Handler) setAnswers(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	raw, ok := f["answers"]
	if !ok {
		return festival.Movie{}, apperr.E(apperr.Invalid, texts.AnswersBodyMissing)
	}
	answers, err := movieform.AnswersObject(raw)
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.SetAnswers(ctx, c, id, festival.RawAnswers{JSON: answers})
}

// question reads the {id} and {question} of the answers' file routes: a
// film id and a question id (anything else names no question: 404).
func question(r *http.Request) (int64, string, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, "", err
	}
	q := r.PathValue("question")
	if !festival.ValidQuestionID(q) {
		return 0, "", apperr.Ef(apperr.NotFound, texts.AnswerUnknown, q)
	}
	return id, q, nil
}

// putAnswerFile is PUT /movies/:id/answers/:question, a multipart form
// whose part `file` is the file (streamed to the bucket as it arrives).
func (h *Handler) putAnswerFile(r *http.Request, c festival.Actor) (int, any, error) {
	id, q, err := question(r)
	if err != nil {
		return 0, nil, err
	}
	parts, err := web.Multipart(r)
	if err != nil {
		return 0, nil, err
	}
	part, err := filePart(parts)
	if err != nil {
		return 0, nil, err
	}
	var body io.Reader
	name := ""
	if part != nil {
		body, name = &wholeForm{part: part, parts: parts}, part.FileName()
	}
	m, err := h.movies.PutAnswerFile(r.Context(), c, id, q, name, body)
	return http.StatusOK, Saved{Message: web.Say(r, texts.AnswerFileSaved), Movie: m}, err
}

// filePart returns the form's part `file` (nil when the form has none);
// other parts before it are passed over.
func filePart(parts *web.Parts) (*multipart.Part, error) {
	for {
		p, err := parts.NextPart()
		switch {
		case err == io.EOF:
			return nil, nil
		case err != nil:
			return nil, apperr.E(apperr.Invalid, texts.BrokenForm)
		case p.FormName() == "file" && p.FileName() != "":
			return p, nil
		}
	}
}

// wholeForm reads a form's file part and ends only once the form's closing
// boundary has arrived: a body cut after the file's bytes is a broken
// upload (the store removes what it wrote), not a shorter file.
type wholeForm struct {
	part  *multipart.Part
	parts *web.Parts
	ended bool // the closing boundary arrived: io.EOF from then on
}

var errFormCut = errors.New("multipart form cut short")

func (w *wholeForm) Read(p []byte) (int, error) {
	if w.ended {
		return 0, io.EOF
	}
	n, err := w.part.Read(p)
	if err != io.EOF {
		return n, err
	}
	for {
		next, perr := w.parts.NextPart()
		switch {
		case perr == io.EOF:
			w.ended = true
			return n, io.EOF
		case perr != nil:
			return n, errFormCut
		}
		if _, cerr := io.Copy(io.Discard, next); cerr != nil {
			return n, errFormCut
		}
	}
}

// deleteAnswerFile is DELETE /movies/:id/answers/:question.
func (h *Handler) deleteAnswerFile(r *http.Request, c festival.Actor) (int, any, error) {
	id, q, err := question(r)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.movies.DeleteAnswerFile(r.Context(), c, id, q)
	return http.StatusOK, Saved{Message: web.Say(r, texts.AnswerFileGone), Movie: m}, err
}

// answerFile is GET /movies/:id/answers/:question: 302 to a short-lived
// link to the file, for a caller who may read that answer.
func (h *Handler) answerFile(r *http.Request, c festival.Actor) (int, any, error) {
	id, q, err := question(r)
	if err != nil {
		return 0, nil, err
	}
	url, err := h.movies.AnswerFileURL(r.Context(), c, id, q)
	return http.StatusFound, redirect(url), err
}

// redirect answers 302 to its link, never cached (the link expires), with
// the link in the body too ({url}) for a client that does not follow.
type redirect string

func (to redirect) Write(w http.ResponseWriter, status int) {
	w.Header().Set("Location", string(to))
	w.Header().Set("Cache-Control", "no-store")
	web.JSON(w, status, struct {
		URL string `json:"url"`
	}{string(to)})
}
