package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A juror's viewing record of a film: the spans list of their watch item
// (progress.go), merged and in whole seconds, at most festival.MaxSpans.
//
// A viewing write changes the spans only: an Update of spans and spans_ver
// conditional on spans_ver alone (plus ver, bumped, so that a key fetch's
// whole-item Put read before it does not write old spans back). Key fetches,
// which a playing film sends beside its reports, no longer make it lose. A
// lost condition returns the item as it is now (ALL_OLD), which the next
// try merges into at once, without a read; a report the record already
// covers writes nothing.

// spanItem is one stored stretch. Older versions stored the seconds as
// sent (fractions), which reading coarsens (festival.StoredSpan).
type spanItem struct {
	From float64 `dynamodbav:"from"`
	To   float64 `dynamodbav:"to"`
}

func (it watchItem) spans() []festival.Span {
	out := make([]festival.Span, 0, len(it.Spans))
	for _, s := range it.Spans {
		if sp, ok := festival.StoredSpan(s.From, s.To); ok {
			out = append(out, sp)
		}
	}
	return out
}

func storedSpans(spans []festival.Span) []spanItem {
	out := make([]spanItem, len(spans))
	for i, s := range spans {
		out[i] = spanItem{From: float64(s.From()), To: float64(s.To())}
	}
	return out
}

// RecordViewing adds a stretch a jury member played to what they watched of
// a film (merged; a 409 past festival.MaxSpans), and returns their watch.
// The film must exist, not be being deleted, and be of the current edition
// (errEditionArchived otherwise), as editWatch checks.
func (s *Votes) RecordViewing(ctx context.Context, movieID, userID int64, span festival.Span) (festival.Watch, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return festival.Watch{}, err
	}
	var cur *watchItem // the item as last seen (nil: read it)
	var out watchItem
	err = RetryMerge(ctx, func(int) error {
		if cur == nil {
			it, err := getItem[watchItem](ctx, s.core, key(moviePK(movieID), watchSK(userID)))
			switch {
			case errors.Is(err, festival.ErrNotFound):
				it = s.newWatch(ed, movieID, userID)
				it.PK = "" // not stored yet
			case err != nil:
				return err
			}
			cur = &it
		}
		it := *cur
		merged, err := festival.MergeSpans(it.spans(), span)
		if err != nil {
			return err
		}
		if it.PK != "" && slices.Equal(merged, it.spans()) {
			out = it // covered already: nothing to write
			return nil
		}
		op, err := s.viewingOp(it, merged)
		if err != nil {
			return err
		}
		err = s.transact(ctx, []types.TransactWriteItem{op, inEditionOnly(s.movieExistsCheck(movieID), ed)})
		switch {
		case err == nil:
			it.PK, it.Spans, it.SpansVer, it.Ver = moviePK(movieID), storedSpans(merged), it.SpansVer+1, it.Ver+1
			out = it
			return nil
		case conditionFailedAt(err, 0):
			cur = itemOfLostCondition(err)
			return Again(err)
		case transactionConflict(err):
			return Again(err)
		case conditionFailedAt(err, 1):
			if err := s.archivedFilm(ctx, movieID, ed); err != nil {
				return err
			}
			return festival.ErrNotFound
		}
		return fmt.Errorf("record viewing of film %d by %d: %w", movieID, userID, err)
	})
	return out.watch(), err
}

// viewingOp writes merged as the item's spans: a Put of a new item (it.PK
// empty) that no one created meanwhile, else an Update conditional on the
// spans being as read.
func (s *Votes) viewingOp(it watchItem, merged []festival.Span) (types.TransactWriteItem, error) {
	allOld := types.ReturnValuesOnConditionCheckFailureAllOld
	if it.PK == "" {
		it.PK, it.Spans, it.SpansVer, it.Ver = moviePK(it.MovieID), storedSpans(merged), 1, 1
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return types.TransactWriteItem{}, err
		}
		return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item,
			ConditionExpression: aws.String("attribute_not_exists(PK)"), ReturnValuesOnConditionCheckFailure: allOld}}, nil
	}
	spans, err := attributevalue.Marshal(storedSpans(merged))
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	cond := "attribute_exists(PK) AND attribute_not_exists(spans_ver)"
	values := map[string]types.AttributeValue{":s": spans, ":nv": num(it.SpansVer + 1), ":one": num(1)}
	if it.SpansVer > 0 {
		cond = "attribute_exists(PK) AND spans_ver = :v"
		values[":v"] = num(it.SpansVer)
	}
	return types.TransactWriteItem{Update: &types.Update{TableName: &s.table, Key: key(it.PK, it.SK),
		UpdateExpression:    aws.String("SET spans = :s, spans_ver = :nv ADD ver :one"),
		ConditionExpression: aws.String(cond), ExpressionAttributeValues: values,
		ReturnValuesOnConditionCheckFailure: allOld}}, nil
}

// itemOfLostCondition is the watch item a cancelled transaction's first
// operation found (ALL_OLD): the record as it is now; nil when it did not
// say (an item gone meanwhile, say), and the next try reads it.
func itemOfLostCondition(err error) *watchItem {
	var tc *types.TransactionCanceledException
	if !errors.As(err, &tc) || len(tc.CancellationReasons) == 0 {
		return nil
	}
	old := tc.CancellationReasons[0].Item
	if old == nil {
		return nil
	}
	var it watchItem
	if attributevalue.UnmarshalMap(old, &it) != nil {
		return nil
	}
	return &it
}
