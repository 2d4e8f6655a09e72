package texts

// enSpec is the English of spec.go's texts.
var enSpec = map[Key]string{
	AdminOnly:       "Access denied. ADMIN role required.",
	AllFieldsFilled: "All fields must be filled in",
	AllRequired:     "All fields are required",
	DatabaseError:   "Database error",
	EventCreated:    "Event created",
	EventExists:     "Event already exists",
	EventNotFound:   "Event not found",
	EventUpdated:    "Event updated",
	MovieNotFound:   "Film not found",
	Internal:        "Internal server error",
	LoginOK:         "Signed in",
	MissingData:     "Missing data",
	MissingID:       "Missing ID in the URL",
	TokenInvalid:    "Invalid or missing token",
	UserCreated:     "User created",
	UserExists:      "This user already exists",
	UserNotFound:    "User not found",
}
