package dynamo_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// testdata/before-editions.json is a Scan of a table written by the version
// before editions (commit df07ff1) through its routes: five accounts, two
// categories with their markers, four films (one admitted by a late code)
// in categories, jury links, votes (one still waiting in the ledger's
// queue), an award, a watch, an assignment plan, six linked ledger entries
// and their head, settings with windows, grids and rules, the form, a
// template, two late codes.
const beforeEditions = "testdata/before-editions.json"

func loadBefore(t testing.TB) (*dynamodb.Client, string, int) {
	t.Helper()
	db, table := dynamotest.Table(t)
	items, err := dynamotest.ReadDump(beforeEditions)
	if err != nil {
		t.Fatal(err)
	}
	if err := dynamotest.Load(context.Background(), db, table, items); err != nil {
		t.Fatal(err)
	}
	return db, table, len(items)
}

func migrate(t testing.TB, db dynamo.MigrationDB, table string, opts dynamo.MigrationOptions) dynamo.MigrationReport {
	t.Helper()
	m, err := dynamo.NewMigration(db, table, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// shapes lists every item's keys and edition, the progress and the
// time-stamped bookkeeping left out, for comparing two migrated tables.
func shapes(t testing.TB, db *dynamodb.Client, table string) []string {
	t.Helper()
	var out []string
	var start map[string]types.AttributeValue
	for {
		page, err := db.Scan(context.Background(), &dynamodb.ScanInput{TableName: &table, ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			s := func(n string) string {
				if v, ok := it[n].(*types.AttributeValueMemberS); ok {
					return v.Value
				}
				return ""
			}
			if s("PK") == "MIGRATION#editions" || strings.HasPrefix(s("PK"), "LISTVERSION#") {
				continue
			}
			out = append(out, strings.Join([]string{s("PK"), s("SK"), s("GSI1PK"), s("GSI1SK"), s("GSI2PK"), s("GSI2SK"), s("edition")}, " | "))
		}
		if page.LastEvaluatedKey == nil {
			break
		}
		start = page.LastEvaluatedKey
	}
	sort.Strings(out)
	return out
}

func TestTheMigrationPutsEveryRecordOfATableWrittenBeforeEditionsInTheFirstEdition(t *testing.T) {
	t.Parallel()
	db, table, n := loadBefore(t)
	rep := migrate(t, db, table, dynamo.MigrationOptions{})
	// The Scan reads the progress item too, and may meet a moved item again.
	if !rep.Done || rep.Already || rep.Scanned < n+1 || rep.Migrated != 33 {
		t.Fatalf("report %+v, want done, %d scanned, 33 migrated", rep, n+1)
	}
	got := shapes(t, db, table)
	if len(got) != n-2+1 { // every item but the two list versions, and EDITIONS
		t.Errorf("%d items after, want %d", len(got), n-1)
	}
	counts := map[string]int{}
	for _, line := range got {
		f := strings.Split(line, " | ")
		pk, sk, gsi1, gsi2sk, ed := f[0], f[1], f[2], f[5], f[6]
		for _, old := range []string{"MOVIES", "VOTES", "AWARDS", "CATEGORIES", "WATCHES", "LATECODES"} {
			if gsi1 == old {
				t.Errorf("still on the list %s: %s", old, line)
			}
		}
		for _, old := range []string{"PRODUCES#MOVIE#", "JURY#MOVIE#", "VOTE#MOVIE#"} {
			if strings.HasPrefix(gsi2sk, old) {
				t.Errorf("still under %s: %s", old, line)
			}
		}
		if pk == "LEDGER" || pk == "ASSIGNPLAN" || (strings.HasPrefix(pk, "CATEGORYNAME#") || strings.HasPrefix(pk, "LATECODE#")) && !strings.HasPrefix(pk[strings.Index(pk, "#")+1:], "1#") {
			t.Errorf("not moved: %s", line)
		}
		switch {
		case gsi1 == "MOVIES#1" && ed == "1" && strings.HasPrefix(gsi2sk, "PRODUCES#1#MOVIE#"):
			counts["film"]++
		case strings.HasPrefix(gsi2sk, "JURY#1#MOVIE#") && ed == "1":
			counts["jury"]++
		case gsi1 == "VOTES#1" && strings.HasPrefix(gsi2sk, "VOTE#1#MOVIE#") && ed == "1":
			counts["vote"]++
		case gsi1 == "AWARDS#1", gsi1 == "CATEGORIES#1", gsi1 == "WATCHES#1", gsi1 == "LATECODES#1" && strings.HasPrefix(pk, "LATECODE#1#"):
			counts[gsi1]++
		case strings.HasPrefix(pk, "CATEGORYNAME#1#") && ed == "1":
			counts["marker"]++
		case pk == "LEDGER#1" && ed == "1":
			counts["ledger"]++
		case pk == "ASSIGNPLAN#1":
			counts["plan"]++
		case strings.HasPrefix(pk, "LEDGERQ#") && ed == "1":
			counts["queued"]++
		case pk == "SETTINGS" && sk == "SETTINGS" && ed == "1", pk == "EDITIONS":
			counts[pk]++
		}
	}
	want := map[string]int{"film": 4, "jury": 6, "vote": 6, "AWARDS#1": 1, "CATEGORIES#1": 2, "WATCHES#1": 1, "LATECODES#1": 2,
		"marker": 2, "ledger": 7, "plan": 1, "queued": 1, "SETTINGS": 1, "EDITIONS": 1}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("migrated records %v, want %v", counts, want)
	}

	// Again: the progress says it is done, in one request.
	counting := &countingDB{Client: db}
	if again := migrate(t, counting, table, dynamo.MigrationOptions{}); !again.Done || !again.Already || counting.n.Load() != 1 {
		t.Errorf("second run %+v in %d requests, want done already, in 1", again, counting.n.Load())
	}
	if after := shapes(t, db, table); fmt.Sprint(after) != fmt.Sprint(got) {
		t.Errorf("a second run changed the table")
	}
	m, err := dynamo.NewMigration(db, table, nil, dynamo.MigrationOptions{Edition: "2026"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), `"1"`) {
		t.Errorf("a run for another edition: %v, want refused naming edition 1", err)
	}
}

func TestAMigrationKilledPartWayContinuesWhereItStoppedAndEndsAsAWholeOne(t *testing.T) {
	t.Parallel()
	whole, wholeTable, _ := loadBefore(t)
	migrate(t, whole, wholeTable, dynamo.MigrationOptions{Edition: "2026", Name: "Festival 2026"})
	want := shapes(t, whole, wholeTable)

	db, table, n := loadBefore(t)
	small := dynamo.MigrationOptions{Edition: "2026", Segments: 1, PageSize: 10, StopAfter: 1}
	first := migrate(t, db, table, small)
	if first.Done || first.Pages != 1 || first.Migrated == 0 {
		t.Fatalf("first run %+v, want one page migrated, not done", first)
	}
	// Killed after its writes but before its progress: the next run does
	// the second page again and skips what it finds migrated.
	second := migrate(t, db, table, small)
	rewind(t, db, table)
	third := migrate(t, db, table, dynamo.MigrationOptions{Edition: "2026", Segments: 3, PageSize: 10})
	if second.Done || !third.Done || third.Skipped == 0 || first.Migrated+second.Migrated+third.Migrated > n {
		t.Fatalf("runs %+v, %+v, %+v: want the last to finish, skipping what the first two did", first, second, third)
	}
	if got := shapes(t, db, table); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("resumed migration differs from a whole one:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var eds []string
	for _, l := range want {
		if strings.HasPrefix(l, "SETTINGS | SETTINGS") || strings.HasPrefix(l, "EDITIONS") {
			eds = append(eds, l)
		}
	}
	if len(eds) != 2 || !strings.HasSuffix(eds[1], "| 2026") {
		t.Errorf("editions and settings %v, want the settings naming 2026", eds)
	}
}

// rewind puts segment 0's cursor back to the start, as if the run had been
// killed before recording its pages.
func rewind(t *testing.T, db *dynamodb.Client, table string) {
	t.Helper()
	_, err := db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: &table, Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "MIGRATION#editions"}, "SK": &types.AttributeValueMemberS{Value: "MIGRATION"}},
		UpdateExpression:          aws.String("SET cursors.#s = :c"),
		ExpressionAttributeNames:  map[string]string{"#s": "0"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestTheMigrationOfAnEmptyTableLeavesItsSettingsToTheDefaults(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	if rep := migrate(t, db, table, dynamo.MigrationOptions{}); !rep.Done {
		t.Fatalf("report %+v", rep)
	}
	st := dynamo.New(db, table, nil)
	if err := st.SeedSettings(context.Background(), festival.DefaultSettings()); err != nil {
		t.Errorf("a fresh table's settings after the migration: %v, want none written", err)
	}
}
