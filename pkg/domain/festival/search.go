package festival

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// SearchKey is s as a search compares it: lower case, accents dropped
// ("Élégie" and "elegie" match), spaces collapsed.
func SearchKey(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	folded, _, err := transform.String(t, s)
	if err != nil {
		folded = s // not valid text: compared as it is
	}
	return strings.Join(strings.Fields(strings.ToLower(folded)), " ")
}

// TitleMatches reports whether the film's title contains the search (both
// as SearchKey makes them); an empty search matches every title.
func TitleMatches(title, search string) bool {
	return strings.Contains(SearchKey(title), SearchKey(search))
}
