package texts

// Editions: the festival's years, starting the next one, addressing an
// archived one (?edition=), a film submitted again to the current one.
const (
	EditionUnknown       Key = "edition_unknown"
	EditionParam         Key = "edition_param"
	EditionIDRequired    Key = "edition_id_required"
	EditionNameLength    Key = "edition_name_length"
	EditionCopyJury      Key = "edition_copy_jury"
	EditionUnknownField  Key = "edition_unknown_field"
	EditionExists        Key = "edition_exists"
	EditionStarting      Key = "edition_starting"
	EditionChanged       Key = "edition_changed"
	ResubmitCurrent      Key = "resubmit_current"
	ResubmitNotOwner     Key = "resubmit_not_owner"
	ResubmitUnknownField Key = "resubmit_unknown_field"
	ResubmitCategories   Key = "resubmit_categories"
	ResubmitLateCode     Key = "resubmit_late_code"
)
