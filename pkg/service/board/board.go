// Package board is the selection committee's board: the edition's films
// sorted, filtered and paged for admins, with the committee's own tags,
// notes and saved views. The movies route group serves the board, tags and
// notes; the users route group an admin's views.
package board

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Service runs the board.
type Service struct {
	st  Stores
	now func() time.Time
	// rows are the board's rows of the films as last read, before their
	// votes, for the state of the list (and language) they were made from.
	rows struct {
		sync.Mutex
		key   string
		films *festival.BoardFilms
	}
}

// New returns the board over its stores.
func New(st Stores, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{st: st, now: now}
}

// storeErr turns the store's typed failures into the API's.
func storeErr(err error) error {
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return apperr.E(apperr.NotFound, texts.MovieNotFound)
	case errors.Is(err, festival.ErrConflict):
		return apperr.E(apperr.Conflict, texts.MovieChangedMeanwhile)
	}
	return err
}

// Board answers one view of the board, built from the edition's films (the
// list kept in memory: no request while it is fresh) and its votes' scores
// (one Query per MB), read side by side. The films' rows, the costly part
// (folding every title and name for the search), are made once per state of
// the list and language, and each view adds the votes to a copy of them.
func (s *Service) Board(ctx context.Context, q festival.BoardQuery) (festival.Board, error) {
	// The two reads are independent: side by side, the board waits for the
	// longer one only.
	var votes []festival.Vote
	var votesErr error
	var wg sync.WaitGroup
	wg.Go(func() { votes, votesErr = s.st.Votes.VoteScores(ctx) })
	var st festival.Settings
	rows, err := s.filmRows(ctx, &st)
	wg.Wait()
	if err != nil {
		return festival.Board{}, storeErr(err)
	}
	if votesErr != nil {
		return festival.Board{}, votesErr
	}
	in := festival.BoardInput{Prepared: rows, Votes: votes}
	if q.Incomplete != nil {
		lang, now := texts.LangOf(ctx), s.now()
		in.Checklist = func(m festival.Movie) festival.Completeness { return st.ChecklistIn(m, now, lang) }
	}
	return festival.BuildBoard(q, in), nil
}

// filmRows are the rows of the edition's films as an admin reads them, with
// the settings read into st: those made last when the list and the language
// are the same, else made now.
func (s *Service) filmRows(ctx context.Context, st *festival.Settings) (*festival.BoardFilms, error) {
	stamp, err := s.st.Films.MoviesStamp(ctx, st)
	if err != nil {
		return nil, err
	}
	lang := texts.LangOf(ctx)
	key := stamp + "\x00" + string(lang)
	s.rows.Lock()
	defer s.rows.Unlock() // one view makes the rows; the others wait for them
	if stamp != "" && s.rows.key == key {
		return s.rows.films, nil
	}
	films, _, err := s.st.Films.ListMovies(ctx, festival.MovieFilter{Settings: st}, festival.Page{})
	if err != nil {
		return nil, err
	}
	rows := festival.PrepareBoard(st.In(lang).FilmsFor(festival.Actor{Role: festival.RoleAdmin}, films, s.now()))
	if stamp != "" {
		s.rows.key, s.rows.films = key, rows
	}
	return rows, nil
}

// Tags lists every committee tag in use in the edition, with its count.
func (s *Service) Tags(ctx context.Context) ([]festival.TagCount, error) {
	films, _, err := s.st.Films.ListMovies(ctx, festival.MovieFilter{}, festival.Page{})
	if err != nil {
		return nil, storeErr(err)
	}
	return festival.TagCounts(films), nil
}

// SetTags replaces a film's tags (already normalized), audited `movie.tags`
// with the tags before and after; it returns the tags kept.
func (s *Service) SetTags(ctx context.Context, c festival.Actor, id int64, tags []string) ([]string, error) {
	m, err := s.st.Films.ChangeMovie(ctx, id, &festival.AuditInfo{Actor: c, Action: "movie.tags"}, festival.SetTags(tags))
	if err != nil {
		return nil, storeErr(err)
	}
	if m.Tags == nil {
		return []string{}, nil
	}
	return m.Tags, nil
}

// Notes reads a film's notes, oldest first, each with its author's name as
// the account has it now (an erased account: no name).
func (s *Service) Notes(ctx context.Context, c festival.Actor, id int64) ([]festival.Note, error) {
	notes, err := s.st.Notes.MovieNotes(ctx, id)
	if err != nil {
		return nil, storeErr(err)
	}
	var others []int64
	for _, n := range notes {
		if (c.Record == nil || n.Author.ID != c.ID) && !slices.Contains(others, n.Author.ID) {
			others = append(others, n.Author.ID)
		}
	}
	people := map[int64]festival.User{}
	if len(others) > 0 {
		if people, err = s.st.People.UsersByID(ctx, others); err != nil {
			return nil, err
		}
	}
	if c.Record != nil {
		people[c.ID] = *c.Record // the caller, as the token check read them
	}
	for i, n := range notes {
		if u, ok := people[n.Author.ID]; ok {
			notes[i].Author.FirstName, notes[i].Author.LastName = u.FirstName, u.LastName
		}
	}
	return notes, nil
}

// AddNote writes the caller's note on a film and returns it.
func (s *Service) AddNote(ctx context.Context, c festival.Actor, id int64, text string) (festival.Note, error) {
	var b [4]byte
	_, _ = rand.Read(b[:])
	n, err := festival.NewNote(id, c.ID, text, s.now(), binary.BigEndian.Uint32(b[:]))
	if err != nil {
		return n, err
	}
	if err := s.st.Notes.AddMovieNote(ctx, c, n); err != nil {
		return n, storeErr(err)
	}
	if c.Record != nil {
		n.Author.FirstName, n.Author.LastName = c.Record.FirstName, c.Record.LastName
	}
	return n, nil
}

// DeleteNote deletes one of the caller's notes: another admin's is 403, an
// unknown one 404.
func (s *Service) DeleteNote(ctx context.Context, c festival.Actor, id int64, noteID string) error {
	if !festival.ValidNoteID(noteID) {
		return apperr.E(apperr.NotFound, texts.NoteNotFound)
	}
	err := s.st.Notes.DeleteMovieNote(ctx, c, id, noteID)
	switch {
	case errors.Is(err, festival.ErrNotNoteAuthor):
		return apperr.E(apperr.Forbidden, texts.NoteNotAuthor)
	case errors.Is(err, festival.ErrNotFound):
		return apperr.E(apperr.NotFound, texts.NoteNotFound)
	}
	return storeErr(err)
}

// Views reads the caller's saved views.
func (s *Service) Views(ctx context.Context, c festival.Actor) ([]festival.SavedView, error) {
	return s.st.Views.SavedViews(ctx, c.ID)
}

// SaveViews replaces the caller's saved views (festival.SavedViews checks
// them) and returns them as kept.
func (s *Service) SaveViews(ctx context.Context, c festival.Actor, in []festival.ViewInput) ([]festival.SavedView, error) {
	have, err := s.st.Views.SavedViews(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	views, err := festival.SavedViews(in, have, newViewID)
	if err != nil {
		return nil, err
	}
	if err := s.st.Views.SaveViews(ctx, c, views); err != nil {
		if errors.Is(err, festival.ErrNotFound) {
			return nil, apperr.E(apperr.Unauthorized, texts.TokenInvalid)
		}
		return nil, err
	}
	return views, nil
}

// newViewID is a new view's id: 12 random hex digits.
func newViewID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
