package editions_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sort"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// dumpedAccount is an account of the dump, whose password the version that
// wrote it set (apitest.Register's).
type dumpedAccount struct {
	id    int64
	email string
	role  festival.Role
}

// migratedTable loads the dump written before editions (commit df07ff1,
// pkg/storage/dynamo/testdata/before-editions.json) into a fresh table and
// migrates it: once killed after its first page, then to the end, then
// again (nothing left to do).
func migratedTable(t *testing.T) (string, []dumpedAccount) {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	items, err := dynamotest.ReadDump(filepath.Join(root, "pkg/storage/dynamo/testdata/before-editions.json"))
	if err != nil {
		t.Fatal(err)
	}
	db, table := dynamotest.Table(t)
	if err := dynamotest.Load(context.Background(), db, table, items); err != nil {
		t.Fatal(err)
	}
	for i, opts := range []dynamo.MigrationOptions{{Segments: 2, PageSize: 15, StopAfter: 1}, {}, {}} {
		m, err := dynamo.NewMigration(dynamolocal.Client(dynamotest.Endpoint()), table, nil, opts)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := m.Run(context.Background())
		if err != nil || rep.Done != (i > 0) || rep.Already != (i == 2) {
			t.Fatalf("run %d: %+v, %v", i+1, rep, err)
		}
	}
	var accounts []dumpedAccount
	for _, it := range items {
		if s(it, "type") == "USER" {
			var id int64
			fmt.Sscan(it["id_user"].(*types.AttributeValueMemberN).Value, &id)
			accounts = append(accounts, dumpedAccount{id: id, email: s(it, "email"), role: festival.Role(s(it, "role"))})
		}
	}
	sort.Slice(accounts, func(i, j int) bool { return accounts[i].id < accounts[j].id })
	return table, accounts
}

func s(it map[string]types.AttributeValue, name string) string {
	if v, ok := it[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

func ids(list []map[string]any, field string) []int64 {
	var out []int64
	for _, m := range list {
		out = append(out, int64(m[field].(float64)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func TestEveryRecordOfATableWrittenBeforeEditionsIsReachableOnceMigrated(t *testing.T) {
	t.Parallel()
	table, accounts := migratedTable(t)
	api := apitest.StartOnTable(t, table)
	login := func(a dumpedAccount) string { return api.Login(a.email, "motdepasse1") }
	// The dump's accounts: 1 admin, 2 and 3 producers, 4 and 5 jurors.
	if len(accounts) != 5 || accounts[0].role != festival.RoleAdmin || accounts[3].role != festival.RoleJury {
		t.Fatalf("dumped accounts %+v", accounts)
	}
	admin, prod2, prod3, j4, j5 := login(accounts[0]), login(accounts[1]), login(accounts[2]), login(accounts[3]), login(accounts[4])

	eds := api.Do("GET", "/editions", "", nil).Expect(http.StatusOK).JSON()
	if eds["current"] != "1" || len(eds["editions"].([]any)) != 1 {
		t.Errorf("editions %v, want the first, current", eds)
	}
	want := func(path, token string, field string, expected ...int64) {
		t.Helper()
		got := ids(api.Do("GET", path, token, nil).Expect(http.StatusOK).List(), field)
		if fmt.Sprint(got) != fmt.Sprint(expected) {
			t.Errorf("GET %s: %s %v, want %v", path, field, got, expected)
		}
	}
	want("/movies", "", "id_movie", 1, 2, 3, 4)
	want("/movies?edition=1", admin, "id_movie", 1, 2, 3, 4)
	want("/movies/mine", prod2, "id_movie", 1, 2)
	want("/movies/mine", prod3, "id_movie", 3, 4)
	want("/movies/assigned", j4, "id_movie", 1, 2, 3)
	want("/votes/mine", j4, "id_movie", 1, 2, 3)
	want("/votes/mine", j5, "id_movie", 1, 2, 3)
	want("/votes", admin, "id_vote", 1, 2, 3, 4, 5, 6)
	want("/awards", admin, "id_award", 1)
	want("/categories", "", "id_categorie", 1, 2)
	if codes := api.Do("GET", "/settings/late-codes", admin, nil).Expect(http.StatusOK).List(); len(codes) != 2 {
		t.Errorf("late codes %v, want RETARD and INUTILE", codes)
	}
	results := api.Do("GET", "/votes/results", admin, nil).Expect(http.StatusOK).List()
	if len(results) != 4 {
		t.Errorf("results %v, want the four films", results)
	}
	// The name markers moved with their categories: a name stays taken.
	api.Do("POST", "/categories", admin, map[string]any{"name": "courts MÉTRAGES"}).Expect(http.StatusConflict)
	// The settings kept their grids and form; the ledger links the vote
	// left in its queue after the six linked before, and holds.
	st := api.Do("GET", "/settings", admin, nil).Expect(http.StatusOK).JSON()
	if len(st["category_grids"].(map[string]any)) != 1 || len(st["category_rules"].(map[string]any)) != 1 {
		t.Errorf("settings %v, want their grid and rule", st)
	}
	if _, err := api.Server.Deps.Store.AppendLedger(context.Background()); err != nil {
		t.Fatal(err)
	}
	var entries []festival.LedgerEntry
	api.Do("GET", "/votes/ledger", admin, nil).Expect(http.StatusOK).Decode(&entries)
	head, broken := festival.VerifyLedger(entries)
	if broken != nil || len(entries) != 7 {
		t.Fatalf("ledger of %d entries breaks at %v", len(entries), broken)
	}
	if got := api.Do("GET", "/votes/ledger/head", "", nil).Expect(http.StatusOK).JSON(); got["hash"] != head.Hash {
		t.Errorf("head %v, want %v", got, head)
	}
	// The festival goes on in its first edition: a new vote and a new
	// category join the others.
	vote := int64(api.Do("POST", "/votes/mine/4", j5, map[string]any{"score": 6}).Expect(http.StatusCreated).JSON()["vote"].(map[string]any)["id_vote"].(float64))
	want("/votes?edition=1", admin, "id_vote", 1, 2, 3, 4, 5, 6, vote)
	doc := api.Do("POST", "/categories", admin, map[string]any{"name": "Documentaires"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)
	want("/categories", "", "id_categorie", 1, 2, int64(doc["id_categorie"].(float64)))
}
