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

// The end of an account (festival.UserErasure): the same writes whether its
// owner erases it or an admin deletes it.

// DeleteUser is an admin's deletion of an account while the results are
// not published (EraseUser).
func (s *Users) DeleteUser(ctx context.Context, actor festival.Actor, id int64) error {
	return s.EraseUser(ctx, actor, id, festival.UserErasure{})
}

// EraseUser removes a user, the e-mail marker and every item that hangs off
// the user (GSI2 partition USER#<id>: jury assignments, votes, viewings,
// reminders), the messages addressed to them alone and their notices. Votes go as e
// says (eraseVotes): deleted with their ledger and audit entries, or kept
// without their comment once the results are published. The dependents go
// first and the user item last, each batch in a transaction, so a failure
// part-way leaves the user in place and a retry finishes the job. Films the
// user produced must be gone first: if the index still shows one (created
// meanwhile, or not yet deleted), nothing is deleted and the answer is
// festival.ErrConflict, as when the results were published (or withdrawn)
// since e was decided. The last write is conditional on the user being
// unchanged since it was read, so the marker deleted is the one of the
// current e-mail.
func (s *Users) EraseUser(ctx context.Context, actor festival.Actor, id int64, e festival.UserErasure) error {
	current, err := s.currentEdition(ctx) // an archived edition's records are final
	if err != nil {
		return err
	}
	refs, err := s.queryAll(ctx, s.gsi2Query(userRefPK(id), ""))
	if err != nil {
		return fmt.Errorf("list items of user %d: %w", id, err)
	}
	var ops []types.TransactWriteItem
	var votes []erasedVote
	for _, item := range refs {
		t, _ := item[attrType].(*types.AttributeValueMemberS)
		switch {
		case t != nil && t.Value == typeMovie:
			if err := s.movieStillThere(ctx, item); err != nil {
				return err
			}
			continue
		case t != nil && t.Value == typeVote:
			var v voteItem
			if err := attributevalue.UnmarshalMap(item, &v); err != nil {
				return err
			}
			votes = append(votes, erasedVote{v.vote(), editionOrFirst(festival.EditionID(v.Edition))})
			continue
		case t != nil && t.Value == typeWatch && (e.KeepVotes || editionAttr(item) != current):
			// What the juror played backs the published watched shares
			// (an archived edition's are final, as its votes: eraseVotes).
			ops = append(ops, s.detachOp(item))
			continue
		}
		more, err := s.detachFromUserOps(item)
		if err != nil {
			return err
		}
		ops = append(ops, more...)
	}
	if err := s.eraseVotes(ctx, actor, votes, e.KeepVotes); err != nil {
		return err
	}
	// Each write is independent, and one whose film vanished meanwhile is
	// simply done: transactEach skips it rather than failing the deletion.
	if err := s.transactEach(ctx, ops); err != nil {
		return fmt.Errorf("delete items of user %d: %w", id, err)
	}
	if err := (&Outbox{s.core}).deleteMessagesToOnly(ctx, id); err != nil {
		return err
	}
	// Their notices go before the user item: a delivery checks that the
	// account exists in the transaction that writes one (RecordDelivery).
	if err := s.deleteNotices(ctx, id); err != nil {
		return err
	}
	return s.deleteUserItem(ctx, actor, id, e)
}

// movieStillThere is festival.ErrConflict when the film item the index
// shows under a user is still in the table. The index is read eventually
// consistently: a film deleted a moment ago may still show. Only a film the
// table still has blocks the deletion (deleting the film item alone would
// orphan its collection and files).
func (s *Users) movieStillThere(ctx context.Context, item map[string]types.AttributeValue) error {
	var m keyItem
	_ = attributevalue.UnmarshalMap(item, &m)
	_, err := getItem[keyItem](ctx, s.core, key(m.PK, m.SK))
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	return festival.ErrConflict
}

