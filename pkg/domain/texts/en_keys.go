package texts

// enKeys is the English of keys.go's texts.
var enKeys = map[Key]string{
	KeyValueEmpty:   "the value is empty",
	KeyValueTooLong: "the value exceeds %d bytes",
	LateCodeForm:    "a code is 4 to 32 characters among A-Z, 0-9 and the hyphen",
	PlanIDForm:      "a plan id is 1 to %d letters, digits and hyphens (received with the preview)",
	KeyRefused:      "A value of the request is too long to be stored",
}
