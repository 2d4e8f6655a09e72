package main

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestAWriteRowIsTheMedianOfEachMeasureAndTheSumOfErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []writeRow
		want writeRow
	}{
		{"one round", []writeRow{{DBms: 2, Calls: 1, WallMs: 3, Errors: 1}}, writeRow{DBms: 2, Calls: 1, WallMs: 3, Errors: 1}},
		{"three rounds, each measure on its own", []writeRow{
			{DBms: 9, Calls: 1, WallMs: 1},
			{DBms: 2, Calls: 3, WallMs: 5, Errors: 2},
			{DBms: 4, Calls: 2, WallMs: 9, Errors: 1},
		}, writeRow{DBms: 4, Calls: 2, WallMs: 5, Errors: 3}},
	} {
		if got := medianRow(c.in); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestFreshCopiesGiveEachWrittenItemKeysOfItsOwn(t *testing.T) {
	wb := &writeBench{}
	sample := map[string]types.AttributeValue{
		"PK":   &types.AttributeValueMemberS{Value: "AUDIT#2026-11-27"},
		"SK":   &types.AttributeValueMemberS{Value: "2026-11-27T07:00:00.000Z#1"},
		"kind": &types.AttributeValueMemberS{Value: "movie.status"},
	}
	a, b := wb.fresh(sample, "SK"), wb.fresh(sample, "SK")
	sk := func(item map[string]types.AttributeValue) string {
		return item["SK"].(*types.AttributeValueMemberS).Value
	}
	if sk(a) == sk(b) || sk(a) == sk(sample) {
		t.Errorf("copies share a key: %q, %q (sample %q)", sk(a), sk(b), sk(sample))
	}
	if a["PK"] != sample["PK"] || a["kind"] != sample["kind"] {
		t.Error("a copy changed an attribute it was not asked to")
	}
	if sk(sample) != "2026-11-27T07:00:00.000Z#1" {
		t.Error("the sample itself was changed")
	}
}