// deleteUserItem is the account's last write: the user, their e-mail marker
// and the audit entry.
func (s *Users) deleteUserItem(ctx context.Context, actor festival.Actor, id int64, e festival.UserErasure) error {
	return Retry(ctx, func(int) error {
		it, err := getItem[userItem](ctx, s.core, key(userPK(id), skUser))
		if err != nil {
			return wrapGet(err, "get user %d", id)
		}
		email, err := festival.ParseEmailKey(it.Email)
		if err != nil {
			return err
		}
		details := map[string]string{"email": it.Email, "role": it.Role}
		if e.Self {
			// The person asked to be forgotten: the trail keeps that an
			// account of this role went, not whose address it was.
			details = map[string]string{"role": it.Role}
		}
		err = s.transact(ctx, []types.TransactWriteItem{
			{Delete: &types.Delete{
				TableName: &s.table, Key: key(userPK(id), skUser),
				ConditionExpression:       aws.String("#v = :v"),
				ExpressionAttributeNames:  map[string]string{"#v": "version"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(it.Version)},
			}},
			{Delete: &types.Delete{TableName: &s.table, Key: key(emailPK(email), skEmail)}},
			// An admin's saved views of the board (committee.go) go with the account.
			{Delete: &types.Delete{TableName: &s.table, Key: key(userPK(id), skViews)}},
			s.auditOp(actor, e.AuditAction(), fmt.Sprintf("user:%d", id), details),
		})
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 0) || transactionConflict(err):
			// Updated in between (an e-mail change moves the marker): read again.
			return Again(fmt.Errorf("delete user %d: %w", id, err))
		default:
			return fmt.Errorf("delete user %d: %w", id, err)
		}
	})
}

// DeleteUserAfter erases a user (EraseUser) once first has run and told
// how (the accounts service deletes the user's films there, with their
// files, and reads whether the results are published), under the store's
// retry policy: while the index still shows a film of the user (one
// submitted meanwhile, or not yet gone from the index), or the results'
// publication changed meanwhile, first runs again and the deletion is tried
// again.
func (s *Users) DeleteUserAfter(ctx context.Context, actor festival.Actor, id int64, first func(context.Context) (festival.UserErasure, error)) error {
	return Retry(ctx, func(int) error {
		e, err := first(ctx)
		if err != nil {
			return err
		}
		err = s.EraseUser(ctx, actor, id, e)
		if errors.Is(err, festival.ErrConflict) {
			return Again(err)
		}
		return err
	})
}

// detachFromUserOps returns the writes that remove one item hanging off a
// deleted user. Films the user produced must be deleted (with their files)
// before the user; see DeleteUser's caller.
func (s *Users) detachFromUserOps(item map[string]types.AttributeValue) ([]types.TransactWriteItem, error) {
	pk, _ := item[attrPK].(*types.AttributeValueMemberS)
	sk, _ := item[attrSK].(*types.AttributeValueMemberS)
	if pk == nil || sk == nil {
		return nil, errors.New("item without key")
	}
	t, _ := item[attrType].(*types.AttributeValueMemberS)
	ops := []types.TransactWriteItem{{Delete: &types.Delete{TableName: &s.table, Key: key(pk.Value, sk.Value)}}}
	if t != nil && t.Value == typeMovieJury {
		// A jury assignment also lives in the film's embedded Juries.
		var link movieJuryLinkItem
		if err := attributevalue.UnmarshalMap(item, &link); err != nil {
			return nil, err
		}
		ops = append(ops, s.juryEntryRemove(link.MovieID, link.UserID))
	}
	return ops, nil
}

// detachOp takes an item out of its user's GSI2 partition, keeping it.
func (s *core) detachOp(item map[string]types.AttributeValue) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: map[string]types.AttributeValue{attrPK: item[attrPK], attrSK: item[attrSK]},
		UpdateExpression:    aws.String("REMOVE GSI2PK, GSI2SK"),
		ConditionExpression: aws.String("attribute_exists(PK)"),
	}}
}
