package memory

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Films holds just enough of the films for the catalogue's and the votes'
// rules to be tested: awards go to films, categories are renamed in and
// unlinked from them, votes are judged on their facts and promote them, and
// an assigned-only vote needs the voter on the film's jury. It creates and
// reads films and sets their jury; the rest of the film store (edits, the
// assignment plan, late-entry codes, deletion) is not here.
type Films struct{ db *DB }

// Films returns the festival's film store.
func (db *DB) Films() *Films { return &Films{db: db} }

// NewMovieID draws the next film id.
func (f *Films) NewMovieID(context.Context) (int64, error) {
	f.db.mu.Lock()
	defer f.db.mu.Unlock()
	return f.db.nextID("movies"), nil
}

// CreateMovie stores a new film whose ID, owner, Producer and timestamps
// are set, in the current edition unless m.Edition names it. Its
// categories must exist in that edition (festival.ErrConflict otherwise). Unlike
// the DynamoDB store's CreateMovie, it takes no admission: a late-entry code
// is not modelled here.
func (f *Films) CreateMovie(_ context.Context, m festival.Movie) error {
	db := f.db
	db.mu.Lock()
	defer db.mu.Unlock()
	if len(m.Juries) > 0 {
		return fmt.Errorf("create film: juries are assigned after creation")
	}
	if _, ok := db.films[m.ID]; ok {
		return fmt.Errorf("create film %d: the id is taken", m.ID)
	}
	if m.Edition == "" {
		m.Edition = db.currentEdition()
	}
	for _, c := range m.Categories {
		if _, ok := db.categories[c.ID]; !ok || db.categoryEditions[c.ID] != m.Edition {
			return festival.ErrConflict
		}
	}
	db.films[m.ID] = cloneMovie(m)
	return nil
}

// GetMovie reads one film, as the DynamoDB store reads it back: embedded
// lists never nil, categories and juries in id order, the guide status set.
func (f *Films) GetMovie(_ context.Context, id int64) (festival.Movie, error) {
	f.db.mu.Lock()
	defer f.db.mu.Unlock()
	m, ok := f.db.films[id]
	if !ok {
		return festival.Movie{}, festival.ErrNotFound
	}
	return readMovie(m), nil
}

// readMovie is a stored film as read back (see GetMovie).
func readMovie(m festival.Movie) festival.Movie {
	m = cloneMovie(m)
	slices.SortFunc(m.Categories, func(a, b festival.MovieCategory) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(m.Juries, func(a, b festival.Jury) int { return cmp.Compare(a.ID, b.ID) })
	m.Status = m.SelectionStatus.Guide()
	m.Edition = editionOrFirst(m.Edition)
	m.StatusLabel = festival.StatusWord(festival.AudienceAdmin, m.SelectionStatus, true)
	if m.Producer == nil {
		m.Producer = &festival.Producer{}
	}
	m.CreatedAt, m.UpdatedAt = storedTime(m.CreatedAt), storedTime(m.UpdatedAt)
	return m
}

// GetMovieFacts reads the facts of one film; festival.ErrNotFound when it
// does not exist. Their Version is always 0: film versions are not kept here.
func (f *Films) GetMovieFacts(_ context.Context, id int64) (festival.MovieFacts, error) {
	f.db.mu.Lock()
	defer f.db.mu.Unlock()
	m, ok := f.db.films[id]
	if !ok {
		return festival.MovieFacts{}, festival.ErrNotFound
	}
	return movieFacts(m), nil
}

// movieFacts are the facts of a stored film, as read back.
func movieFacts(m festival.Movie) festival.MovieFacts {
	m = readMovie(m)
	return festival.MovieFacts{
		ID: m.ID, Title: m.Title, OwnerID: m.OwnerID, Status: m.SelectionStatus, Categories: m.Categories,
		Collaborators: m.Collaborators, Awards: m.Awards, Duration: m.Runtime(),
		Draft: m.Draft, Withdrawn: m.Withdrawn,
	}
}

// SetMovieJuries assigns exactly these jury members to a film, as the
// DynamoDB store does: festival.ErrNotFound when the film is not there, a
// *festival.ConflictOfInterestError (nothing written) when a member is the
// film's producer or one of its collaborators by e-mail, and
// festival.ErrConflict when a member is not a JURY account or declared a
// conflict with the film. The messages owed to newly assigned members are
// not kept here.
func (f *Films) SetMovieJuries(_ context.Context, _ festival.Actor, id int64, juries []festival.Jury) (festival.Movie, error) {
	db := f.db
	db.mu.Lock()
	defer db.mu.Unlock()
	m, ok := db.films[id]
	if !ok {
		return festival.Movie{}, festival.ErrNotFound
	}
	if err := db.checkCurrent(m.Edition); err != nil {
		return festival.Movie{}, err
	}
	var conflicted []int64
	for _, j := range juries {
		if festival.ConflictOfInterest(m, festival.User{ID: j.ID, Email: j.Email}) {
			conflicted = append(conflicted, j.ID)
		}
	}
	if len(conflicted) > 0 {
		slices.Sort(conflicted)
		return festival.Movie{}, &festival.ConflictOfInterestError{IDs: conflicted}
	}
	for _, j := range juries {
		u, ok := db.users[j.ID]
		if !ok || u.Role != festival.RoleJury || slices.Contains(u.JuryConflicts, id) {
			return festival.Movie{}, festival.ErrConflict
		}
	}
	m = cloneMovie(m)
	m.Juries = slices.Clone(juries)
	m = db.touched(m)
	db.films[id] = m
	return readMovie(m), nil
}

// touched is a film after a change: its update time moved. Call with the
// lock held.
func (db *DB) touched(m festival.Movie) festival.Movie {
	m.UpdatedAt = db.stamp()
	return m
}

// cloneMovie copies a film with its embedded lists, never nil, so that a
// change to the copy leaves the stored film alone.
func cloneMovie(m festival.Movie) festival.Movie {
	m.Categories = append([]festival.MovieCategory{}, m.Categories...)
	m.Collaborators = append([]festival.Collaborator{}, m.Collaborators...)
	m.Awards = append([]festival.MovieAward{}, m.Awards...)
	m.Juries = append([]festival.Jury{}, m.Juries...)
	if m.Producer != nil {
		p := *m.Producer
		m.Producer = &p
	}
	if m.Duration != nil {
		d := *m.Duration
		m.Duration = &d
	}
	return m
}
