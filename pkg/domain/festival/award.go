package festival

// Award is a prize given to a film. The film embeds it as a MovieAward.
type Award struct {
	ID        int64  `json:"id_award"`
	MovieID   int64  `json:"id_movie"`
	Name      string `json:"name"`
	AwardedAt Time   `json:"awarded_at"`
}

// MaxAwardNameLen bounds an award name.
const MaxAwardNameLen = 255

// CheckAwardName validates an award name (already trimmed).
func CheckAwardName(name string) error {
	if name == "" {
		return fieldErr("name", "le nom du prix est vide")
	}
	return CheckText("name", name, MaxAwardNameLen)
}
