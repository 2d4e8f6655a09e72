package memory

import (
	"context"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var awardsListing = listing[festival.Award]{name: "awards", key: func(a festival.Award) string { return idKey(a.ID) }}

// CreateAward gives a film an award: the award is embedded in the film,
// which moves to `awarded`. festival.ErrNotFound when the film does not
// exist; festival.CheckAwardRoom's error when it has no room for one more.
// As in DynamoDB, the id is drawn first: a refused award leaves a gap.
func (c *Catalog) CreateAward(_ context.Context, _ festival.Actor, movieID int64, name string) (festival.Award, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	now := db.stamp()
	a := festival.Award{ID: db.nextID("awards"), MovieID: movieID, Name: name, AwardedAt: now}
	m, ok := db.films[movieID]
	if !ok {
		return a, festival.ErrNotFound
	}
	if err := db.checkCurrent(m.Edition); err != nil {
		return a, err
	}
	if err := festival.CheckAwardRoom(m); err != nil {
		return a, err
	}
	m = cloneMovie(m)
	m.Awards = append(m.Awards, festival.MovieAward{ID: a.ID, Name: name, AwardedAt: now})
	m.SelectionStatus = festival.StatusAwarded
	db.films[movieID] = db.touched(m)
	db.awards[a.ID] = a
	db.awardEditions[a.ID] = editionOrFirst(m.Edition)
	return a, nil
}

// ListAwards returns every award of the edition the request addresses in
// id order, one page or all.
func (c *Catalog) ListAwards(ctx context.Context, p festival.Page) ([]festival.Award, string, error) {
	c.db.mu.Lock()
	defer c.db.mu.Unlock()
	ed := c.db.editionOf(ctx)
	all := slices.DeleteFunc(sortedByID(c.db.awards), func(a festival.Award) bool { return c.db.awardEditions[a.ID] != ed })
	return awardsListing.page(all, p)
}

// DeleteAward withdraws an award, from its film too. A film that loses its
// last award while `awarded` goes back to `candidate`.
func (c *Catalog) DeleteAward(ctx context.Context, _ festival.Actor, id int64) (festival.Award, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	a, ok := db.awards[id]
	if !ok || db.awardEditions[id] != db.editionOf(ctx) {
		return festival.Award{}, festival.ErrNotFound
	}
	if err := db.checkCurrent(db.awardEditions[id]); err != nil {
		return festival.Award{}, err
	}
	delete(db.awards, id)
	delete(db.awardEditions, id)
	if m, ok := db.films[a.MovieID]; ok {
		m = cloneMovie(m)
		m.Awards = slices.DeleteFunc(m.Awards, func(x festival.MovieAward) bool { return x.ID == id })
		if len(m.Awards) == 0 && m.SelectionStatus == festival.StatusAwarded {
			m.SelectionStatus = festival.StatusCandidate
		}
		db.films[a.MovieID] = db.touched(m)
	}
	return a, nil
}
