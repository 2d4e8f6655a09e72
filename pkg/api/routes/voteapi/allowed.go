package voteapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/voting"
)

// Judgement is what the caller may do on a film now: vote on it, mark it
// candidate, and, when the vote is refused, the refusal's words (reason, in
// the request's language) and key (code, as an error body's).
type Judgement struct {
	Vote      bool   `json:"vote"`
	Candidate bool   `json:"candidate"`
	Reason    string `json:"reason,omitempty"`
	Code      string `json:"code,omitempty"`
}

func judgement(r *http.Request, a voting.Allowance) Judgement {
	j := Judgement{Vote: a.Vote, Candidate: a.Candidate}
	if a.Refusal != nil {
		j.Reason, j.Code = a.Refusal.Text(web.Lang(r)), string(a.Refusal.Key)
	}
	return j
}

// AllowedBody is the answer of GET /votes/allowed/:id_movie: the judgement
// and the caller's vote on the film (null: none yet).
type AllowedBody struct {
	Judgement
	MyVote *festival.Vote `json:"my_vote"`
}

// allowed is what the calling jury member may do on a film (JURY).
func (h *Handler) allowed(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		return 0, nil, err
	}
	a, err := h.votes.Allowed(r.Context(), c, id)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, AllowedBody{Judgement: judgement(r, a), MyVote: a.Mine}, nil
}

// QueueFilm is one film of GET /votes/queue.
type QueueFilm struct {
	ID       int64  `json:"id_movie"`
	Title    string `json:"title"`
	Duration *int64 `json:"duration"`
	// State is to_watch, watched (the juror opened it) or voted.
	State string `json:"state"`
	// Score is the caller's vote's (null: none yet).
	Score *festival.Decimal `json:"score"`
	Judgement
}

// QueueBody is the answer of GET /votes/queue: the films assigned to the
// caller, in id order, and the next one to watch (null: none).
type QueueBody struct {
	Films []QueueFilm `json:"films"`
	Next  *int64      `json:"next"`
}

// queue is the calling jury member's films, each with its state and what
// they may do on it (JURY). It is of the current edition, the one a juror
// judges: the edition parameter is refused rather than ignored.
func (h *Handler) queue(r *http.Request, c festival.Actor) (int, any, error) {
	if r.URL.Query().Has("edition") {
		return 0, nil, apperr.E(apperr.Invalid, texts.QueueCurrentEditionOnly)
	}
	entries, next, err := h.votes.Queue(r.Context(), c)
	if err != nil {
		return 0, nil, err
	}
	body := QueueBody{Films: make([]QueueFilm, 0, len(entries))}
	if next != 0 {
		body.Next = &next
	}
	for _, e := range entries {
		f := QueueFilm{ID: e.Movie.ID, Title: e.Movie.Title, Duration: e.Movie.Duration, State: e.State,
			Judgement: judgement(r, e.Allowance)}
		if e.Mine != nil {
			score := e.Mine.Score
			f.Score = &score
		}
		body.Films = append(body.Films, f)
	}
	return http.StatusOK, body, nil
}
