package dynamotest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// A dump is a table's items in DynamoDB's JSON ({"S": ...}, {"N": ...},
// {"M": ...}, ...), as a Scan of a table written by an older version of the
// product left them: tests of a migration load one into a fresh table.

// ReadDump reads the items of a dump file.
func ReadDump(path string) ([]map[string]types.AttributeValue, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	items := make([]map[string]types.AttributeValue, len(raw))
	for i, r := range raw {
		items[i] = map[string]types.AttributeValue{}
		for name, v := range r {
			av, err := decodeAttr(v)
			if err != nil {
				return nil, fmt.Errorf("%s: item %d, %s: %w", path, i, name, err)
			}
			items[i][name] = av
		}
	}
	return items, nil
}

func decodeAttr(v map[string]json.RawMessage) (types.AttributeValue, error) {
	for kind, raw := range v {
		switch kind {
		case "S", "N", "B":
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, err
			}
			switch kind {
			case "S":
				return &types.AttributeValueMemberS{Value: s}, nil
			case "N":
				return &types.AttributeValueMemberN{Value: s}, nil
			}
			b, err := base64.StdEncoding.DecodeString(s)
			return &types.AttributeValueMemberB{Value: b}, err
		case "BOOL":
			var b bool
			err := json.Unmarshal(raw, &b)
			return &types.AttributeValueMemberBOOL{Value: b}, err
		case "NULL":
			return &types.AttributeValueMemberNULL{Value: true}, nil
		case "SS", "NS":
			var l []string
			if err := json.Unmarshal(raw, &l); err != nil {
				return nil, err
			}
			if kind == "SS" {
				return &types.AttributeValueMemberSS{Value: l}, nil
			}
			return &types.AttributeValueMemberNS{Value: l}, nil
		case "L":
			var l []map[string]json.RawMessage
			if err := json.Unmarshal(raw, &l); err != nil {
				return nil, err
			}
			out := make([]types.AttributeValue, len(l))
			for i, e := range l {
				av, err := decodeAttr(e)
				if err != nil {
					return nil, err
				}
				out[i] = av
			}
			return &types.AttributeValueMemberL{Value: out}, nil
		case "M":
			var m map[string]map[string]json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, err
			}
			out := make(map[string]types.AttributeValue, len(m))
			for k, e := range m {
				av, err := decodeAttr(e)
				if err != nil {
					return nil, err
				}
				out[k] = av
			}
			return &types.AttributeValueMemberM{Value: out}, nil
		}
	}
	return nil, fmt.Errorf("unknown attribute value %v", v)
}

// Load writes items into table, 25 to a BatchWriteItem.
func Load(ctx context.Context, db *dynamodb.Client, table string, items []map[string]types.AttributeValue) error {
	for len(items) > 0 {
		n := min(len(items), 25)
		reqs := make([]types.WriteRequest, n)
		for i, it := range items[:n] {
			reqs[i] = types.WriteRequest{PutRequest: &types.PutRequest{Item: it}}
		}
		pending := map[string][]types.WriteRequest{table: reqs}
		for attempt := 0; len(pending) > 0; attempt++ {
			if attempt > 10 {
				return fmt.Errorf("load %s: items left unprocessed", table)
			}
			out, err := db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			if err != nil {
				return fmt.Errorf("load %s: %w", table, err)
			}
			pending = out.UnprocessedItems
			if len(pending) > 0 {
				time.Sleep(time.Duration(attempt+1) * 20 * time.Millisecond)
			}
		}
		items = items[n:]
	}
	return nil
}
