package texts

// enSettings is the English of settings.go's texts.
var enSettings = map[Key]string{
	JuryVoteAssignedOnlyBool:    "The jury_vote_assigned_only parameter must be a boolean (true or false)",
	ResultsPublishedBool:        "The results_published parameter must be a boolean (true publishes the results and closes the votes)",
	PublicFilmViewValues:        "The public_film_view parameter must be full (the whole film object) or redacted (without e-mails, comments or jury before the results)",
	ScreeningWatermarkBool:      "The screening_watermark parameter must be a boolean (true marks each viewing copy with the juror's name)",
	UnknownSettings:             "Unknown parameter: %s. %s",
	UnknownLateCodeField:        "Unknown parameter: %s (send expires_at, and optionally uses and code)",
	SettingNotDate:              "The %s parameter must be an ISO 8601 date (for example 2026-03-01T00:00:00Z) or null",
	SelfRegistrationRolesShape:  "The self_registration_roles parameter must be a list of roles among ADMIN, JURY, PRODUCER (possibly empty)",
	SelfRegistrationRoleUnknown: "Unknown role in self_registration_roles: %q (possible values: ADMIN, JURY, PRODUCER)",
}
