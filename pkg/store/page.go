package store

import (
	"encoding/base64"
	"encoding/json"
	"github.com/festivalapi/festival/pkg/apperr"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Page asks for one page of a listing. Limit 0 means "everything": the
// specification's plain listings return all records, so the store reads every
// page for them; clients that pass a limit get a Cursor to continue.
type Page struct {
	Limit  int32
	Cursor string
}

// ErrBadCursor is returned for a cursor the store did not produce: a client
// error, answered as such wherever a listing takes a cursor.
var ErrBadCursor = apperr.E(apperr.Invalid, "Paramètre cursor invalide")

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
