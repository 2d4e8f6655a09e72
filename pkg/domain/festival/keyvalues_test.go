package festival

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

// keyCase is one value a key constructor reads: want is the value it keeps,
// or "" when it refuses it (a 400 naming field).
type keyCase struct {
	name, in, want string
}

func checkKeyCases(t *testing.T, field string, parse func(string) (string, error), cases []keyCase) {
	t.Helper()
	for _, tc := range cases {
		got, err := parse(tc.in)
		if tc.want == "" {
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Code != apperr.Invalid || !strings.Contains(err.Error(), field) {
				t.Errorf("%s: %d bytes answer (%q, %v), want a 400 naming %s", tc.name, len(tc.in), got, err, field)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: answer (%q, %v), want %q", tc.name, got, err, tc.want)
		}
	}
}

func TestAnEmailKeyIsNormalisedAndBoundedInBytes(t *testing.T) {
	t.Parallel()
	at := func(n int, pad string) string { // an address of n bytes, padded with pad
		return strings.Repeat(pad, (n-len("@example.org"))/len(pad)) + "@example.org"
	}
	checkKeyCases(t, "email", func(s string) (string, error) { k, err := ParseEmailKey(s); return k.String(), err }, []keyCase{
		{"empty", "", ""},
		{"blank", "   ", ""},
		{"normalised", "  Ada@Example.ORG ", "ada@example.org"},
		{"at the limit in bytes", at(MaxEmailLen, "a"), at(MaxEmailLen, "a")},
		{"over the limit", at(MaxEmailLen+1, "a"), ""},
		{"2,043 bytes", at(2043, "a"), ""},
		{"4-byte characters at the limit in bytes", at(MaxEmailLen-2, "𝄞"), at(MaxEmailLen-2, "𝄞")},
		{"4-byte characters over the limit in bytes", at(MaxEmailLen+2, "𝄞"), ""},
	})
}

func TestALateCodeIsReadInTheShapeCodesAreIssued(t *testing.T) {
	t.Parallel()
	checkKeyCases(t, "late_code", func(s string) (string, error) { c, err := ParseLateCode("late_code", s); return c.String(), err }, []keyCase{
		{"empty", "", ""},
		{"blank", "  ", ""},
		{"upper-cased and trimmed", " retard-26 ", "RETARD-26"},
		{"shortest", "ABCD", "ABCD"},
		{"too short", "ABC", ""},
		{"at the limit", strings.Repeat("A", MaxLateCodeLen), strings.Repeat("A", MaxLateCodeLen)},
		{"over the limit", strings.Repeat("A", MaxLateCodeLen+1), ""},
		{"2,040 characters", strings.Repeat("A", 2040), ""},
		{"4-byte characters", "𝄞𝄞𝄞𝄞", ""},
		{"outside the alphabet", "CODE#1", ""},
	})
}

func TestAPlanIDIsReadInTheShapeThePreviewMakes(t *testing.T) {
	t.Parallel()
	made := NewPlanID(time.Now()).String()
	checkKeyCases(t, "plan_id", func(s string) (string, error) { p, err := ParsePlanID("plan_id", s); return p.String(), err }, []keyCase{
		{"empty", "", ""},
		{"made by a preview", made, made},
		{"a stored one", "20261126T114718123Z-0a1b2c3d4e5f", "20261126T114718123Z-0a1b2c3d4e5f"},
		{"at the limit", strings.Repeat("a", MaxPlanID), strings.Repeat("a", MaxPlanID)},
		{"over the limit", strings.Repeat("a", MaxPlanID+1), ""},
		{"1,100 characters", strings.Repeat("a", 1100), ""},
		{"4-byte characters", "𝄞", ""},
		{"a key separator", "PLAN#x", ""},
		{"a space", "a b", ""},
		{"an accent", "é", ""},
	})
}
