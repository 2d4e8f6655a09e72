package memory

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Votes is the store of the votes: one per voter per film, written as the
// domain decides it (festival.DecideVote), as the DynamoDB store's Votes
// does. What a voter played of a film (the ground's Viewing) is not kept
// here: the ground's Viewing is always empty.
type Votes struct{ db *DB }

// Votes returns the festival's vote store.
func (db *DB) Votes() *Votes { return &Votes{db: db} }

// voteKey is a vote's key, as the DynamoDB store's: the pair (film, voter)
// makes one vote per voter per film.
type voteKey struct{ movie, voter int64 }

// VoteGround reads the film's facts, the settings, the voter's vote on
// the film and their assignment to it: festival.ErrNotFound when the film
// is not there.
func (s *Votes) VoteGround(_ context.Context, movieID, voterID int64) (festival.VoteGround, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	return s.db.voteGround(movieID, voterID)
}

// voteGround is VoteGround with the lock held.
func (db *DB) voteGround(movieID, voterID int64) (festival.VoteGround, error) {
	g := festival.VoteGround{Settings: db.currentSettings()}
	m, ok := db.films[movieID]
	if !ok {
		return g, festival.ErrNotFound
	}
	g.Movie = movieFacts(m)
	g.Vote = db.storedVote(movieID, voterID)
	g.Assigned = m.HasJury(voterID)
	g.Archived = db.checkCurrent(m.Edition) != nil
	return g, nil
}

// storedVote is the voter's vote on a film as read back (nil: none). Call
// with the lock held.
func (db *DB) storedVote(movieID, voterID int64) *festival.Vote {
	v, ok := db.votes[voteKey{movieID, voterID}]
	if !ok {
		return nil
	}
	v = cloneVote(v)
	return &v
}

// SaveVote writes the outcome of the voter's change on a film
// (festival.DecideVote), decided on judged (nil: SaveVote reads the ground).
// It checks what the DynamoDB store's transaction holds by conditions, in
// the same order, and answers the same way: a creation that finds a vote
// becomes an update and an update that finds none a creation (decided
// again on the vote as it is), a promotion or a hold decided on a status
// that changed since is decided again on the status as it is, a film that
// is gone is festival.ErrNotFound, and a voter who must be assigned and is
// not is festival.ErrNotAssigned. Under the lock, the second or third
// decision always holds.
func (s *Votes) SaveVote(_ context.Context, actor festival.Actor, movieID int64, ch festival.VoteChange, judged *festival.VoteGround) (festival.VoteOutcome, error) {
	db := s.db
	db.mu.Lock()
	defer db.mu.Unlock()
	var g festival.VoteGround
	if judged != nil {
		g = *judged
	} else {
		var err error
		if g, err = db.voteGround(movieID, actor.ID); err != nil {
			return festival.VoteOutcome{}, err
		}
	}
	k := voteKey{movieID, actor.ID}
	var newID int64
	for range 4 {
		o, err := festival.DecideVote(actor, g, ch, db.stamp())
		if err != nil {
			return festival.VoteOutcome{}, err
		}
		if o.Created {
			if newID == 0 { // one id per call, as the DynamoDB store draws it
				newID = db.nextID("votes")
			}
			o.Vote.ID = newID
		}
		stored, exists := db.votes[k]
		m, found := db.films[movieID]
		switch {
		case o.Created == exists: // the vote was created or deleted since the ground was read
			g.Vote = db.storedVote(movieID, actor.ID)
			continue
		case (o.Promote && (!found || m.SelectionStatus != o.From)) ||
			(o.HoldCandidate && (!found || m.SelectionStatus != festival.StatusCandidate)):
			if !found {
				return festival.VoteOutcome{}, festival.ErrNotFound
			}
			g.Movie = movieFacts(m) // an admin's decision since: decide again on it
			continue
		case !found:
			return festival.VoteOutcome{}, festival.ErrNotFound
		case db.checkCurrent(m.Edition) != nil:
			return festival.VoteOutcome{}, errEditionArchived() // its film's edition is archived
		case o.RequireAssignment && !m.HasJury(actor.ID):
			return festival.VoteOutcome{}, festival.ErrNotAssigned
		}
		v := cloneVote(o.Vote)
		if !o.Created { // the update sets the fields a voter changes, on the vote stored
			v.ID, v.UserID, v.MovieID, v.CreatedAt = stored.ID, stored.UserID, stored.MovieID, stored.CreatedAt
		}
		db.votes[k] = v
		db.voteEditions[k] = editionOrFirst(m.Edition)
		if o.Promote {
			m.SelectionStatus, m.UpdatedAt = festival.StatusCandidate, o.Vote.UpdatedAt
			db.films[movieID] = m
		}
		o.Vote = cloneVote(o.Vote)
		return o, nil
	}
	return festival.VoteOutcome{}, fmt.Errorf("save vote on movie %d: too many concurrent writes", movieID)
}

