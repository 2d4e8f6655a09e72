package festival

import (
	"regexp"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Values a request names that the storage makes part of a DynamoDB key: an
// e-mail (EMAIL#<email>, THROTTLE#...#<email>), a late-entry code
// (LATECODE#<ed>#<code>) and a plan id (ASSIGNPLAN#<ed> / PLAN#<id>).
// DynamoDB refuses a key part that is empty or longer than 2,048 bytes
// (partition) or 1,024 bytes (sort), and would answer 500. Each value has
// one type here, whose only constructor parses and checks it (length in
// bytes, format where the value has one) and answers a 400 naming the
// field; the storage's key builders and methods take these types, not
// strings, so no route reaches a key with a value that was not checked
// (docs/decisions.md, "Keys built from input").

// EmailKey is an e-mail as the storage finds an account by it: trimmed,
// lower case, 1 to MaxEmailLen bytes. Its shape as an address is checked
// where an address is accepted (CheckEmail): a lookup by a value that is
// no address simply finds no account.
type EmailKey struct{ s string }

// ParseEmailKey reads the e-mail of field "email" as a lookup key.
func ParseEmailKey(s string) (EmailKey, error) {
	s = NormalizeEmail(s)
	switch {
	case s == "":
		return EmailKey{}, Refused(fieldErr("email", texts.EmailEmpty))
	case len(s) > MaxEmailLen:
		return EmailKey{}, Refused(fieldErr("email", texts.EmailTooLong, MaxEmailLen))
	}
	return EmailKey{s}, nil
}

// String is the normalised e-mail.
func (k EmailKey) String() string { return k.s }

// LateCodeID is a late-entry code: 4 to MaxLateCodeLen characters among
// A-Z, 0-9 and the hyphen, as codes are issued (upper-cased, trimmed when
// read).
type LateCodeID struct{ s string }

// MaxLateCodeLen is the longest late-entry code.
const MaxLateCodeLen = 32

var lateCodeShape = regexp.MustCompile(`^[A-Z0-9-]{4,32}$`)

// ParseLateCode reads a late-entry code sent as field (code, late_code).
func ParseLateCode(field, s string) (LateCodeID, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	switch {
	case s == "":
		return LateCodeID{}, Refused(fieldErr(field, texts.KeyValueEmpty))
	case !lateCodeShape.MatchString(s):
		return LateCodeID{}, Refused(fieldErr(field, texts.LateCodeForm))
	}
	return LateCodeID{s}, nil
}

// String is the code.
func (c LateCodeID) String() string { return c.s }

// MaxPlanID bounds a plan id read from a request: NewPlanID makes them 32
// characters long.
const MaxPlanID = 64

// PlanID names a plan: 1 to MaxPlanID letters, digits and hyphens, the
// shape NewPlanID makes.
type PlanID struct{ s string }

// NewPlanID is a new plan's id, sorting by time (NewTimeID).
func NewPlanID(now time.Time) PlanID { return PlanID{NewTimeID(now)} }

// ParsePlanID reads a plan id sent as field (plan_id, id_plan), or read
// back from the table.
func ParsePlanID(field, s string) (PlanID, error) {
	if s == "" {
		return PlanID{}, Refused(fieldErr(field, texts.KeyValueEmpty))
	}
	if len(s) > MaxPlanID || strings.ContainsFunc(s, notIDRune) {
		return PlanID{}, Refused(fieldErr(field, texts.PlanIDForm, MaxPlanID))
	}
	return PlanID{s}, nil
}

func notIDRune(r rune) bool {
	return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-')
}

// String is the id.
func (p PlanID) String() string { return p.s }

// MarshalText writes the id as a string (JSON answers).
func (p PlanID) MarshalText() ([]byte, error) { return []byte(p.s), nil }
