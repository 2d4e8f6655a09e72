package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// GetMovie reads one film with everything embedded in it: one GetItem.
func (s *Films) GetMovie(ctx context.Context, id int64) (festival.Movie, error) {
	m, _, err := s.getMovie(ctx, id)
	return m, err
}

// GetMovieAndSettings reads one film and the festival settings (what a
// caller may see of the film depends on them) in one BatchGetItem.
func (s *Films) GetMovieAndSettings(ctx context.Context, id int64) (festival.Movie, festival.Settings, error) {
	keys, sr := settingsKeysFor(ctx)
	var m *festival.Movie
	err := s.batchGet(ctx, append(keys, key(moviePK(id), skMovie)), "", nil,
		func(item map[string]types.AttributeValue) error {
			if ok, err := sr.take(item); ok {
				return err
			}
			film, _, err := unmarshalMovie(item)
			if err == nil {
				m = &film
			}
			return err
		})
	if err == nil {
		s.noteSettingsRead(&sr)
	}
	st := sr.settings()
	switch {
	case errors.Is(err, festival.ErrNotFound) || (err == nil && m == nil):
		return festival.Movie{}, st, festival.ErrNotFound // gone, or being deleted
	case err != nil:
		return festival.Movie{}, st, fmt.Errorf("get film %d: %w", id, err)
	}
	return *m, st, nil
}

func (s *Films) getMovie(ctx context.Context, id int64) (festival.Movie, int64, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: key(moviePK(id), skMovie), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return festival.Movie{}, 0, fmt.Errorf("get film %d: %w", id, err)
	}
	if out.Item == nil {
		return festival.Movie{}, 0, festival.ErrNotFound
	}
	return unmarshalMovie(out.Item)
}

// statusFilter returns a FilterExpression on selection_status, if any.
func statusFilter(f festival.MovieFilter, in *dynamodb.QueryInput) {
	if len(f.Statuses) == 0 {
		return
	}
	ph := make([]string, len(f.Statuses))
	if in.ExpressionAttributeValues == nil {
		in.ExpressionAttributeValues = map[string]types.AttributeValue{}
	}
	for i, st := range f.Statuses {
		ph[i] = fmt.Sprintf(":st%d", i)
		in.ExpressionAttributeValues[ph[i]] = str(string(st))
	}
	in.FilterExpression = aws.String("selection_status IN (" + strings.Join(ph, ", ") + ")")
}

// ListMovies returns films in id order, one page or (Limit 0) all of them,
// those the filter keeps. It is served from the list kept in memory
// (listcache.go): no request while the list is fresh, one read of the
// list's version after, and of the films written since when it moved.
// A store that keeps no lists reads the index, never one request per
// film: all films, one Query per page of GSI1 MOVIES (the film items
// themselves, projected ALL); a producer's, one Query per page of GSI2
// USER#<id> / PRODUCES#MOVIE# (the film items too); a category's or a jury
// member's, one Query per page of the links (GSI2 CATEGORY#<id> / MOVIE#,
// USER#<id> / JURY#MOVIE#) plus one BatchGetItem per 100 films.
//
// The films listed are those of the edition the request addresses
// (editionOf, asked after the settings are read: their read refreshes it).
// The list kept in memory holds every edition's films (ids are global),
// and a listing keeps those of its edition.
func (s *Films) ListMovies(ctx context.Context, f festival.MovieFilter, p Page) ([]festival.Movie, string, error) {
	start := time.Now()
	all, ok, err := s.cachedMovies(ctx, f.Settings)
	if err != nil {
		return nil, "", err
	}
	ed, err := s.editionReadSince(ctx, start)
	if err != nil {
		return nil, "", err
	}
	if ok {
		return s.filmListing(ed, f).page(all, func(m festival.Movie) bool { return m.Edition == ed && (!f.Filters() || f.Keeps(m)) }, p)
	}
	switch {
	case f.ProducerID > 0:
		return s.movieItems(ctx, s.gsi2Query(userRefPK(f.ProducerID), edProducesPrefix(ed)), p)
	case f.JuryID > 0:
		return s.linkedMovies(ctx, s.gsi2Query(userRefPK(f.JuryID), edJuryOfPrefix(ed)), ed, festival.MovieFilter{}, p)
	case f.CategoryID > 0:
		return s.linkedMovies(ctx, s.gsi2Query(categoryRefPK(f.CategoryID), prefixMovieRef), ed, f, p)
	}
	in := s.gsi1Query(edMoviesGSI1PK(ed))
	statusFilter(f, in)
	return s.movieItems(ctx, in, p)
}

// MoviesOfProducer lists the films a producer owns (ListMovies).
func (s *Films) MoviesOfProducer(ctx context.Context, producerID int64, p Page) ([]festival.Movie, string, error) {
	return s.ListMovies(ctx, festival.MovieFilter{ProducerID: producerID}, p)
}

