package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

type counterItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	N         int    `dynamodbav:"n"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// live is the item's count, or zero once its window has ended at now (TTL
// deletes expired items late, so expiry is decided here, not by TTL).
func (it counterItem) live(now time.Time) festival.Count {
	until := time.Unix(it.ExpiresAt, 0)
	if !now.Before(until) {
		return festival.Count{}
	}
	return festival.Count{N: it.N, Until: until}
}

// Counts reads counters in one request (BatchGetItem); a missing or expired
// one reads as the zero festival.Count.
func (s *Users) Counts(ctx context.Context, keys ...festival.CounterKey) (map[festival.CounterKey]festival.Count, error) {
	_, counts, err := s.countsWith(ctx, false, keys)
	return counts, err
}

// SettingsAndCounts reads the festival settings and counters in one request
// (a login needs both before anything else).
func (s *Users) SettingsAndCounts(ctx context.Context, keys ...festival.CounterKey) (festival.Settings, map[festival.CounterKey]festival.Count, error) {
	return s.countsWith(ctx, true, keys)
}

func (s *Users) countsWith(ctx context.Context, withSettings bool, keys []festival.CounterKey) (festival.Settings, map[festival.CounterKey]festival.Count, error) {
	st := festival.DefaultSettings()
	var edition festival.EditionID // "" while the settings item is not read
	byPK := make(map[string]festival.CounterKey, len(keys))
	reqKeys := make([]map[string]types.AttributeValue, 0, len(keys)+1)
	if withSettings {
		reqKeys = append(reqKeys, key(settingsPK, settingsSK))
	}
	for _, k := range keys {
		pk := throttlePK(k.Counter, k.Subject)
		if _, dup := byPK[pk]; !dup {
			byPK[pk] = k
			reqKeys = append(reqKeys, key(pk, skThrottle))
		}
	}
	out := make(map[festival.CounterKey]festival.Count, len(keys))
	now := s.now()
	err := s.batchGet(ctx, reqKeys, "", nil, func(item map[string]types.AttributeValue) error {
		if pk, _ := item[attrPK].(*types.AttributeValueMemberS); pk != nil && pk.Value == settingsPK {
			var it settingsItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return err
			}
			st, edition = it.settings(), festival.EditionID(it.Edition)
			return nil
		}
		var it counterItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return err
		}
		out[byPK[it.PK]] = it.live(now)
		return nil
	})
	if err != nil {
		return st, nil, fmt.Errorf("read counters: %w", err)
	}
	if withSettings {
		s.noteSettingsRead(&settingsRead{edition: edition})
	}
	return st, out, nil
}

// AddCount counts one attempt on each counter: within a window it adds one,
// after it (or the first time) it starts a new window of the given length.
// It returns the counts after the attempt.
func (s *Users) AddCount(ctx context.Context, window time.Duration, keys ...festival.CounterKey) (map[festival.CounterKey]festival.Count, error) {
	out := make(map[festival.CounterKey]festival.Count, len(keys))
	for _, k := range keys {
		c, err := s.addCount(ctx, k, window)
		if err != nil {
			return nil, err
		}
		out[k] = c
	}
	return out, nil
}

func (s *Users) addCount(ctx context.Context, k festival.CounterKey, window time.Duration) (festival.Count, error) {
	pk := throttlePK(k.Counter, k.Subject)
	var c festival.Count
	err := Retry(ctx, func(int) error {
		now := s.now()
		nowS := strconv.FormatInt(now.Unix(), 10)
		// Within a live window: one more.
		out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &s.table, Key: key(pk, skThrottle),
			UpdateExpression:          aws.String("ADD n :one"),
			ConditionExpression:       aws.String("expires_at > :now"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":now": &types.AttributeValueMemberN{Value: nowS}},
			ReturnValues:              types.ReturnValueAllNew,
		})
		var ccf *types.ConditionalCheckFailedException
		switch {
		case err == nil:
			var it counterItem
			if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
				return err
			}
			c = it.live(now)
			return nil
		case !errors.As(err, &ccf):
			return fmt.Errorf("count %s: %w", pk, err)
		}
		// No live window: start one, unless another request just did.
		until := now.Add(window)
		item, err := attributevalue.MarshalMap(counterItem{PK: pk, SK: skThrottle, Type: typeThrottle, N: 1, ExpiresAt: until.Unix()})
		if err != nil {
			return err
		}
		_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
			TableName: &s.table, Item: item,
			ConditionExpression:       aws.String("attribute_not_exists(PK) OR expires_at <= :now"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":now": &types.AttributeValueMemberN{Value: nowS}},
		})
		switch {
		case err == nil:
			c = festival.Count{N: 1, Until: time.Unix(until.Unix(), 0)}
			return nil
		case errors.As(err, &ccf):
			return Again(fmt.Errorf("count %s: a window began meanwhile", pk))
		}
		return fmt.Errorf("count %s: %w", pk, err)
	})
	return c, err
}

// ResetCount ends a counter's window (a successful login clears its
// account's failures).
func (s *Users) ResetCount(ctx context.Context, k festival.CounterKey) error {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &s.table, Key: key(throttlePK(k.Counter, k.Subject), skThrottle)})
	if err != nil {
		return fmt.Errorf("reset counter: %w", err)
	}
	return nil
}
