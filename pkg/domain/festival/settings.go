package festival

// Settings are the festival's own rules where the specification is more
// permissive than a festival may want (docs/architecture.md, "Baseline decisions"). The defaults
// follow the specification literally.
type Settings struct {
	// JuryVoteAssignedOnly: jury members may vote on (and mark candidate) only
	// the films assigned to them.
	JuryVoteAssignedOnly bool `json:"jury_vote_assigned_only"`
	// SelfRegistrationRoles: the roles an unauthenticated registration
	// (POST /auth/register, POST /users without an admin token) may create.
	SelfRegistrationRoles []Role `json:"self_registration_roles"`
	UpdatedAt             Time   `json:"updatedAt"`
}

// DefaultSettings are the specification's behaviour: any jury member votes on
// any film, and registration accepts every role.
func DefaultSettings() Settings {
	return Settings{SelfRegistrationRoles: []Role{RoleAdmin, RoleJury, RoleProducer}}
}

// SelfRegistrationAllows reports whether self-registration may create role.
func (s Settings) SelfRegistrationAllows(role Role) bool {
	for _, r := range s.SelfRegistrationRoles {
		if r == role {
			return true
		}
	}
	return false
}
