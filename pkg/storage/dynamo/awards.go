package dynamo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// awardItem is an award as stored, in its film's item collection. The film
// also embeds it (Awards), so that reading a film needs no extra request.
type awardItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	GSI1PK    string `dynamodbav:"GSI1PK"`
	GSI1SK    string `dynamodbav:"GSI1SK"`
	Type      string `dynamodbav:"type"`
	Edition   string `dynamodbav:"edition"`
	ID        int64  `dynamodbav:"id_award"`
	MovieID   int64  `dynamodbav:"id_movie"`
	Name      string `dynamodbav:"name"`
	AwardedAt string `dynamodbav:"awarded_at"`
}

func (it awardItem) award() festival.Award {
	at, _ := festival.ParseTime(it.AwardedAt)
	return festival.Award{ID: it.ID, MovieID: it.MovieID, Name: it.Name, AwardedAt: at}
}

// CreateAward gives a film an award: the award item, its copy appended to
// the film's Awards with the film moved to `awarded`, and the audit entry,
// in one transaction (through UpdateMovie, the one path of film changes).
// festival.ErrNotFound when the film does not exist.
func (s *Catalog) CreateAward(ctx context.Context, actor festival.Actor, movieID int64, name string) (festival.Award, error) {
	// No read first: the versioned write below reads the film (404 when it
	// is not there) and checks its room for one more award; a refused award
	// leaves a gap in the ids, which mean nothing.
	id, err := s.nextID(ctx, counterAwards)
	if err != nil {
		return festival.Award{}, err
	}
	now := festival.NewTime(s.now())
	a := festival.Award{ID: id, MovieID: movieID, Name: name, AwardedAt: now}
	// The film's edition (the current one: UpdateMovie refuses another).
	_, err = (&Films{s.core}).UpdateMovie(ctx, movieID, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		if err := festival.CheckAwardRoom(*m); err != nil {
			return nil, err // 20 awards already, or the last place taken meanwhile
		}
		item, err := attributevalue.MarshalMap(awardItem{
			PK: moviePK(movieID), SK: awardSK(id), GSI1PK: edAwardsGSI1PK(m.Edition), GSI1SK: awardSK(id), Type: typeAward,
			Edition: string(m.Edition), ID: id, MovieID: movieID, Name: name, AwardedAt: now.String(),
		})
		if err != nil {
			return nil, err
		}
		from := m.SelectionStatus
		m.Awards = append(m.Awards, festival.MovieAward{ID: id, Name: name, AwardedAt: now})
		m.SelectionStatus = festival.StatusAwarded
		return []types.TransactWriteItem{
			{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
			s.auditOp(actor, "award.create", movieTarget(movieID), map[string]string{
				"id_award": strconv.FormatInt(id, 10), "name": name, "from": string(from), "to": string(festival.StatusAwarded),
			}),
		}, nil
	})
	return a, err
}

// ListAwards returns every award of the edition the request addresses in
// id order, one page or all: from the films kept in memory, which embed
// their awards (listcache.go), or, when the store keeps no lists, from GSI1
// AWARDS#<ed>.
func (s *Catalog) ListAwards(ctx context.Context, p Page) ([]festival.Award, string, error) {
	start := time.Now()
	movies, ok, err := s.cachedMovies(ctx, nil)
	if err != nil {
		return nil, "", err
	}
	ed, err := s.editionReadSince(ctx, start)
	if err != nil {
		return nil, "", err
	}
	if ok {
		return s.awardsListing(ed).page(awardsOf(movies, func(m festival.Movie) bool { return m.Edition == ed }), nil, p)
	}
	return queryRecords(ctx, s.core, s.gsi1Query(edAwardsGSI1PK(ed)), p, awardItem.award)
}

// AwardByID finds an award of the edition the request addresses by id
// (GSI1 AWARDS#<ed> / AWARD#<pad id>).
func (s *Catalog) AwardByID(ctx context.Context, id int64) (festival.Award, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return festival.Award{}, err
	}
	return findByGSI1(ctx, s.core, edAwardsGSI1PK(ed), awardSK(id), awardItem.award, "award")
}

// DeleteAward withdraws an award: the award item and its copy in the film go
// in one transaction with the audit entry. When the film loses its last
// award while `awarded`, it goes back to `candidate`: an awarded film was at
// least shortlisted, and its earlier status is not kept.
func (s *Catalog) DeleteAward(ctx context.Context, actor festival.Actor, id int64) (festival.Award, error) {
	a, err := s.AwardByID(ctx, id)
	if err != nil {
		return a, err
	}
	del := types.TransactWriteItem{Delete: &types.Delete{
		TableName: &s.table, Key: key(moviePK(a.MovieID), awardSK(id)), ConditionExpression: aws.String("attribute_exists(PK)"),
	}}
	details := map[string]string{"id_movie": strconv.FormatInt(a.MovieID, 10), "name": a.Name}
	_, err = (&Films{s.core}).UpdateMovie(ctx, a.MovieID, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		// Built afresh on every attempt: a retry may decide otherwise.
		details := maps.Clone(details)
		m.Awards = slices.DeleteFunc(m.Awards, func(x festival.MovieAward) bool { return x.ID == id })
		if len(m.Awards) == 0 && m.SelectionStatus == festival.StatusAwarded {
			m.SelectionStatus = festival.StatusCandidate
			details["status"] = string(festival.StatusCandidate)
		}
		return []types.TransactWriteItem{del, s.auditOp(actor, "award.delete", fmt.Sprintf("award:%d", id), details)}, nil
	})
	switch {
	case errors.Is(err, festival.ErrNotFound):
		// The film is gone; its deletion normally takes its awards, but a
		// stray award item is still withdrawn.
		err = s.transact(ctx, []types.TransactWriteItem{del, s.auditOp(actor, "award.delete", fmt.Sprintf("award:%d", id), details)})
		if conditionFailedAt(err, 0) {
			return a, festival.ErrNotFound
		}
	case errors.Is(err, festival.ErrConflict):
		// The award item went meanwhile (a concurrent withdrawal).
		if _, gerr := s.AwardByID(ctx, id); errors.Is(gerr, festival.ErrNotFound) {
			return a, festival.ErrNotFound
		}
	}
	if err != nil {
		return a, fmt.Errorf("delete award %d: %w", id, err)
	}
	return a, nil
}
