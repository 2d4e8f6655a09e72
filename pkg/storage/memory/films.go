package memory

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Films holds just enough of the films for the catalogue's rules to be
// tested: awards go to films, and categories are renamed in and unlinked
// from them. It creates and reads films; the rest of the film store (status
// changes, assignments, votes, late-entry codes) is not here.
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
// are set. Its categories must exist (festival.ErrConflict otherwise). Unlike
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
	for _, c := range m.Categories {
		if _, ok := db.categories[c.ID]; !ok {
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
	m = cloneMovie(m)
	slices.SortFunc(m.Categories, func(a, b festival.MovieCategory) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(m.Juries, func(a, b festival.Jury) int { return cmp.Compare(a.ID, b.ID) })
	m.Status = m.SelectionStatus.Guide()
	if m.Producer == nil {
		m.Producer = &festival.Producer{}
	}
	m.CreatedAt, m.UpdatedAt = storedTime(m.CreatedAt), storedTime(m.UpdatedAt)
	return m, nil
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
	return m
}
