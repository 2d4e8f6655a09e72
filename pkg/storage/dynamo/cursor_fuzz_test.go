package dynamo

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// FuzzCursor: any cursor a client sends for a listing is refused as
// ErrBadCursor (a 400) or is a start key with exactly the key attributes of
// the listing's index, in the listing's own partition; and every cursor the
// store writes reads back.
func FuzzCursor(f *testing.F) {
	s := &core{table: "t"}
	f.Add(encodeCursor(map[string]types.AttributeValue{attrGSI1PK: str("MOVIES"), attrGSI1SK: str("MOVIE#0001"), attrPK: str("MOVIE#1"), attrSK: str("MOVIE")}))
	f.Add(base64.RawURLEncoding.EncodeToString([]byte(`{"PK":"MOVIE#1","SK":"MOVIE"}`)))
	f.Add(base64.RawURLEncoding.EncodeToString([]byte(`{"GSI1PK":"USERS","GSI1SK":"x","PK":"x","SK":"x"}`)))
	f.Add("not base64 !")
	f.Add("")
	f.Fuzz(func(t *testing.T, cursor string) {
		in := s.gsi1Query(gsi1Movies)
		k, err := startKey(cursor, in)
		if err != nil {
			if !errors.Is(err, ErrBadCursor) {
				t.Fatalf("cursor %q: %v, want ErrBadCursor", cursor, err)
			}
			return
		}
		if k == nil {
			if cursor != "" {
				t.Fatalf("cursor %q read as no cursor", cursor)
			}
			return
		}
		if len(k) != len(keyAttrs[IndexGSI1]) {
			t.Fatalf("cursor %q: start key %v", cursor, k)
		}
		if pk, _ := k[attrGSI1PK].(*types.AttributeValueMemberS); pk == nil || pk.Value != gsi1Movies {
			t.Fatalf("cursor %q starts in another listing: %v", cursor, k)
		}
		if again, err := startKey(encodeCursor(k), in); err != nil || len(again) != len(k) {
			t.Fatalf("a cursor the store writes does not read back: %v", err)
		}
	})
}
