package dynamo

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A film's withdrawal from the festival (festival.Withdraw, Reinstate): the
// film item carries it (withdrawalItem), and the versioned write that sets
// or clears it also deletes the film's jury links and writes the ledger's
// entry (withdrawalOps), whatever edit did it.

// withdrawalItem is a festival.Withdrawal as stored on the film item.
type withdrawalItem struct {
	At     string `dynamodbav:"at"`
	By     int64  `dynamodbav:"by"`
	Reason string `dynamodbav:"reason"`
	Status string `dynamodbav:"status"`
}

func toWithdrawalItem(w *festival.Withdrawal) *withdrawalItem {
	if w == nil {
		return nil
	}
	return &withdrawalItem{At: w.At.String(), By: w.By, Reason: w.Reason, Status: string(w.Status)}
}

func (it *withdrawalItem) withdrawal() *festival.Withdrawal {
	if it == nil {
		return nil
	}
	at, _ := festival.ParseTime(it.At)
	return &festival.Withdrawal{At: at, By: it.By, Reason: it.Reason, Status: festival.SelectionStatus(it.Status)}
}

// withdrawalOps are the writes a change of the film's withdrawal owes, in
// its transaction: leaving the festival deletes the jury links of the
// members the film lost (the edit empties Juries) and writes movie.withdraw
// to the ledger; coming back writes movie.reinstate. None for any other
// change: only the withdrawal edits change Withdrawn, and a film out of the
// festival takes no new member (festival.CheckJuryAllowed), so no other
// write of the same transaction touches those links.
func (s *Films) withdrawalOps(before, after festival.Movie) ([]types.TransactWriteItem, error) {
	e, ok := festival.WithdrawalLedgerEntry(before, after)
	if !ok {
		return nil, nil
	}
	var ops []types.TransactWriteItem
	for _, j := range before.Juries {
		if !after.HasJury(j.ID) {
			ops = append(ops, s.deleteOp(moviePK(before.ID), juryLinkSK(j.ID)))
		}
	}
	op, err := s.ledgerOp(before.Edition, e.Kind, e.Data)
	if err != nil {
		return nil, err
	}
	return append(ops, op), nil
}

// inFestivalOnly holds a write on the film item (an Update or a
// ConditionCheck, built for this transaction) to the film still being in
// the festival: not withdrawn (the attribute is absent while it is in), not
// a draft. A vote cannot slip in beside a withdrawal.
func inFestivalOnly(op types.TransactWriteItem) types.TransactWriteItem {
	return andCondition(op, " AND attribute_not_exists(#wdn) AND (attribute_not_exists(#drf) OR #drf = :nodraft)",
		map[string]string{"#wdn": "withdrawn", "#drf": "draft"},
		map[string]types.AttributeValue{":nodraft": &types.AttributeValueMemberBOOL{Value: false}})
}
