package dynamo

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The deletions of votes (votes.go writes and reads them).

// DeleteVote removes one vote of the current edition by id, with its audit
// entry; festival.ErrNotFound when it does not exist (or was deleted
// concurrently); a vote of an archived edition stays (errEditionArchived).
func (s *Votes) DeleteVote(ctx context.Context, actor festival.Actor, id int64) (festival.Vote, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return festival.Vote{}, err
	}
	if asked, ok := festival.EditionOf(ctx); ok && asked != ed {
		return festival.Vote{}, errEditionArchived()
	}
	v, err := s.VoteByID(ctx, id)
	if err != nil {
		return v, err
	}
	// The same entries as every other deletion of a vote (an erased juror's).
	e, a := festival.VoteDeleteEntry(v), festival.VoteDeleteAudit(v)
	pending, err := s.ledgerOp(ed, e.Kind, e.Data)
	if err != nil {
		return v, err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName: &s.table, Key: key(moviePK(v.MovieID), voteSK(v.UserID)),
			// The GSI is eventually consistent: delete only the vote that was found.
			// Of the current edition still.
			ConditionExpression:       aws.String("id_vote = :id AND #ed = :ed"),
			ExpressionAttributeNames:  map[string]string{"#ed": attrEdition},
			ExpressionAttributeValues: map[string]types.AttributeValue{":id": num(id), ":ed": str(string(ed))},
		}},
		s.auditOp(actor, a.Action, a.Target, a.Details),
		pending,
	})
	if conditionFailedAt(err, 0) {
		return v, festival.ErrNotFound
	}
	if err != nil {
		return v, fmt.Errorf("delete vote %d: %w", id, err)
	}
	return v, nil
}

// DeleteMovieVotes removes every vote on a film and returns how many. Each
// transaction of up to 98 deletions carries its own audit entry and ledger
// entry (the ids of the votes it deleted).
func (s *Votes) DeleteMovieVotes(ctx context.Context, actor festival.Actor, movieID int64) (int, error) {
	items, err := s.queryAll(ctx, movieVotesQuery(s.table, movieID))
	if err != nil {
		return 0, fmt.Errorf("list votes of movie %d: %w", movieID, err)
	}
	deleted := 0
	for len(items) > 0 {
		n := min(len(items), maxTransactItems-2)
		ops := make([]types.TransactWriteItem, 0, n+2)
		var ids []string
		for _, item := range items[:n] {
			ops = append(ops, types.TransactWriteItem{Delete: &types.Delete{
				TableName: &s.table, Key: map[string]types.AttributeValue{attrPK: item[attrPK], attrSK: item[attrSK]},
			}})
			if id, ok := item["id_vote"].(*types.AttributeValueMemberN); ok {
				ids = append(ids, id.Value)
			}
		}
		pending, err := s.ledgerOp(editionAttr(items[0]), "vote.delete_movie", map[string]string{"id_movie": strconv.FormatInt(movieID, 10), "ids": strings.Join(ids, ",")})
		if err != nil {
			return deleted, err
		}
		ops = append(ops, s.auditOp(actor, "vote.delete_movie", fmt.Sprintf("movie:%d", movieID), map[string]string{
			"count": strconv.Itoa(n),
		}), pending)
		if err := s.transact(ctx, ops); err != nil {
			return deleted, fmt.Errorf("delete votes of movie %d: %w", movieID, err)
		}
		deleted += n
		items = items[n:]
	}
	return deleted, nil
}
