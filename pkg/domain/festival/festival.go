// Package festival holds the records of the festival (users, films, votes,
// categories, events, awards) with their JSON shapes as the API specification
// fixes them, and the rules on their values. It talks to neither HTTP nor
// DynamoDB.
package festival

import (
	"strings"
	"time"
)

// Role of a user account.
type Role string

const (
	RoleAdmin    Role = "ADMIN"
	RoleJury     Role = "JURY"
	RoleProducer Role = "PRODUCER"
)

// Roles lists the valid roles.
var Roles = []Role{RoleAdmin, RoleJury, RoleProducer}

// ParseRole accepts a role name in any letter case.
func ParseRole(s string) (Role, bool) {
	r := Role(strings.ToUpper(strings.TrimSpace(s)))
	for _, v := range Roles {
		if r == v {
			return r, true
		}
	}
	return "", false
}

// Time is a timestamp that encodes as the ISO 8601 UTC form JavaScript's
// toISOString produces (millisecond precision, "Z"), which the web client parses.
type Time struct{ time.Time }

// ISO8601 is the layout of every timestamp in responses.
const ISO8601 = "2006-01-02T15:04:05.000Z"

// NewTime truncates t to the millisecond in UTC.
func NewTime(t time.Time) Time { return Time{t.UTC().Truncate(time.Millisecond)} }

func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + t.UTC().Format(ISO8601) + `"`), nil
}

func (t *Time) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "null" || s == "" {
		t.Time = time.Time{}
		return nil
	}
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return err
	}
	t.Time = v.UTC()
	return nil
}

// String is the stored form (RFC 3339 with milliseconds), which sorts by time.
func (t Time) String() string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(ISO8601)
}

// ParseTime reads the stored or an input ISO 8601 timestamp.
func ParseTime(s string) (Time, error) {
	if s == "" {
		return Time{}, nil
	}
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return Time{}, err
	}
	return NewTime(v), nil
}
