package dynamo

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// movieFactsItem is the projection as stored (Categories is a map keyed by
// id; see movieItem).
type movieFactsItem struct {
	ID            int64                             `dynamodbav:"id_movie"`
	Title         string                            `dynamodbav:"title"`
	OwnerID       int64                             `dynamodbav:"id_user"`
	Status        string                            `dynamodbav:"selection_status"`
	Categories    map[string]festival.MovieCategory `dynamodbav:"Categories"`
	Collaborators []festival.Collaborator           `dynamodbav:"Collaborators"`
	Awards        []festival.MovieAward             `dynamodbav:"Awards"`
	Version       int64                             `dynamodbav:"version"`
	Deleting      bool                              `dynamodbav:"deleting"`
	Duration      *int64                            `dynamodbav:"duration"`
	// Media is projected to its state, its stream (Stream) and its
	// measured runtime (Duration: the runtime the jury's rules count).
	Media *mediaItem `dynamodbav:"media"`
	// Out of the festival (festival.MovieFacts.InFestival).
	Draft     bool            `dynamodbav:"draft"`
	Withdrawn *withdrawalItem `dynamodbav:"withdrawn"`
}

// unmarshalMovieFacts decodes a film's facts; a film being deleted is
// festival.ErrNotFound.
func unmarshalMovieFacts(item map[string]types.AttributeValue) (festival.MovieFacts, error) {
	var it movieFactsItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return festival.MovieFacts{}, err
	}
	if it.Deleting {
		return festival.MovieFacts{}, festival.ErrNotFound
	}
	media := it.Media.media()
	f := festival.MovieFacts{
		ID: it.ID, Title: it.Title, OwnerID: it.OwnerID, Status: festival.SelectionStatus(it.Status),
		Categories: make([]festival.MovieCategory, 0, len(it.Categories)), Collaborators: it.Collaborators,
		Awards: it.Awards, Version: it.Version, Stream: media.Streams(),
		// The runtime the jury's rules count: measured, else declared.
		Duration: festival.Movie{Duration: it.Duration, Media: media}.Runtime(),
		Draft:    it.Draft, Withdrawn: it.Withdrawn.withdrawal(),
	}
	for _, c := range it.Categories {
		f.Categories = append(f.Categories, c)
	}
	slices.SortFunc(f.Categories, func(a, b festival.MovieCategory) int { return cmp.Compare(a.ID, b.ID) })
	return f, nil
}

var movieFactsNames = map[string]string{
	"#id": "id_movie", "#t": "title", "#u": "id_user", "#s": "selection_status", "#c": "Categories",
	"#co": "Collaborators", "#a": "Awards", "#v": "version", "#del": "deleting", "#d": "duration",
	"#m": "media", "#mst": "state", "#mstr": "streaming", "#fa": "facts", "#dr": "draft", "#wd": "withdrawn",
}

// The film's stream comes with its facts (a list of segment durations:
// about 8 bytes per 6 seconds of film), so that the results can divide the
// server's count by its minutes.
const movieFactsProjection = "#id, #t, #u, #s, #c, #co, #a, #v, #del, #d, #m.#mst, #m.#mstr, #m.#fa.#d, #dr, #wd"

// GetMovieFacts reads the facts of one film; festival.ErrNotFound when it does not exist.
func (s *Films) GetMovieFacts(ctx context.Context, id int64) (festival.MovieFacts, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: key(moviePK(id), skMovie), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String(movieFactsProjection), ExpressionAttributeNames: movieFactsNames,
	})
	if err != nil {
		return festival.MovieFacts{}, fmt.Errorf("get movie %d: %w", id, err)
	}
	if out.Item == nil {
		return festival.MovieFacts{}, festival.ErrNotFound
	}
	return unmarshalMovieFacts(out.Item)
}

// ListMovieFacts returns the facts of every film of the edition the request
// addresses in id order: one Query per 1 MB page of GSI1 MOVIES#<ed>,
// however many films there are.
func (s *Films) ListMovieFacts(ctx context.Context) ([]festival.MovieFacts, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, err
	}
	in := s.gsi1Query(edMoviesGSI1PK(ed))
	in.ProjectionExpression = aws.String(movieFactsProjection)
	in.ExpressionAttributeNames = movieFactsNames
	var movies []festival.MovieFacts
	_, err = s.queryPages(ctx, in, Page{}, func(item map[string]types.AttributeValue) error {
		f, err := unmarshalMovieFacts(item)
		if errors.Is(err, festival.ErrNotFound) {
			return nil // being deleted
		}
		if err != nil {
			return err
		}
		movies = append(movies, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list movies: %w", err)
	}
	return movies, nil
}

// movieExistsCheck is a transaction item that fails (condition) when the
// film is gone or being deleted (DeleteMovie's tombstone): a write that hangs
// off a film is never left orphaned by a concurrent deletion.
func (s *core) movieExistsCheck(id int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(moviePK(id), skMovie),
		ConditionExpression: aws.String("attribute_exists(PK) AND attribute_not_exists(deleting)"),
	}}
}

// stillCandidateCheck holds a candidate vote to the film still being a
// candidate: if an admin moved it meanwhile, the vote re-reads and promotes
// it again, as a vote with is_candidate true does from any status.
func (s *core) stillCandidateCheck(id int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(moviePK(id), skMovie),
		ConditionExpression:       aws.String("attribute_exists(PK) AND attribute_not_exists(deleting) AND selection_status = :c"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": str(string(festival.StatusCandidate))},
	}}
}

// movieStatusOp moves a film from status from to status to. It is
// conditional on the film still having status from: the caller decided on a
// status read earlier, and a status an admin set since must not be
// overwritten blindly (the caller re-reads and decides again). It bumps the
// film's version like every film write, so that an optimistic update of the
// film that read it before cannot write the old status back.
func (s *core) movieStatusOp(id int64, from, to festival.SelectionStatus, now festival.Time) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(id), skMovie),
		ConditionExpression:      aws.String("attribute_exists(PK) AND attribute_not_exists(deleting) AND #s = :from"),
		UpdateExpression:         aws.String("SET #s = :s, #u = :now ADD #v :one"),
		ExpressionAttributeNames: map[string]string{"#s": "selection_status", "#u": "updatedAt", "#v": "version"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":from": str(string(from)), ":s": str(string(to)), ":now": str(now.String()), ":one": num(1),
		},
	}}
}

// juryAssignedCheck is a transaction item that fails (condition) unless the
// jury member is assigned to the film.
func (s *core) juryAssignedCheck(movieID, userID int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(moviePK(movieID), juryLinkSK(userID)),
		ConditionExpression: aws.String("attribute_exists(PK)"),
	}}
}

// IsJuryAssigned reports whether the jury member is assigned to the film.
func (s *Films) IsJuryAssigned(ctx context.Context, movieID, userID int64) (bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: key(moviePK(movieID), juryLinkSK(userID)), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("PK"),
	})
	if err != nil {
		return false, fmt.Errorf("get jury assignment: %w", err)
	}
	return out.Item != nil, nil
}
