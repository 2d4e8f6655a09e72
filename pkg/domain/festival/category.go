package festival

import (
	"strings"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Category groups films (a competition, a genre...).
type Category struct {
	ID        int64  `json:"id_categorie"`
	Name      string `json:"name"`
	CreatedAt Time   `json:"createdAt"`
	UpdatedAt Time   `json:"updatedAt"`
}

// MaxCategoryNameLen bounds a category name.
const MaxCategoryNameLen = 100

// CheckCategoryName validates a category name (already trimmed).
func CheckCategoryName(name string) error {
	if name == "" {
		return fieldErr("name", texts.CategoryNameEmpty)
	}
	return CheckText("name", name, MaxCategoryNameLen)
}

// NameKey is the form in which category and event names are compared for
// uniqueness: trimmed, inner white space collapsed, lower case.
func NameKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}
