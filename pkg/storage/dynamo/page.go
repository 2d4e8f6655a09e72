package dynamo

import (
	"encoding/base64"
	"encoding/json"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Page asks for one page of a listing (festival.Page).
type Page = festival.Page

// ErrBadCursor is returned for a cursor the store did not produce: a client
// error, answered as such wherever a listing takes a cursor.
var ErrBadCursor = apperr.E(apperr.Invalid, texts.BadCursor)

// encodeCursor turns a LastEvaluatedKey into an opaque string.
func encodeCursor(k map[string]types.AttributeValue) string {
	if len(k) == 0 {
		return ""
	}
	var m map[string]string
	if err := attributevalue.UnmarshalMap(k, &m); err != nil {
		return ""
	}
	b, _ := json.Marshal(m)
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeCursor reads a cursor back into an ExclusiveStartKey. Every key
// attribute of the table is a string, so a map of strings carries it.
func decodeCursor(c string) (map[string]types.AttributeValue, error) {
	if c == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return nil, ErrBadCursor
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil || len(m) == 0 {
		return nil, ErrBadCursor
	}
	for k := range m {
		switch k {
		case attrPK, attrSK, attrGSI1PK, attrGSI1SK, attrGSI2PK, attrGSI2SK:
		default:
			return nil, ErrBadCursor
		}
	}
	out, err := attributevalue.MarshalMap(m)
	if err != nil {
		return nil, ErrBadCursor
	}
	return out, nil
}

// keyAttrs are the key attributes of an ExclusiveStartKey on each index.
var keyAttrs = map[string][]string{
	"":        {attrPK, attrSK},
	IndexGSI1: {attrGSI1PK, attrGSI1SK, attrPK, attrSK},
	IndexGSI2: {attrGSI2PK, attrGSI2SK, attrPK, attrSK},
}

// startKey reads a client's cursor for the query in. Beyond being well
// formed, it must name exactly the key attributes of the query's index and
// the query's own partition (":pk"): a cursor of another listing, or a forged
// one, is a 400 rather than a DynamoDB validation error.
func startKey(cursor string, in *dynamodb.QueryInput) (map[string]types.AttributeValue, error) {
	k, err := decodeCursor(cursor)
	if err != nil || k == nil {
		return k, err
	}
	want := keyAttrs[aws.ToString(in.IndexName)]
	if len(k) != len(want) {
		return nil, ErrBadCursor
	}
	for _, a := range want {
		if _, ok := k[a]; !ok {
			return nil, ErrBadCursor
		}
	}
	pk, _ := in.ExpressionAttributeValues[":pk"].(*types.AttributeValueMemberS)
	got, _ := k[want[0]].(*types.AttributeValueMemberS)
	if pk == nil || got == nil || pk.Value != got.Value {
		return nil, ErrBadCursor
	}
	return k, nil
}

// cursorRefused reports whether DynamoDB refused a query for its start key:
// a cursor that passes startKey but lies outside the query's sort key
// condition. It is the client's cursor that is wrong.
func cursorRefused(err error, start map[string]types.AttributeValue) bool {
	var ae smithy.APIError
	return start != nil && errors.As(err, &ae) && ae.ErrorCode() == "ValidationException"
}

// keyOf is the start key that resumes a query on index right after item.
func keyOf(item map[string]types.AttributeValue, index string) map[string]types.AttributeValue {
	k := map[string]types.AttributeValue{}
	for _, a := range keyAttrs[index] {
		k[a] = item[a]
	}
	return k
}
