package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Lists of accounts: every account (paged), the jury, the admins, and
// accounts by id.

// ListUsers returns users in id order, one page or (Limit 0) all of them.
func (s *Users) ListUsers(ctx context.Context, p Page) ([]festival.User, string, error) {
	return queryRecords(ctx, s.core, s.gsi1Query(gsi1Users), p, userItem.user)
}

// Jurors returns every JURY account (one Query of the users, paged).
func (s *Users) Jurors(ctx context.Context) ([]festival.User, error) {
	in := s.gsi1Query(gsi1Users)
	in.FilterExpression = aws.String("#r = :jury")
	in.ExpressionAttributeNames = map[string]string{"#r": "role"}
	in.ExpressionAttributeValues[":jury"] = str(string(festival.RoleJury))
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("list jurors: %w", err)
	}
	out := make([]festival.User, 0, len(items))
	for _, item := range items {
		var it userItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		out = append(out, it.user())
	}
	return out, nil
}

// UsersByID reads users by id (one BatchGetItem per 100) and returns those
// that exist, by id.
func (s *Users) UsersByID(ctx context.Context, ids []int64) (map[int64]festival.User, error) {
	users, _, err := batchGetByID(ctx, s.core, ids, func(id int64) map[string]types.AttributeValue { return key(userPK(id), skUser) },
		"", nil, func(item map[string]types.AttributeValue) (festival.User, int64, error) {
			var it userItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return festival.User{}, 0, err
			}
			u := it.user()
			return u, u.ID, nil
		})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]festival.User, len(users))
	for _, u := range users {
		out[u.ID] = u
	}
	return out, nil
}

// Admins lists the ids of every ADMIN account (one Query of the users,
// paged): who hears of a withdrawal.
func (s *Users) Admins(ctx context.Context) ([]int64, error) {
	in := s.gsi1Query(gsi1Users)
	in.FilterExpression = aws.String("#r = :admin")
	in.ProjectionExpression = aws.String("#id")
	in.ExpressionAttributeNames = map[string]string{"#r": "role", "#id": "id_user"}
	in.ExpressionAttributeValues[":admin"] = str(string(festival.RoleAdmin))
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("list admins: %w", err)
	}
	out := make([]int64, 0, len(items))
	for _, item := range items {
		var it struct {
			ID int64 `dynamodbav:"id_user"`
		}
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		out = append(out, it.ID)
	}
	return out, nil
}
