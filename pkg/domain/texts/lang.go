package texts

// Lang is a language the product speaks: its catalogues exist in it (the
// API's messages, the e-mails, the console). French is the default: a
// client that asks for nothing gets the specification's texts.
type Lang string

const (
	French  Lang = "fr"
	English Lang = "en"
)

// Langs are the languages the product speaks, the default first.
var Langs = []Lang{French, English}

// Default is the language of a request that asks for none, and of an
// account that never chose one.
const Default = French

// ParseLang reads a language the product speaks; ok is false for anything
// else (the caller refuses it, or falls back to Default).
func ParseLang(s string) (Lang, bool) {
	for _, l := range Langs {
		if string(l) == s {
			return l, true
		}
	}
	return "", false
}
