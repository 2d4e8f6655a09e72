package accounts

import (
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Optional is a nullable profile field of a user body: Sent when the body
// names it; a nil Value then clears it (sent as null or empty).
type Optional struct {
	Sent  bool
	Value *string
}

// Input is a decoded and checked user body (registration.ReadInput): a
// required field that was not sent is nil, and Profile holds the optional
// fields by name (festival.ProfileFields).
type Input struct {
	FirstName *string
	LastName  *string
	Email     *string
	Password  *string
	Role      *festival.Role
	Profile   map[string]Optional
}

// applyOptional copies every optional field that was sent onto u.
func (in Input) applyOptional(u *festival.User) {
	for _, o := range festival.ProfileFields {
		if v := in.Profile[o.Name]; v.Sent {
			*o.Of(u) = v.Value
		}
	}
}
