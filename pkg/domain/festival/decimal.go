package festival

import (
	"bytes"
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Decimal is a number with at most two decimal places, held exactly as a
// whole count of hundredths. It is the form every number a request carries
// to storage takes (a vote's score, a criterion's mark, a grid's weight, a
// form question's minimum and maximum): whatever it holds, DynamoDB can store
// it (at most 17 significant digits, no magnitude between 0 and 0.01, no -0,
// never NaN or infinite), and a value with more decimal places than two
// cannot be made. Each field then checks its own range (CheckScore,
// CheckGrid...). docs/decisions.md, "Numbers sent to storage".
//
// Its JSON is the shortest decimal that reads back the same value, which is
// what encoding/json writes for the float64 of that value (7.5, 8, 7.25):
// the answers' numbers are unchanged. The DynamoDB store writes it as a
// number attribute in one place (pkg/storage/dynamo, number.go).
type Decimal struct{ hundredths int64 }

const (
	// DecimalPlaces is how many decimal places a Decimal holds.
	DecimalPlaces = 2
	// MaxDecimal bounds any Decimal's magnitude; each field's range is
	// narrower.
	MaxDecimal = 1e15
	// maxHundredths is MaxDecimal in hundredths.
	maxHundredths = MaxDecimal * 100
)

// The reasons a number is not a Decimal (DecimalError.Err).
var (
	ErrNotNumber     = errors.New("not a number")
	ErrDecimalPlaces = errors.New("more than two decimal places")
	ErrDecimalRange  = errors.New("magnitude beyond 1e15")
)

// DecimalError is a number refused as a Decimal: the literal and why.
type DecimalError struct {
	Literal string
	Err     error
}

func (e *DecimalError) Error() string { return e.Err.Error() + ": " + e.Literal }
func (e *DecimalError) Unwrap() error { return e.Err }

// jsonNumber is the grammar of a JSON number (RFC 8259), its parts captured:
// sign, integer digits, fraction digits, exponent.
var jsonNumber = regexp.MustCompile(`^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$`)

// ParseDecimal reads a number as written in JSON, exactly: a bare number
// (a string such as "7" is refused), of at most two decimal places once
// trailing zeros are dropped (7.10 is 7.1; 1e-131 and 5e-324 have too many),
// of magnitude at most MaxDecimal (1e308 is refused). -0 is 0.
func ParseDecimal(raw []byte) (Decimal, error) {
	lit := string(bytes.TrimSpace(raw))
	m := jsonNumber.FindStringSubmatch(lit)
	if m == nil {
		return Decimal{}, &DecimalError{Literal: lit, Err: ErrNotNumber}
	}
	digits, frac := m[2]+m[3], len(m[3])
	exp := 0
	if m[4] != "" {
		// An exponent past ±1000 is as refused as ±1000 (out of range, or
		// too many decimal places); it is clamped, never expanded.
		e, err := strconv.Atoi(m[4])
		if err != nil {
			e = 1000
			if m[4][0] == '-' {
				e = -1000
			}
		}
		exp = max(min(e, 1000), -1000)
	}
	// The value is digits × 10^shift, shift counting hundredths.
	shift := exp - frac + DecimalPlaces
	digits = strings.TrimLeft(digits, "0")
	for strings.HasSuffix(digits, "0") {
		digits, shift = digits[:len(digits)-1], shift+1
	}
	if digits == "" {
		return Decimal{}, nil // 0, -0, 0.000e5
	}
	if shift < 0 {
		return Decimal{}, &DecimalError{Literal: lit, Err: ErrDecimalPlaces}
	}
	if len(digits)+shift > len(strconv.Itoa(maxHundredths)) {
		return Decimal{}, &DecimalError{Literal: lit, Err: ErrDecimalRange}
	}
	h, err := strconv.ParseInt(digits+strings.Repeat("0", shift), 10, 64)
	if err != nil || h > maxHundredths {
		return Decimal{}, &DecimalError{Literal: lit, Err: ErrDecimalRange}
	}
	if m[1] == "-" {
		h = -h
	}
	return Decimal{hundredths: h}, nil
}

// DecimalFromFloat is v as a Decimal when its shortest decimal form (the
// one it was most likely written as) has at most two decimal places. NaN
// and infinities are not numbers.
func DecimalFromFloat(v float64) (Decimal, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Decimal{}, &DecimalError{Literal: strconv.FormatFloat(v, 'g', -1, 64), Err: ErrNotNumber}
	}
	return ParseDecimal([]byte(strconv.FormatFloat(v, 'g', -1, 64)))
}

// RoundDecimal is v rounded to the nearest hundredth (halves away from
// zero): for a number that is computed or measured rather than typed (a
// weighted mean; a stretch of a film played, in seconds), whose precision
// is the Decimal's. NaN, infinities and magnitudes beyond MaxDecimal are
// refused.
func RoundDecimal(v float64) (Decimal, error) {
	lit := strconv.FormatFloat(v, 'g', -1, 64)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Decimal{}, &DecimalError{Literal: lit, Err: ErrNotNumber}
	}
	if math.Abs(v) > MaxDecimal {
		return Decimal{}, &DecimalError{Literal: lit, Err: ErrDecimalRange}
	}
	return Decimal{hundredths: int64(math.Round(v * 100))}, nil
}

// WholeDecimal is the whole number n (|n| at most MaxDecimal).
func WholeDecimal(n int64) Decimal {
	return Decimal{hundredths: max(min(n, MaxDecimal), -MaxDecimal) * 100}
}

// Float64 is the float64 nearest the Decimal, for arithmetic (means,
// spreads): what strconv.ParseFloat reads of its String.
func (d Decimal) Float64() float64 { return float64(d.hundredths) / 100 }

// Cmp compares d and o: -1, 0 or +1.
func (d Decimal) Cmp(o Decimal) int {
	switch {
	case d.hundredths < o.hundredths:
		return -1
	case d.hundredths > o.hundredths:
		return 1
	}
	return 0
}

// In reports whether lo <= d <= hi.
func (d Decimal) In(lo, hi Decimal) bool { return d.Cmp(lo) >= 0 && d.Cmp(hi) <= 0 }

// IsZero reports whether d is 0.
func (d Decimal) IsZero() bool { return d.hundredths == 0 }

// String is the shortest decimal form: 7.5, 8, -0.25.
func (d Decimal) String() string {
	h, sign := d.hundredths, ""
	if h < 0 {
		h, sign = -h, "-"
	}
	s := sign + strconv.FormatInt(h/100, 10)
	if f := h % 100; f != 0 {
		s += strings.TrimRight("."+strconv.FormatInt(100+f, 10)[1:], "0")
	}
	return s
}

// MarshalJSON writes the shortest decimal form, as a JSON number.
func (d Decimal) MarshalJSON() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalJSON reads a JSON number exactly (ParseDecimal); null leaves d
// unchanged, as encoding/json does for a number.
func (d *Decimal) UnmarshalJSON(raw []byte) error {
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	v, err := ParseDecimal(raw)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// MustDecimal is the Decimal a literal writes (ParseDecimal), for the
// numbers code and tests spell out; it panics on a literal that is not one.
func MustDecimal(lit string) Decimal {
	d, err := ParseDecimal([]byte(lit))
	if err != nil {
		panic(err)
	}
	return d
}
