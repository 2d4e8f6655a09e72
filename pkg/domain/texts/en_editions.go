package texts

// enEditions is the English of editions.go's texts.
var enEditions = map[Key]string{
	EditionUnknown:       "Unknown edition: %s",
	EditionParam:         "The edition parameter must be an edition's id: 1 to 16 letters, digits or hyphens",
	EditionIDRequired:    "The id field (the new edition's id) is required: 1 to 16 letters, digits or hyphens",
	EditionNameLength:    "The name field (the edition's name) is at most 100 characters, with no leading or trailing space",
	EditionCopyJury:      "The copy_jury field is a boolean",
	EditionUnknownField:  "Unknown field: %s (send id, and optionally name and copy_jury)",
	EditionExists:        "An edition already has the id %s",
	EditionStarting:      "Another edition is being started: send the same request again to finish it",
	EditionChanged:       "The editions or the settings changed during the start: send the request again to finish it",
	ResubmitCurrent:      "This film is already in the current edition",
	ResubmitNotOwner:     "Only the film's producer or an admin can submit it again",
	ResubmitUnknownField: "Unknown field: %s (send categories and late_code, both optional)",
	ResubmitCategories:   "The categories field is a list of at most 20 category ids of the current edition",
	ResubmitLateCode:     "The late_code field is a code of at most %d characters",
}
