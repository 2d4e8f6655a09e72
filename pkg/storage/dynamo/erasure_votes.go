package dynamo

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// erasedVote is a vote of an erased juror, with its edition (an erasure
// covers every edition).
type erasedVote struct {
	festival.Vote
	edition festival.EditionID
}

// votesPerErasure is how many votes of an erased juror one transaction
// takes: a deleted vote is three writes (the vote, its audit entry, its
// ledger entry), and every transaction checks the results' publication.
const votesPerErasure = (transactRoom - 1) / 3

// eraseVotes ends an erased juror's votes: deleted, each with its ledger
// entry vote.delete and its audit entry vote.delete in the transaction that
// deletes it (so the ledger replays to the votes that stand); or, keep set
// (the results are published), kept with their comment removed and out of
// the juror's GSI2 partition, each with its audit entry vote.anonymise.
// Each transaction checks that the results' publication is still what keep
// says: festival.ErrConflict when it changed (the caller decides again).
//
// Votes of an archived edition are always kept, anonymised: its results
// are final and read-only (the current settings' publication says nothing
// of them, so no check).
func (s *Users) eraseVotes(ctx context.Context, actor festival.Actor, votes []erasedVote, keep bool) error {
	current, err := s.currentEdition(ctx)
	if err != nil {
		return err
	}
	var archived []erasedVote
	votes = slices.DeleteFunc(votes, func(v erasedVote) bool {
		if v.edition != current {
			archived = append(archived, v)
			return true
		}
		return false
	})
	if err := s.eraseVoteBatches(ctx, actor, archived, true, false); err != nil {
		return err
	}
	return s.eraseVoteBatches(ctx, actor, votes, keep, true)
}

// eraseVoteBatches is eraseVotes over votes of one kind, checking the
// publication when check is set.
func (s *Users) eraseVoteBatches(ctx context.Context, actor festival.Actor, votes []erasedVote, keep, check bool) error {
	for len(votes) > 0 {
		n := min(len(votes), votesPerErasure)
		if err := s.eraseVoteBatch(ctx, actor, votes[:n], keep, check); err != nil {
			return err
		}
		votes = votes[n:]
	}
	return nil
}

// eraseVoteBatch is one transaction of eraseVotes. When a vote of the batch
// changed meanwhile (an admin deleted it), the batch goes again one vote at
// a time, and a vote already gone is done.
func (s *Users) eraseVoteBatch(ctx context.Context, actor festival.Actor, batch []erasedVote, keep, check bool) error {
	return Retry(ctx, func(int) error {
		var ops []types.TransactWriteItem
		for _, v := range batch {
			more, err := s.eraseVoteOps(actor, v, keep)
			if err != nil {
				return err
			}
			ops = append(ops, more...)
		}
		if check {
			ops = append(ops, s.publicationCheck(keep))
		}
		err := s.transact(ctx, ops)
		switch {
		case err == nil:
			return nil
		case check && conditionFailedAt(err, len(ops)-1):
			return festival.ErrConflict
		case cancelReasons(err) == nil:
			return fmt.Errorf("erase votes: %w", err)
		case transactionConflict(err):
			return Again(fmt.Errorf("erase votes: %w", err))
		case len(batch) > 1:
			for _, v := range batch {
				if err := s.eraseVoteBatch(ctx, actor, []erasedVote{v}, keep, check); err != nil {
					return err
				}
			}
			return nil
		case conditionFailedAt(err, 0):
			return nil // deleted meanwhile
		default:
			return fmt.Errorf("erase vote %d: %w", batch[0].ID, err)
		}
	})
}

// eraseVoteOps are the writes that end one vote, the vote's own first.
func (s *Users) eraseVoteOps(actor festival.Actor, ev erasedVote, keep bool) ([]types.TransactWriteItem, error) {
	v := ev.Vote
	// The index is eventually consistent: only the vote that was found.
	cond := aws.String("id_vote = :id")
	values := map[string]types.AttributeValue{":id": num(v.ID)}
	if keep {
		values[":null"] = &types.AttributeValueMemberNULL{Value: true}
		values[":no"] = &types.AttributeValueMemberBOOL{Value: false}
		a := festival.VoteAnonymiseAudit(v)
		return []types.TransactWriteItem{
			{Update: &types.Update{
				TableName: &s.table, Key: key(moviePK(v.MovieID), voteSK(v.UserID)), ConditionExpression: cond,
				UpdateExpression:         aws.String("SET #c = :null, #cs = :no REMOVE GSI2PK, GSI2SK"),
				ExpressionAttributeNames: map[string]string{"#c": "comment", "#cs": "comment_shared"}, ExpressionAttributeValues: values,
			}},
			s.auditOp(actor, a.Action, a.Target, a.Details),
		}, nil
	}
	e, a := festival.VoteDeleteEntry(v), festival.VoteDeleteAudit(v)
	pending, err := s.ledgerOp(ev.edition, e.Kind, e.Data) // its edition's ledger
	if err != nil {
		return nil, err
	}
	return []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName: &s.table, Key: key(moviePK(v.MovieID), voteSK(v.UserID)), ConditionExpression: cond, ExpressionAttributeValues: values,
		}},
		s.auditOp(actor, a.Action, a.Target, a.Details),
		pending,
	}, nil
}

// publicationCheck holds while the results' publication is what published
// says (the settings item may not exist: nothing published).
func (s *core) publicationCheck(published bool) types.TransactWriteItem {
	cond := "attribute_not_exists(results_published_at)"
	if published {
		cond = "attribute_exists(results_published_at)"
	}
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(settingsPK, settingsSK), ConditionExpression: aws.String(cond),
	}}
}
