package dynamo

import (
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The listings kept in memory, each paging like the index Query it replaces.

// filmListing is the listing whose cursors a filtered film list of edition
// ed uses: the index path's for the same filter.
func (s *core) filmListing(ed festival.EditionID, f festival.MovieFilter) listing[festival.Movie] {
	switch {
	case f.ProducerID > 0:
		return s.producerMoviesListing(ed, f.ProducerID)
	case f.JuryID > 0:
		return s.assignedMoviesListing(ed, f.JuryID)
	case f.CategoryID > 0:
		return s.categoryMoviesListing(f.CategoryID)
	}
	return s.moviesListing(ed)
}

func (s *core) moviesListing(ed festival.EditionID) listing[festival.Movie] {
	pk := edMoviesGSI1PK(ed)
	return listing[festival.Movie]{
		query: s.gsi1Query(pk), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI1PK: pk, attrGSI1SK: movieGSI1SK(m.ID), attrPK: moviePK(m.ID), attrSK: skMovie}
		},
	}
}

func (s *core) categoryMoviesListing(categoryID int64) listing[festival.Movie] {
	return listing[festival.Movie]{
		query: s.gsi2Query(categoryRefPK(categoryID), prefixMovieRef), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI2PK: categoryRefPK(categoryID), attrGSI2SK: movieRefSK(m.ID),
				attrPK: moviePK(m.ID), attrSK: categoryLinkSK(categoryID)}
		},
	}
}

func (s *core) producerMoviesListing(ed festival.EditionID, producerID int64) listing[festival.Movie] {
	return listing[festival.Movie]{
		query: s.gsi2Query(userRefPK(producerID), edProducesPrefix(ed)), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI2PK: userRefPK(producerID), attrGSI2SK: edMovieProducerSK(ed, m.ID), attrPK: moviePK(m.ID), attrSK: skMovie}
		},
	}
}

func (s *core) assignedMoviesListing(ed festival.EditionID, juryID int64) listing[festival.Movie] {
	return listing[festival.Movie]{
		query: s.gsi2Query(userRefPK(juryID), edJuryOfPrefix(ed)), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI2PK: userRefPK(juryID), attrGSI2SK: edJuryAssignedSK(ed, m.ID), attrPK: moviePK(m.ID), attrSK: juryLinkSK(juryID)}
		},
	}
}

func (s *core) categoriesListing(ed festival.EditionID) listing[festival.Category] {
	pk := edCategoriesGSI1PK(ed)
	return listing[festival.Category]{
		query: s.gsi1Query(pk), id: func(c festival.Category) int64 { return c.ID },
		key: func(c festival.Category) map[string]string {
			return map[string]string{attrGSI1PK: pk, attrGSI1SK: categoryGSI1SK(c.ID), attrPK: categoryPK(c.ID), attrSK: skCategory}
		},
	}
}

func (s *core) eventsListing() listing[festival.Event] {
	return listing[festival.Event]{
		query: s.gsi1Query(gsi1Events), id: func(e festival.Event) int64 { return e.ID },
		key: func(e festival.Event) map[string]string {
			return map[string]string{attrGSI1PK: gsi1Events, attrGSI1SK: eventGSI1SK(e.ID), attrPK: eventPK(e.ID), attrSK: skEvent}
		},
	}
}

func (s *core) awardsListing(ed festival.EditionID) listing[festival.Award] {
	pk := edAwardsGSI1PK(ed)
	return listing[festival.Award]{
		query: s.gsi1Query(pk), id: func(a festival.Award) int64 { return a.ID },
		key: func(a festival.Award) map[string]string {
			return map[string]string{attrGSI1PK: pk, attrGSI1SK: awardSK(a.ID), attrPK: moviePK(a.MovieID), attrSK: awardSK(a.ID)}
		},
	}
}

// awardsOf lists the awards embedded in the films that pass, in award id
// order.
func awardsOf(movies []festival.Movie, pass func(festival.Movie) bool) []festival.Award {
	var out []festival.Award
	for _, m := range movies {
		if !pass(m) {
			continue
		}
		for _, a := range m.Awards {
			out = append(out, festival.Award{ID: a.ID, MovieID: m.ID, Name: a.Name, AwardedAt: a.AwardedAt})
		}
	}
	slices.SortFunc(out, func(a, b festival.Award) int { return cmpID(a.ID, b.ID) })
	return out
}
