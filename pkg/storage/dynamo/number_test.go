package dynamo

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The items write every Decimal as a number attribute of its shortest
// decimal form, and read it back the same: a score, marks, a grid's weights.
func TestItemsWriteDecimalsAsNumberAttributes(t *testing.T) {
	t.Parallel()
	v := festival.Vote{ID: 1, UserID: 2, MovieID: 3, Score: festival.MustDecimal("7.12"),
		Criteria: map[string]festival.Decimal{"image": festival.MustDecimal("-0"), "son": festival.MustDecimal("10")}}
	av, err := attributevalue.MarshalMap(toVoteItem("2026", v))
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := av["score"].(*types.AttributeValueMemberN); !ok || n.Value != "7.12" {
		t.Fatalf("score stored as %#v", av["score"])
	}
	marks, _ := av["criteria"].(*types.AttributeValueMemberM)
	if marks == nil || marks.Value["image"].(*types.AttributeValueMemberN).Value != "0" || marks.Value["son"].(*types.AttributeValueMemberN).Value != "10" {
		t.Fatalf("criteria stored as %#v", av["criteria"])
	}
	var back voteItem
	if err := attributevalue.UnmarshalMap(av, &back); err != nil || back.vote().Score != v.Score || back.vote().Criteria["son"] != v.Criteria["son"] {
		t.Fatalf("read back %+v, %v", back.vote(), err)
	}

	grid := festival.Grid{{Key: "image", Name: "Image", Weight: festival.MustDecimal("0.5")}}
	gav, err := attributevalue.Marshal(toGridItem(grid))
	if err != nil {
		t.Fatal(err)
	}
	w := gav.(*types.AttributeValueMemberL).Value[0].(*types.AttributeValueMemberM).Value["weight"]
	if n, ok := w.(*types.AttributeValueMemberN); !ok || n.Value != "0.5" {
		t.Fatalf("weight stored as %#v", w)
	}
	var gback gridItem
	if err := attributevalue.Unmarshal(gav, &gback); err != nil || gback.grid()[0] != grid[0] {
		t.Fatalf("grid read back %+v, %v", gback.grid(), err)
	}
}

// A number stored before numbers were Decimals (a mark stored as sent)
// reads back rounded to the hundredth; a stored text is an error.
func TestReadNumberRoundsANumberStoredBefore(t *testing.T) {
	t.Parallel()
	for stored, want := range map[string]string{"7.125": "7.13", "7.12": "7.12", "8": "8", "-0": "0", "1E+1": "10"} {
		if d, err := readNumber(stored); err != nil || d.String() != want {
			t.Errorf("readNumber(%s) = %v, %v; want %s", stored, d, err, want)
		}
	}
	if _, err := readNumber("sept"); err == nil {
		t.Error("readNumber(sept) read a number")
	}
}
