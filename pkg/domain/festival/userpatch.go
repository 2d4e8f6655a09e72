package festival

import (
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// UserPatch is a user body as the API reads it (POST /users, POST
// /auth/register, PUT /users/:id, PUT /users/me), its values checked: each
// field is nil when it was not sent.
type UserPatch struct {
	FirstName, LastName, Email *string
	// Password is the new password in clear: the accounts service checks and
	// hashes it; Apply leaves the hash alone.
	Password *string
	Role     *Role
	// Profile holds the optional profile fields sent (ProfileFields), by
	// name; a nil value clears the field (sent as null or blank).
	Profile map[string]*string
	// Language is the language the person reads the product in (nil: not
	// sent; a sign-up then takes the request's Accept-Language).
	Language *texts.Lang
}

// Apply sets on u the fields that were sent. mayChangeRole is false when
// users edit themselves, so that nobody can promote their own account: a
// change of role is then refused (403); the same role sent back is no
// change, so a client that sends the profile back unchanged keeps working.
func (p UserPatch) Apply(u *User, mayChangeRole bool) error {
	if p.Role != nil && *p.Role != u.Role {
		if !mayChangeRole {
			return apperr.E(apperr.Forbidden, texts.OwnRoleChange)
		}
		u.Role = *p.Role
	}
	set(&u.FirstName, p.FirstName)
	set(&u.LastName, p.LastName)
	set(&u.Email, p.Email)
	if p.Language != nil {
		u.Language = *p.Language
	}
	for _, o := range ProfileFields {
		if v, sent := p.Profile[o.Name]; sent {
			*o.Of(u) = v
		}
	}
	return nil
}
