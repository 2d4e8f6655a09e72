package festival

import (
	"errors"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Jobs a user may declare.
var Jobs = []string{"ACTOR", "DIRECTOR", "PRODUCER", "WRITER", "OTHER"}

// KnownByService lists how a user may have discovered the festival; the
// values are French sentences fixed by the specification.
var KnownByService = []string{
	"Par un ami",
	"Vu une publicité du festival",
	"Via le site internet ou application de l'IA",
}

// User is an account. PasswordHash never leaves the service except in the
// create and update answers, where the specification shows it.
type User struct {
	ID             int64
	FirstName      string
	LastName       string
	Email          string
	PasswordHash   string
	Role           Role
	Phone          *string
	Mobile         *string
	BirthDate      *string // YYYY-MM-DD
	Street         *string
	PostalCode     *string
	City           *string
	Country        *string
	Biography      *string
	Job            *string
	Portfolio      *string
	Youtube        *string
	Instagram      *string
	Linkedin       *string
	Facebook       *string
	Tiktok         *string
	KnownByService *string
	// JuryCategories and JuryConflicts are what a jury member declared
	// (PUT /users/me/jury-profile): the categories they judge (none: any)
	// and the films they must not judge. Not part of the user object.
	JuryCategories []int64
	JuryConflicts  []int64
	// JuryLanguages are the languages a jury member declared they
	// understand (PUT /users/me/jury-profile): the automatic assignment
	// gives them only films spoken or subtitled in one of them (none
	// declared: no limit).
	JuryLanguages []LanguageCode
	// Language is the language the person reads the product in: their
	// e-mails are written in it (absent: texts.Default).
	Language texts.Lang
	// Unconfirmed: the account was made by self-registration while the
	// festival asks for e-mail confirmation, and its address is not
	// confirmed yet (stored email_confirmed false; absent: confirmed).
	Unconfirmed bool
	// Confirmation, on a new account only, is the confirmation to write
	// with it (its token's hash and the message that mails the token).
	Confirmation *EmailConfirmation
	CreatedAt    Time
	UpdatedAt    Time
}

// EmailConfirmation is a pending confirmation of an account's address: the
// hash of the token the message carries (the token itself is never
// stored), until when it works, and the message.
type EmailConfirmation struct {
	TokenHash string
	Expires   time.Time
	Message   Message
}

// MessageAccountConfirm mails a new account the link that confirms its
// address.
const MessageAccountConfirm MessageKind = "account.confirm"

// UserJSON is the full User object of the specification.
type UserJSON struct {
	ID             int64   `json:"id_user"`
	FirstName      string  `json:"first_name"`
	LastName       string  `json:"last_name"`
	Email          string  `json:"email"`
	Password       *string `json:"password,omitempty"`
	Role           Role    `json:"role"`
	Phone          *string `json:"phone"`
	Mobile         *string `json:"mobile"`
	BirthDate      *string `json:"birth_date"`
	Street         *string `json:"street"`
	PostalCode     *string `json:"postal_code"`
	City           *string `json:"city"`
	Country        *string `json:"country"`
	Biography      *string `json:"biography"`
	Job            *string `json:"job"`
	Portfolio      *string `json:"portfolio"`
	Youtube        *string `json:"youtube"`
	Instagram      *string `json:"instagram"`
	Linkedin       *string `json:"linkedin"`
	Facebook       *string `json:"facebook"`
	Tiktok         *string `json:"tiktok"`
	KnownByService *string `json:"known_by_service"`
	// Language is the language the person reads the product in (an
	// addition to the specification's object): always present, fr when
	// never chosen.
	Language texts.Lang `json:"language"`
	// EmailConfirmed is false while the account must still confirm its
	// address (an addition to the specification's object); absent, the
	// address needs no confirmation or is confirmed.
	EmailConfirmed *bool `json:"email_confirmed,omitempty"`
	CreatedAt      Time  `json:"createdAt"`
	UpdatedAt      Time  `json:"updatedAt"`
}

// Public is the user as read operations show it: without the password hash.
func (u User) Public() UserJSON {
	j := UserJSON{
		ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role,
		Phone: u.Phone, Mobile: u.Mobile, Street: u.Street, PostalCode: u.PostalCode,
		City: u.City, Country: u.Country, Biography: u.Biography, Job: u.Job, Portfolio: u.Portfolio,
		Youtube: u.Youtube, Instagram: u.Instagram, Linkedin: u.Linkedin, Facebook: u.Facebook,
		Tiktok: u.Tiktok, KnownByService: u.KnownByService, Language: u.Lang(), CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt,
	}
	if u.BirthDate != nil {
		// Stored as a date, returned as an ISO 8601 date-time (midnight UTC).
		s := *u.BirthDate + "T00:00:00.000Z"
		j.BirthDate = &s
	}
	if u.Unconfirmed {
		confirmed := false
		j.EmailConfirmed = &confirmed
	}
	return j
}

// Lang is the language u reads the product in: the one they chose, or
// texts.Default when they never chose one.
func (u User) Lang() texts.Lang {
	if u.Language == "" {
		return texts.Default
	}
	return u.Language
}

// WithHash is the user as the create and update answers show it.
func (u User) WithHash() UserJSON {
	j := u.Public()
	h := u.PasswordHash
	j.Password = &h
	return j
}

// Summary is the short user of the "already exists" answer.
type Summary struct {
	ID        int64  `json:"id_user"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Role      Role   `json:"role"`
}

// Summary returns the short form of u.
func (u User) Summary() Summary {
	return Summary{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role}
}

// Limits on user values.
const (
	MaxNameLen      = 100
	MaxEmailLen     = 254
	MaxTextLen      = 255
	MaxBiographyLen = 5000
	MinPasswordLen  = 6
	MaxPasswordLen  = 72 // bcrypt reads at most 72 bytes; longer would be silently truncated
)

// FieldError says which field a value is refused for, and why (written in
// the client's language when answered).
type FieldError struct {
	Field  string
	Reason texts.Msg
}

func (e *FieldError) Error() string {
	return texts.T(texts.Default, texts.FieldRefusal, e.Field, e.Reason)
}

// Refused turns a value the rules refuse (a *FieldError) into the API's
// answer, a 400 naming the field; any other error passes unchanged. The
// user operations answer their refused values as the specification's 500
// instead (apperr.Rejected): RefusedAs says which.
func Refused(err error) error { return RefusedAs(apperr.Invalid, err) }

// RefusedAs is Refused with the failure code the operation answers.
func RefusedAs(code apperr.Code, err error) error {
	var fe *FieldError
	if !errors.As(err, &fe) {
		return err
	}
	if code == apperr.Rejected {
		return apperr.Rejectedf(texts.FieldRefusal, fe.Field, fe.Reason)
	}
	return apperr.E(code, texts.FieldRefusal, fe.Field, fe.Reason)
}

func fieldErr(field string, why texts.Key, args ...any) error {
	return &FieldError{Field: field, Reason: texts.M(why, args...)}
}

// NormalizeEmail is the form e-mails are compared in: trimmed, lower case.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// CheckEmailLen refuses an e-mail longer than any address can be (RFC 5321)
// before it is looked up: it becomes part of a DynamoDB key, whose size is
// bounded (docs/limits.md).
func CheckEmailLen(s string) error {
	if len(s) > MaxEmailLen {
		return fieldErr("email", texts.EmailTooLong, MaxEmailLen)
	}
	return nil
}

// CheckEmail validates an e-mail address.
func CheckEmail(s string) error {
	if s == "" {
		return fieldErr("email", texts.EmailEmpty)
	}
	if err := CheckEmailLen(s); err != nil {
		return err
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") {
		return fieldErr("email", texts.EmailInvalid, s)
	}
	return nil
}

// CheckPassword validates a new password.
func CheckPassword(p string) error {
	switch {
	case utf8.RuneCountInString(p) < MinPasswordLen:
		return fieldErr("password", texts.PasswordTooShort, MinPasswordLen)
	case len(p) > MaxPasswordLen:
		return fieldErr("password", texts.PasswordTooLong, MaxPasswordLen)
	}
	return nil
}

// CheckText validates a free text's length.
func CheckText(field, s string, max int) error {
	if n := utf8.RuneCountInString(s); n > max {
		return fieldErr(field, texts.ValueTooLong, max, n)
	}
	if !utf8.ValidString(s) {
		return fieldErr(field, texts.ValueNotUTF8)
	}
	return nil
}

// CheckName validates a first or last name.
func CheckName(field, s string) error {
	if strings.TrimSpace(s) == "" {
		return fieldErr(field, texts.ValueEmpty)
	}
	return CheckText(field, s, MaxNameLen)
}

// CheckOneOf validates an enumerated value.
func CheckOneOf(field, s string, allowed []string) error {
	for _, a := range allowed {
		if s == a {
			return nil
		}
	}
	return fieldErr(field, texts.ValueNotAllowed, s, strings.Join(allowed, ", "))
}

// CheckBirthDate validates a YYYY-MM-DD birth date, which may not be in the future.
func CheckBirthDate(s string, now time.Time) error {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return fieldErr("birth_date", texts.BirthDateFormat, s)
	}
	if d.After(now) || d.Year() < 1900 {
		return fieldErr("birth_date", texts.BirthDateImplausible, s)
	}
	return nil
}

// ProfileField is one nullable field of a user's profile: its name in the
// API, where it lives on a User, and its longest value (0: checked otherwise).
type ProfileField struct {
	Name string
	Of   func(*User) **string
	Max  int
}

// ProfileFields are the nullable profile fields, in the order they are checked.
var ProfileFields = []ProfileField{
	{"phone", func(u *User) **string { return &u.Phone }, 30},
	{"mobile", func(u *User) **string { return &u.Mobile }, 30},
	{"street", func(u *User) **string { return &u.Street }, MaxTextLen},
	{"postal_code", func(u *User) **string { return &u.PostalCode }, 20},
	{"city", func(u *User) **string { return &u.City }, MaxTextLen},
	{"country", func(u *User) **string { return &u.Country }, MaxTextLen},
	{"biography", func(u *User) **string { return &u.Biography }, MaxBiographyLen},
	{"portfolio", func(u *User) **string { return &u.Portfolio }, MaxTextLen},
	{"youtube", func(u *User) **string { return &u.Youtube }, MaxTextLen},
	{"instagram", func(u *User) **string { return &u.Instagram }, MaxTextLen},
	{"linkedin", func(u *User) **string { return &u.Linkedin }, MaxTextLen},
	{"facebook", func(u *User) **string { return &u.Facebook }, MaxTextLen},
	{"tiktok", func(u *User) **string { return &u.Tiktok }, MaxTextLen},
	{"job", func(u *User) **string { return &u.Job }, 0},
	{"known_by_service", func(u *User) **string { return &u.KnownByService }, 0},
	{"birth_date", func(u *User) **string { return &u.BirthDate }, 0},
}

// CheckProfileField validates (and normalizes) one profile value.
func CheckProfileField(name string, v *string, max int, now time.Time) error {
	switch name {
	case "job":
		*v = strings.ToUpper(strings.TrimSpace(*v))
		return CheckOneOf(name, *v, Jobs)
	case "known_by_service":
		return CheckOneOf(name, *v, KnownByService)
	case "birth_date":
		// YYYY-MM-DD; a date-time (as responses show it) is read as its date.
		s := strings.TrimSpace(*v)
		if len(s) > 10 && s[10] == 'T' {
			if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
				s = t.UTC().Format(time.DateOnly)
			}
		}
		*v = s
		return CheckBirthDate(s, now)
	}
	return CheckText(name, *v, max)
}