// MovieIDsOfProducer lists the ids of every film item a producer owns, in
// every edition, including films whose deletion started and did not finish
// (which the listings hide), so that deleting the producer can finish them
// too.
func (s *Films) MovieIDsOfProducer(ctx context.Context, producerID int64) ([]int64, error) {
	return s.movieIDsOnGSI2(ctx, userRefPK(producerID), prefixProducesAny)
}

// movieIDsOnGSI2 reads the id_movie of every item of a GSI2 partition whose
// sort key starts with prefix: the films of a producer, of a category, ...
func (s *Films) movieIDsOnGSI2(ctx context.Context, pk, prefix string) ([]int64, error) {
	in := s.gsi2Query(pk, prefix)
	in.ProjectionExpression = aws.String("id_movie")
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("films of %s: %w", pk, err)
	}
	ids := make([]int64, 0, len(items))
	for _, item := range items {
		var it struct {
			ID int64 `dynamodbav:"id_movie"`
		}
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		ids = append(ids, it.ID)
	}
	return ids, nil
}

// MoviesAssignedTo lists the films assigned to a jury member (ListMovies).
func (s *Films) MoviesAssignedTo(ctx context.Context, juryID int64, p Page) ([]festival.Movie, string, error) {
	return s.ListMovies(ctx, festival.MovieFilter{JuryID: juryID}, p)
}

func (s *Films) movieItems(ctx context.Context, in *dynamodb.QueryInput, p Page) ([]festival.Movie, string, error) {
	movies := []festival.Movie{}
	next, err := s.queryPages(ctx, in, p, func(item map[string]types.AttributeValue) error {
		m, _, err := unmarshalMovie(item)
		if errors.Is(err, festival.ErrNotFound) {
			return nil // being deleted
		}
		if err != nil {
			return err
		}
		movies = append(movies, m)
		return nil
	})
	return movies, next, err
}

// linkedMovies reads link items (each with id_movie) and then the films they
// point to, in link order.
func (s *Films) linkedMovies(ctx context.Context, in *dynamodb.QueryInput, ed festival.EditionID, f festival.MovieFilter, p Page) ([]festival.Movie, string, error) {
	var ids []int64
	next, err := s.queryPages(ctx, in, p, func(item map[string]types.AttributeValue) error {
		var link struct {
			MovieID int64 `dynamodbav:"id_movie"`
		}
		if err := attributevalue.UnmarshalMap(item, &link); err != nil {
			return err
		}
		ids = append(ids, link.MovieID)
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	all, err := s.loadMovies(ctx, ids)
	if err != nil {
		return nil, "", err
	}
	movies := make([]festival.Movie, 0, len(all))
	for _, m := range all {
		if m.Edition == ed && f.Keeps(m) {
			movies = append(movies, m)
		}
	}
	return movies, next, nil
}

// JuryMembers reads users by id and returns the embedded jury form of each,
// in the order of ids; ids that do not exist or are not JURY accounts come
// back as *festival.UnknownIDsError.
func (s *Films) JuryMembers(ctx context.Context, ids []int64) ([]festival.Jury, error) {
	users, err := s.juryCopies(ctx, ids)
	if err != nil {
		return nil, err
	}
	members := make(map[int64]festival.Jury, len(users))
	for _, j := range users {
		members[j.ID] = j
	}
	return juriesIn(ids, members)
}

// juryCopies reads users by id (BatchGetItem, projected) as a film embeds
// its jury; ids with no user are left out, whatever their role.
func (s *core) juryCopies(ctx context.Context, ids []int64) ([]festival.Jury, error) {
	users, _, err := batchGetByID(ctx, s, ids, func(id int64) map[string]types.AttributeValue { return key(userPK(id), skUser) },
		"id_user, first_name, last_name, email, #r", map[string]string{"#r": "role"}, func(item map[string]types.AttributeValue) (festival.Jury, int64, error) {
			var j festival.Jury
			err := attributevalue.UnmarshalMap(item, &j)
			return j, j.ID, err
		})
	return users, err
}

// juriesIn returns the jury members of ids (in their order) among the users
// read; ids with no user, or whose user is not a JURY account, are an
// *festival.UnknownIDsError naming each once, sorted.
func juriesIn(ids []int64, members map[int64]festival.Jury) ([]festival.Jury, error) {
	juries := make([]festival.Jury, 0, len(ids))
	var refused []int64
	for _, uid := range ids {
		if j, ok := members[uid]; ok && j.Role == festival.RoleJury {
			juries = append(juries, j)
		} else if !slices.Contains(refused, uid) {
			refused = append(refused, uid)
		}
	}
	if len(refused) > 0 {
		slices.Sort(refused)
		return nil, &festival.UnknownIDsError{IDs: refused}
	}
	return juries, nil
}
