package editions_test

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// failingSwitch fails the transaction that switches the current edition
// (the one that writes EDITIONS) while armed.
type failingSwitch struct {
	dynamo.DB
	armed *atomic.Bool
}

func (f failingSwitch) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	for _, it := range in.TransactItems {
		if it.Put != nil && f.armed.Load() {
			if pk, ok := it.Put.Item["PK"].(*types.AttributeValueMemberS); ok && pk.Value == "EDITIONS" {
				return nil, errors.New("injected: the switch fails")
			}
		}
	}
	return f.DB.TransactWriteItems(ctx, in, o...)
}

func TestAStartThatFailedBeforeItsSwitchLeavesTheOldEditionCurrentAndItsRetryFinishesIt(t *testing.T) {
	t.Parallel()
	armed := &atomic.Bool{}
	api := apitest.Start(t, func(o *localserver.Options) {
		o.WrapDB = func(db dynamo.DB) dynamo.DB { return failingSwitch{DB: db, armed: armed} }
	})
	admin, j := api.Register("ADMIN"), api.Register("JURY")
	for _, name := range []string{"Courts", "Longs"} {
		api.Do("POST", "/categories", admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated)
	}
	courts := int64(api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List()[0]["id_categorie"].(float64))
	api.Do("PUT", "/users/me/jury-profile", j.Token, map[string]any{"categories": []int64{courts}, "conflicts": []int64{}}).Expect(http.StatusOK)

	armed.Store(true)
	api.Do("POST", "/editions", admin.Token, map[string]any{"id": "2027", "copy_jury": true}).Expect(http.StatusInternalServerError)
	if eds := api.Do("GET", "/editions", "", nil).Expect(http.StatusOK).JSON(); eds["current"] != "1" || len(eds["editions"].([]any)) != 1 {
		t.Fatalf("editions after a failed start %v, want the first still current, alone", eds)
	}
	if got := ids(api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List(), "id_categorie"); len(got) != 2 || got[0] != courts {
		t.Errorf("the current edition's categories %v, want its own", got)
	}
	api.Do("POST", "/editions", admin.Token, map[string]any{"id": "2028"}).ExpectError(http.StatusConflict,
		"Le démarrage d'une autre édition est en cours : renvoyez la même demande pour l'achever")

	armed.Store(false)
	api.Do("POST", "/editions", admin.Token, map[string]any{"id": "2027", "copy_jury": true}).Expect(http.StatusCreated)
	cats := ids(api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List(), "id_categorie")
	if len(cats) != 2 || cats[0] <= courts+1 {
		t.Fatalf("the new edition's categories %v, want the two copies, once", cats)
	}
	p := api.Do("GET", "/users/me/jury-profile", j.Token, nil).Expect(http.StatusOK).JSON()
	if len(p["categories"].([]any)) != 1 || p["categories"].([]any)[0] != float64(cats[0]) {
		t.Errorf("the juror's categories %v, want the copy %d, once", p["categories"], cats[0])
	}
	if eds := api.Do("GET", "/editions", "", nil).Expect(http.StatusOK).JSON(); eds["current"] != "2027" || len(eds["editions"].([]any)) != 2 {
		t.Errorf("editions %v", eds)
	}
}
