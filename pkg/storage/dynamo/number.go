package dynamo

import (
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// number is a festival.Decimal as an item holds it: the one place where a
// number a request carried (a score, a criterion's mark, a grid's weight, a
// form question's bounds, a number answer) becomes a DynamoDB number
// attribute, and back. An item has no float64 field for such a number, so
// only a checked Decimal reaches the table: never a magnitude DynamoDB
// refuses (1e-131, 1e308), never -0, never more than two decimal places
// (docs/decisions.md, "Numbers sent to storage").
type number festival.Decimal

// MarshalDynamoDBAttributeValue writes the number's shortest decimal form.
func (n number) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) {
	return numberValue(festival.Decimal(n)), nil
}

// UnmarshalDynamoDBAttributeValue reads a number attribute (readNumber).
func (n *number) UnmarshalDynamoDBAttributeValue(av types.AttributeValue) error {
	v, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		if _, null := av.(*types.AttributeValueMemberNULL); null {
			*n = number{}
			return nil
		}
		return fmt.Errorf("a stored number is a %T", av)
	}
	d, err := readNumber(v.Value)
	*n = number(d)
	return err
}

// numberValue is d as a number attribute, for expressions built by hand.
func numberValue(d festival.Decimal) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: d.String()}
}

// readNumber reads a stored number: exactly, or, for one written before
// numbers were Decimals (a criterion's mark stored as sent, 7.125), rounded
// to the hundredth.
func readNumber(s string) (festival.Decimal, error) {
	if d, err := festival.ParseDecimal([]byte(s)); err == nil {
		return d, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return festival.Decimal{}, fmt.Errorf("read a stored number %q: %w", s, err)
	}
	return festival.RoundDecimal(f)
}

// numberPtr and decimalPtr convert an optional number.
func numberPtr(d *festival.Decimal) *number {
	if d == nil {
		return nil
	}
	n := number(*d)
	return &n
}

func decimalPtr(n *number) *festival.Decimal {
	if n == nil {
		return nil
	}
	d := festival.Decimal(*n)
	return &d
}

// numbers and decimals convert a map of numbers (a vote's marks).
func numbers(m map[string]festival.Decimal) map[string]number {
	if m == nil {
		return nil
	}
	out := make(map[string]number, len(m))
	for k, v := range m {
		out[k] = number(v)
	}
	return out
}

func decimals(m map[string]number) map[string]festival.Decimal {
	if m == nil {
		return nil
	}
	out := make(map[string]festival.Decimal, len(m))
	for k, v := range m {
		out[k] = festival.Decimal(v)
	}
	return out
}

// gridItem is a scoring grid as stored: its weights are numbers.
type gridItem []criterionItem

type criterionItem struct {
	Key    string `dynamodbav:"key"`
	Name   string `dynamodbav:"name"`
	Weight number `dynamodbav:"weight"`
}

func toGridItem(g festival.Grid) gridItem {
	if g == nil {
		return nil
	}
	out := make(gridItem, len(g))
	for i, c := range g {
		out[i] = criterionItem{Key: c.Key, Name: c.Name, Weight: number(c.Weight)}
	}
	return out
}

func (it gridItem) grid() festival.Grid {
	if it == nil {
		return nil
	}
	out := make(festival.Grid, len(it))
	for i, c := range it {
		out[i] = festival.Criterion{Key: c.Key, Name: c.Name, Weight: festival.Decimal(c.Weight)}
	}
	return out
}
