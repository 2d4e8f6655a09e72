package texts

// Values a request names that become part of a DynamoDB key
// (festival.ParseEmailKey, ParseLateCode, ParsePlanID) and the storage's
// last guard on key sizes.
const (
	KeyValueEmpty   Key = "key_value_empty"
	KeyValueTooLong Key = "key_value_too_long"
	LateCodeForm    Key = "late_code_form"
	PlanIDForm      Key = "plan_id_form"
	KeyRefused      Key = "key_refused"
)
