package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

const (
	typeMovieCategoryLink = "MOVIE_CATEGORY"
	typeMovieJury         = "MOVIE_JURY"
)

func (s *Films) categoryLinkPut(movieID, categoryID int64) (types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(movieCategoryLinkItem{
		PK: moviePK(movieID), SK: categoryLinkSK(categoryID),
		GSI2PK: categoryRefPK(categoryID), GSI2SK: movieRefSK(movieID),
		Type: typeMovieCategoryLink, MovieID: movieID, CategoryID: categoryID,
	})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}, nil
}

// juryLinkPut assigns a jury member to a film of edition ed.
func (s *core) juryLinkPut(ed festival.EditionID, movieID, userID int64) (types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(movieJuryLinkItem{
		PK: moviePK(movieID), SK: juryLinkSK(userID),
		GSI2PK: userRefPK(userID), GSI2SK: edJuryAssignedSK(ed, movieID),
		Type: typeMovieJury, Edition: string(ed), MovieID: movieID, UserID: userID, AssignedAt: festival.NewTime(s.now()).String(),
	})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}, nil
}

// NewMovieID draws the id of a new film. Files are stored under the id
// before the film exists, so it is drawn first.
func (s *Films) NewMovieID(ctx context.Context) (int64, error) { return s.nextID(ctx, counterMovies) }

// NewCollaboratorIDs draws n consecutive collaborator ids with one request.
func (s *Films) NewCollaboratorIDs(ctx context.Context, n int) ([]int64, error) {
	if n <= 0 {
		return nil, nil
	}
	return s.nextIDs(ctx, counterCollaborators, n)
}

// createMovieOps returns the writes that create a film: the film item (on the
// condition that the id is free) and its category links. The film is item 0.
func (s *Films) createMovieOps(m festival.Movie) ([]types.TransactWriteItem, error) {
	if len(m.Juries) > 0 {
		return nil, errors.New("create film: juries are assigned after creation")
	}
	// A film file arriving queues its media job, written with the film.
	queued := festival.QueueMedia(&festival.Movie{}, &m, festival.NewTime(s.now()))
	item, err := attributevalue.MarshalMap(toMovieItem(m, 1))
	if err != nil {
		return nil, err
	}
	ops := []types.TransactWriteItem{{Put: &types.Put{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}}}
	jobs, err := s.mediaJobOps(festival.Movie{}, m, queued)
	if err != nil {
		return nil, err
	}
	ops = append(ops, jobs...)
	for _, c := range m.Categories {
		op, err := s.categoryLinkPut(m.ID, c.ID)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op, s.categoryInEditionCheck(m.Edition)(c.ID))
	}
	// Its producer hears that it arrived: the message is written with the film.
	msgs, err := s.messageOps([]festival.Message{festival.MovieReceived(m, s.now())})
	if err != nil {
		return nil, err
	}
	return append(ops, msgs...), nil
}

// categoryExistsCheck makes a transaction fail if the category is deleted
// (or being deleted: DeleteCategory's tombstone) between validation and
// write, so no link to it is added while its links are removed.
func (s *core) categoryExistsCheck(id int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(categoryPK(id), skCategory),
		ConditionExpression: aws.String("attribute_exists(PK) AND attribute_not_exists(deleting)"),
	}}
}

// categoryInEditionCheck is categoryExistsCheck for a film of edition ed:
// its categories must be ed's.
func (s *core) categoryInEditionCheck(ed festival.EditionID) func(id int64) types.TransactWriteItem {
	return func(id int64) types.TransactWriteItem {
		return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: &s.table, Key: key(categoryPK(id), skCategory),
			ConditionExpression:       aws.String("attribute_exists(PK) AND attribute_not_exists(deleting) AND #ed = :ed"),
			ExpressionAttributeNames:  map[string]string{"#ed": attrEdition},
			ExpressionAttributeValues: map[string]types.AttributeValue{":ed": str(string(editionOrFirst(ed)))},
		}}
	}
}

// inCurrentEdition puts a new film in the current edition: the one its
// caller read with the settings (m.Edition), else the store's (the
// request's own read of the settings refreshed it).
func (s *Films) inCurrentEdition(ctx context.Context, m *festival.Movie) error {
	if m.Edition != "" {
		return nil
	}
	ed, err := s.currentEdition(ctx)
	m.Edition = ed
	return err
}

// withAdmission appends the use of a late-entry code, if any, and returns
// its index in ops (-1 when none).
func (s *Films) withAdmission(ops []types.TransactWriteItem, ed festival.EditionID, a festival.Admission) ([]types.TransactWriteItem, int) {
	if !a.Late() {
		return ops, -1
	}
	return append(ops, s.useLateCodeOp(ed, a.LateCode, s.now())), len(ops)
}

// CreateMovie stores a new film whose ID, owner, Producer and timestamps are
// set. Its categories must exist (festival.ErrConflict otherwise).
func (s *Films) CreateMovie(ctx context.Context, m festival.Movie, a festival.Admission) error {
	if err := s.inCurrentEdition(ctx, &m); err != nil {
		return err
	}
	ops, err := s.createMovieOps(m)
	if err != nil {
		return err
	}
	ops, late := s.withAdmission(ops, m.Edition, a)
	err = s.transact(ctx, ops)
	switch {
	case late >= 0 && conditionFailedAt(err, late):
		return festival.ErrLateCodeSpent
	case cancelReasons(err) != nil:
		return festival.ErrConflict
	case err != nil:
		return fmt.Errorf("create film %d: %w", m.ID, err)
	}
	return nil
}

// CreateProducerWithMovie creates a producer account and their first film in
// one transaction (POST /auth/register-film): both or neither. It returns
// festival.ErrEmailTaken when the e-mail belongs to an account; then nothing is written.
func (s *Films) CreateProducerWithMovie(ctx context.Context, u festival.User, m festival.Movie, a festival.Admission) error {
	userOps, err := s.putUserOps(u) // the e-mail marker is item 0
	if err != nil {
		return err
	}
	if err := s.inCurrentEdition(ctx, &m); err != nil {
		return err
	}
	movieOps, err := s.createMovieOps(m)
	if err != nil {
		return err
	}
	ops, late := s.withAdmission(append(userOps, movieOps...), m.Edition, a)
	err = s.transact(ctx, ops)
	switch {
	case conditionFailedAt(err, 0):
		return festival.ErrEmailTaken
	case late >= 0 && conditionFailedAt(err, late):
		return festival.ErrLateCodeSpent
	case cancelReasons(err) != nil:
		return festival.ErrConflict
	case err != nil:
		return fmt.Errorf("create producer %d with film %d: %w", u.ID, m.ID, err)
	}
	return nil
}
