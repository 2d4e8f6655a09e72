package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The changes of a film's entry (its fields, its answers): the film, its
// audit entry and the messages the change owes (the jurors who voted hear
// of it) in one versioned transaction.

// MovieVoterIDs lists the jury members who voted on a film: one Query of its
// votes (PK MOVIE#<mid>, SK VOTE#...), their voter ids only.
func (s *Films) MovieVoterIDs(ctx context.Context, id int64) ([]int64, error) {
	in := movieVotesQuery(s.table, id)
	in.ProjectionExpression = aws.String("id_user")
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("voters of film %d: %w", id, err)
	}
	voters := make([]int64, 0, len(items))
	for _, item := range items {
		var v struct {
			UserID int64 `dynamodbav:"id_user"`
		}
		if err := attributevalue.UnmarshalMap(item, &v); err != nil {
			return nil, fmt.Errorf("decode a voter of film %d: %w", id, err)
		}
		voters = append(voters, v.UserID)
	}
	return voters, nil
}

// ChangeMovieTelling is ChangeMovie (UpdateMovie) for an edit that also
// returns the messages it owes, written in the same transaction as the
// film and its audit entry.
func (s *Films) ChangeMovieTelling(ctx context.Context, id int64, audit festival.AuditInfo, edit festival.MovieEditTelling) (festival.Movie, error) {
	return s.UpdateMovie(ctx, id, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		before := *m
		details, msgs, err := edit(m)
		if err != nil {
			return nil, err
		}
		ops, err := s.messageOps(msgs)
		if err != nil {
			return nil, err
		}
		return append(ops, s.auditOp(audit.Actor, audit.Action, movieTarget(id), details, festival.MovieChanges(before, *m)...)), nil
	})
}
