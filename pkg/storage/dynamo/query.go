package dynamo

import (
	"github.com/festivalapi/festival/pkg/domain/festival"

	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// queryAll runs a query to the end, page by page.
func (s *core) queryAll(ctx context.Context, in *dynamodb.QueryInput) ([]map[string]types.AttributeValue, error) {
	var items []map[string]types.AttributeValue
	p := dynamodb.NewQueryPaginator(s.db, in)
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		items = append(items, out.Items...)
	}
	return items, nil
}

// queryPages runs a query for one page (p.Limit > 0) or all pages, calling
// each for every item; it returns the cursor of the next page, if any.
func (s *core) queryPages(ctx context.Context, in *dynamodb.QueryInput, p Page, each func(map[string]types.AttributeValue) error) (string, error) {
	start, err := startKey(p.Cursor, in)
	if err != nil {
		return "", err
	}
	in.ExclusiveStartKey = start
	if p.Limit > 0 {
		// One item more than the page: when it comes back there is a next
		// page, and when it does not the listing ends here, rather than with
		// an empty last page behind a cursor.
		in.Limit = aws.Int32(p.Limit + 1)
	}
	for first := true; ; first = false {
		out, err := s.db.Query(ctx, in)
		if first && cursorRefused(err, start) {
			return "", ErrBadCursor
		}
		if err != nil {
			return "", err
		}
		items, next := out.Items, out.LastEvaluatedKey
		if p.Limit > 0 && len(items) > int(p.Limit) {
			items = items[:p.Limit]
			next = keyOf(items[len(items)-1], aws.ToString(in.IndexName))
		}
		for _, item := range items {
			if err := each(item); err != nil {
				return "", err
			}
		}
		if len(next) == 0 {
			return "", nil
		}
		if p.Limit > 0 {
			return encodeCursor(next), nil
		}
		in.ExclusiveStartKey = next
	}
}

// gsi1Query selects every item of one type (GSI1PK = typePK), in id order.
func (s *core) gsi1Query(typePK string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName: &s.table, IndexName: aws.String(IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(typePK)},
	}
}

// gsi2Query selects what hangs off a user or a category (GSI2PK = pk), the
// items whose GSI2SK starts with prefix when prefix is not "".
func (s *core) gsi2Query(pk, prefix string) *dynamodb.QueryInput {
	in := &dynamodb.QueryInput{
		TableName: &s.table, IndexName: aws.String(IndexGSI2),
		KeyConditionExpression:    aws.String("GSI2PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)},
	}
	if prefix != "" {
		in.KeyConditionExpression = aws.String("GSI2PK = :pk AND begins_with(GSI2SK, :pre)")
		in.ExpressionAttributeValues[":pre"] = str(prefix)
	}
	return in
}

// findByGSI1 finds the one item of a type whose GSI1SK is sk (a record found
// by its own id) and converts it; festival.ErrNotFound when there is none. what names
// the record in other errors.
func findByGSI1[T, R any](ctx context.Context, s *core, typePK, sk string, conv func(T) R, what string) (R, error) {
	var it T
	var none R
	in := s.gsi1Query(typePK)
	in.KeyConditionExpression = aws.String("GSI1PK = :pk AND GSI1SK = :sk")
	in.ExpressionAttributeValues[":sk"] = str(sk)
	out, err := s.db.Query(ctx, in)
	switch {
	case err != nil:
		return none, fmt.Errorf("find %s %s: %w", what, sk, err)
	case len(out.Items) == 0:
		return none, festival.ErrNotFound
	}
	if err := attributevalue.UnmarshalMap(out.Items[0], &it); err != nil {
		return none, fmt.Errorf("find %s %s: %w", what, sk, err)
	}
	return conv(it), nil
}

// queryRecords runs a query for one page or all pages (see queryPages) and
// converts each item. The result is never nil: listings answer [] when empty.
func queryRecords[T, R any](ctx context.Context, s *core, in *dynamodb.QueryInput, p Page, conv func(T) R) ([]R, string, error) {
	out := []R{}
	next, err := s.queryPages(ctx, in, p, func(item map[string]types.AttributeValue) error {
		var it T
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return err
		}
		out = append(out, conv(it))
		return nil
	})
	return out, next, err
}
