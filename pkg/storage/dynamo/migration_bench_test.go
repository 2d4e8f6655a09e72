package dynamo_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// BenchmarkMigrationOf10000Films times the migration of a table of 10,000
// films, each with the items film 1 of the dump has (the film, its category
// link, two jury links, two votes, an award, a watch, its media job: 9
// items, 7 of them rewritten), on DynamoDB Local, with the command's
// defaults (4 segments, pages of 200, 16 writers per segment):
//
//	go run ./infra/cmd/withdynamo go test -run '^$' -bench MigrationOf10000Films -benchtime 1x ./pkg/storage/dynamo/
func BenchmarkMigrationOf10000Films(b *testing.B) {
	const films = 10_000
	template, err := dynamotest.ReadDump(beforeEditions)
	if err != nil {
		b.Fatal(err)
	}
	var film1 []map[string]types.AttributeValue
	for _, it := range template {
		if v, ok := it["PK"].(*types.AttributeValueMemberS); ok && v.Value == "MOVIE#1" {
			film1 = append(film1, it)
		}
	}
	items := make([]map[string]types.AttributeValue, 0, films*len(film1))
	for i := 1; i <= films; i++ {
		for _, it := range film1 {
			cp := maps.Clone(it)
			cp["PK"] = &types.AttributeValueMemberS{Value: fmt.Sprintf("MOVIE#%d", i)}
			for _, k := range []string{"GSI1SK", "GSI2SK"} {
				if v, ok := cp[k].(*types.AttributeValueMemberS); ok {
					cp[k] = &types.AttributeValueMemberS{Value: strings.Replace(v.Value, "0000000001", fmt.Sprintf("%010d", i), 1)}
				}
			}
			items = append(items, cp)
		}
	}
	for b.Loop() {
		b.StopTimer()
		db, table := dynamotest.Table(b)
		if err := dynamotest.Load(context.Background(), db, table, items); err != nil {
			b.Fatal(err)
		}
		m, err := dynamo.NewMigration(db, table, nil, dynamo.MigrationOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		started := time.Now()
		rep, err := m.Run(context.Background())
		if err != nil || !rep.Done || rep.Migrated != films*7 {
			b.Fatalf("%+v, %v", rep, err)
		}
		b.ReportMetric(time.Since(started).Seconds(), "s/migration")
		b.ReportMetric(float64(rep.Scanned)/time.Since(started).Seconds(), "items/s")
	}
}