// GetVote reads the vote of a voter on a film; festival.ErrNotFound when
// there is none.
func (s *Votes) GetVote(_ context.Context, movieID, userID int64) (festival.Vote, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	v := s.db.storedVote(movieID, userID)
	if v == nil {
		return festival.Vote{}, festival.ErrNotFound
	}
	return *v, nil
}

// VotesOf returns a voter's votes of the edition the request addresses in
// film order, one page or all.
func (s *Votes) VotesOf(ctx context.Context, userID int64, p festival.Page) ([]festival.Vote, string, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	ed := s.db.editionOf(ctx)
	var mine []festival.Vote
	for k, v := range s.db.votes {
		if k.voter == userID && s.db.voteEditions[k] == ed {
			mine = append(mine, cloneVote(v))
		}
	}
	slices.SortFunc(mine, func(a, b festival.Vote) int { return cmp.Compare(a.MovieID, b.MovieID) })
	// A cursor names the voter: another voter's is refused, as the
	// DynamoDB store refuses a cursor of another partition.
	l := listing[festival.Vote]{name: fmt.Sprintf("votes of %d", userID), key: func(v festival.Vote) string { return idKey(v.MovieID) }}
	return l.page(mine, p)
}

// ListVotes returns every vote of the edition the request addresses in id
// order, one page or all.
func (s *Votes) ListVotes(ctx context.Context, p festival.Page) ([]festival.Vote, string, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	all := s.db.votesByID(s.db.editionOf(ctx))
	l := listing[festival.Vote]{name: "votes", key: func(v festival.Vote) string { return idKey(v.ID) }}
	return l.page(all, p)
}

// votesByID returns copies of every vote of edition ed in id order. Call
// with the lock held.
func (db *DB) votesByID(ed festival.EditionID) []festival.Vote {
	all := make([]festival.Vote, 0, len(db.votes))
	for k, v := range db.votes {
		if db.voteEditions[k] == ed {
			all = append(all, cloneVote(v))
		}
	}
	slices.SortFunc(all, func(a, b festival.Vote) int { return cmp.Compare(a.ID, b.ID) })
	return all
}

// DeleteVote removes one vote of the current edition by id and returns
// it; festival.ErrNotFound when there is none.
func (s *Votes) DeleteVote(ctx context.Context, _ festival.Actor, id int64) (festival.Vote, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	ed, err := s.db.writableEdition(ctx)
	if err != nil {
		return festival.Vote{}, err
	}
	for k, v := range s.db.votes {
		if v.ID == id && s.db.voteEditions[k] == ed {
			delete(s.db.votes, k)
			delete(s.db.voteEditions, k)
			return cloneVote(v), nil
		}
	}
	return festival.Vote{}, festival.ErrNotFound
}

// DeleteMovieVotes removes every vote on a film and returns how many (0 for
// a film without votes, or no film).
func (s *Votes) DeleteMovieVotes(_ context.Context, _ festival.Actor, movieID int64) (int, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	n := 0
	for k := range s.db.votes {
		if k.movie == movieID {
			delete(s.db.votes, k)
			delete(s.db.voteEditions, k)
			n++
		}
	}
	return n, nil
}

// cloneVote copies a vote as the DynamoDB store reads it back: its comment
// and marks its own, no marks as nil, times to the millisecond in UTC.
func cloneVote(v festival.Vote) festival.Vote {
	if v.Comment != nil {
		c := *v.Comment
		v.Comment = &c
	}
	if len(v.Criteria) == 0 {
		v.Criteria = nil
	} else {
		v.Criteria = maps.Clone(v.Criteria)
	}
	v.CreatedAt, v.UpdatedAt = storedTime(v.CreatedAt), storedTime(v.UpdatedAt)
	return v
}
