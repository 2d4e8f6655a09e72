package texts

// The festival's settings (PUT /settings): refusals of their values.

// Moved from the code.
const (
	JuryVoteAssignedOnlyBool Key = "jury_vote_assigned_only_bool"
	ResultsPublishedBool     Key = "results_published_bool"
	PublicFilmViewValues     Key = "public_film_view_values"
	ScreeningWatermarkBool   Key = "screening_watermark_bool"
	UnknownSettings          Key = "unknown_settings"
	UnknownLateCodeField     Key = "unknown_late_code_field"
)

// The settings' dates and roles.
const (
	SettingNotDate              Key = "setting_not_date"
	SelfRegistrationRolesShape  Key = "self_registration_roles_shape"
	SelfRegistrationRoleUnknown Key = "self_registration_role_unknown"
)
