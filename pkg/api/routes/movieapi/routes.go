// Package movieapi serves the movies route group.
package movieapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Handler serves /movies.
type Handler struct {
	movies *movies.Service
	// answers are the anonymous film listings kept finished.
	answers *web.Answers
}

// New returns the movies route group. Every route and its access rule is on
// one line; ownership (collaborators, uploads) and assignment (media) are
// checked by the service, since they depend on the film.
func New(svc *movies.Service, guard *auth.Guard) http.Handler {
	h := &Handler{movies: svc, answers: web.NewAnswers(web.AnswerMemory)}
	g := guard
	admin, jury, producer := festival.RoleAdmin, festival.RoleJury, festival.RoleProducer
	mux := http.NewServeMux()
	mux.Handle("GET /movies", g.Optional(h.list))     // public; what a film shows depends on the caller
	mux.Handle("GET /movies/{id}", g.Optional(h.get)) // public; idem
	mux.Handle("GET /movies/mine", g.Require(h.mine, producer))
	mux.Handle("POST /movies/upload", g.Require(auth.Confirmed(h.upload), producer))
	mux.Handle("GET /movies/assigned", g.Require(h.assigned, jury))
	mux.Handle("PUT /movies/{id}", g.Require(changed(texts.MovieUpdated, h.update), admin))
	mux.Handle("PUT /movies/{id}/status", g.Require(changed(texts.StatusUpdated, h.setStatus), admin))
	mux.Handle("PUT /movies/{id}/categories", g.Require(changed(texts.CategoriesSet, h.setCategories), admin))
	mux.Handle("PUT /movies/{id}/juries", g.Require(changed(texts.JuriesSet, h.setJuries), admin))
	mux.Handle("PUT /movies/{id}/collaborators", g.Require(changed(texts.CollaboratorsSet, h.setCollaborators), producer, admin)) // + owner check
	mux.Handle("PUT /movies/{id}/entry", g.Require(changed(texts.MovieEntryUpdated, h.editEntry), producer, admin))               // + owner check
	mux.Handle("PUT /movies/{id}/answers", g.Require(changed(texts.AnswersSaved, h.setAnswers), producer, admin))                 // + owner check
	mux.Handle("PUT /movies/{id}/answers/{question}", g.Require(h.putAnswerFile, producer, admin))                                // + owner check
	mux.Handle("DELETE /movies/{id}/answers/{question}", g.Require(h.deleteAnswerFile, producer, admin))                          // + owner check
	mux.Handle("GET /movies/{id}/answers/{question}", g.Optional(h.answerFile))                                                   // + the answer's visibility
	mux.Handle("POST /movies/assignment/preview", g.Require(h.previewAssignment, admin))
	mux.Handle("POST /movies/assignment/apply", g.Require(h.applyAssignment, admin))
	mux.Handle("PUT /movies/{id}/jury-candidate", g.Require(h.markCandidate, jury))                                     // a confirmed address: festival.CheckJudging
	mux.Handle("POST /movies/{id}/withdraw", g.Require(changed(texts.MovieWithdrawnDone, h.withdraw), producer, admin)) // + owner check
	mux.Handle("POST /movies/{id}/reinstate", g.Require(h.reinstate, admin))
	mux.Handle("POST /movies/{id}/resubmit", g.Require(auth.Confirmed(h.resubmit), producer, admin)) // + owner check
	mux.Handle("DELETE /movies/{id}", g.Require(h.delete, admin))
	mux.Handle("POST /movies/{id}/viewing", g.Require(h.viewing, jury))
	mux.Handle("GET /movies/{id}/viewing", g.Require(h.myViewing, jury))                                                        // + assigned                                                         // + assigned
	mux.Handle("GET /movies/{id}/media", g.Require(h.media))                                                                    // + admin, owner or assigned jury
	mux.Handle("GET /movies/{id}/poster", g.Optional(h.poster))                                                                 // public; a film the caller may read
	mux.Handle("POST /movies/{id}/uploads", g.Require(h.startUpload, producer, admin))                                          // + owner check
	mux.Handle("POST /movies/{id}/uploads/complete", g.Require(changed(texts.FileUploaded, h.completeUpload), producer, admin)) // + owner check
	return mux
}
