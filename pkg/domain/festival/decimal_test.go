package festival

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

func TestParseDecimalKeepsTwoPlacesAndRefusesWhatDynamoDBCannotStore(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		raw  string
		want string // the Decimal's String, when accepted
		err  error
	}{
		{"0", "0", nil},
		{"-0", "0", nil},
		{"-0.0e7", "0", nil},
		{"7.12", "7.12", nil},
		{"7.10", "7.1", nil},
		{"7.5", "7.5", nil},
		{"8", "8", nil},
		{"10", "10", nil},
		{"-0.25", "-0.25", nil},
		{"0.01", "0.01", nil},
		{"7125e-3", "", ErrDecimalPlaces},
		{"712e-2", "7.12", nil},
		{"1e15", "1000000000000000", nil},
		{"-1e15", "-1000000000000000", nil},
		{"1000000000000000.01", "", ErrDecimalRange},
		{"1e16", "", ErrDecimalRange},
		{"7.125", "", ErrDecimalPlaces},
		{"0.001", "", ErrDecimalPlaces},
		{"1e-131", "", ErrDecimalPlaces},
		{"5e-324", "", ErrDecimalPlaces},
		{"1e308", "", ErrDecimalRange},
		{"1e999999999999", "", ErrDecimalRange},
		{"1e-999999999999", "", ErrDecimalPlaces},
		{`"7"`, "", ErrNotNumber},
		{"true", "", ErrNotNumber},
		{"NaN", "", ErrNotNumber},
		{"Infinity", "", ErrNotNumber},
		{"07", "", ErrNotNumber},
		{"", "", ErrNotNumber},
		{"null", "", ErrNotNumber},
	} {
		d, err := ParseDecimal([]byte(c.raw))
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("ParseDecimal(%s) = %v, %v; want %v", c.raw, d, err, c.err)
			}
			continue
		}
		if err != nil || d.String() != c.want {
			t.Errorf("ParseDecimal(%s) = %v, %v; want %s", c.raw, d, err, c.want)
		}
	}
}

func TestDecimalFromFloatRefusesWhatNoJSONCarriesAndExtraPlaces(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v   float64
		err error
	}{
		{math.NaN(), ErrNotNumber},
		{math.Inf(1), ErrNotNumber},
		{math.Inf(-1), ErrNotNumber},
		{1e-131, ErrDecimalPlaces},
		{5e-324, ErrDecimalPlaces},
		{1e308, ErrDecimalRange},
		{7.125, ErrDecimalPlaces},
		{7.12, nil},
		{math.Copysign(0, -1), nil},
	} {
		d, err := DecimalFromFloat(c.v)
		if !errors.Is(err, c.err) {
			t.Errorf("DecimalFromFloat(%v) = %v, %v; want %v", c.v, d, err, c.err)
		}
		if err == nil && d.Float64() != c.v {
			t.Errorf("DecimalFromFloat(%v) reads back %v", c.v, d.Float64())
		}
	}
	if d, _ := DecimalFromFloat(math.Copysign(0, -1)); math.Signbit(d.Float64()) || d.String() != "0" {
		t.Errorf("-0 is kept as %s", d)
	}
}

func TestRoundDecimalRoundsToHundredths(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v    float64
		want string
	}{
		{7.125, "7.13"}, {7.124, "7.12"}, {1e-131, "0"}, {-1e-131, "0"}, {5e-324, "0"}, {12.3456789, "12.35"}, {-0.005, "-0.01"},
	} {
		if d, err := RoundDecimal(c.v); err != nil || d.String() != c.want {
			t.Errorf("RoundDecimal(%v) = %v, %v; want %s", c.v, d, err, c.want)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), 1e308, -1e16} {
		if d, err := RoundDecimal(v); err == nil {
			t.Errorf("RoundDecimal(%v) = %v, want a refusal", v, d)
		}
	}
}

// The JSON of a Decimal is the JSON of its float64: answers keep their
// numbers (7.5 stays 7.5, 8 stays 8).
func TestDecimalJSONIsTheFloatsJSON(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{"0", "7.5", "8", "7.12", "0.07", "-3.1", "10", "100", "999999999999.99", "1e15"} {
		d, err := ParseDecimal([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		got, _ := json.Marshal(d)
		want, _ := json.Marshal(d.Float64())
		if string(got) != string(want) {
			t.Errorf("%s: JSON %s, the float's %s", raw, got, want)
		}
		var back Decimal
		if err := json.Unmarshal(got, &back); err != nil || back != d {
			t.Errorf("%s: reads back %v, %v", raw, back, err)
		}
	}
	var m struct{ W Decimal }
	if err := json.Unmarshal([]byte(`{"W":1e-131}`), &m); !errors.Is(err, ErrDecimalPlaces) {
		t.Errorf("decoding 1e-131 into a Decimal: %v", err)
	}
}

func TestDecimalCompares(t *testing.T) {
	t.Parallel()
	a, _ := ParseDecimal([]byte("7.5"))
	if !a.In(WholeDecimal(0), WholeDecimal(10)) || a.In(WholeDecimal(8), WholeDecimal(10)) || a.Cmp(WholeDecimal(7)) != 1 || !(Decimal{}).IsZero() {
		t.Error("7.5 compares wrongly")
	}
}
