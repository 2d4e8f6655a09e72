package texts

import "fmt"

// Key names one text of the catalogues (fr.go, en.go): stable, snake_case,
// derived from the Go identifier that declares it. The code passes keys
// around; the words are chosen only when a text is written for someone, in
// their language (T).
type Key string

// Localized is a value written differently in each language: a Msg, a
// date. T writes an argument that is Localized in the text's language.
type Localized interface {
	In(l Lang) string
}

// Msg is a text not yet written in a language: its key and the values its
// format takes. An argument that is itself Localized (another Msg: a
// refusal naming a question, then saying why) is written in the same
// language.
type Msg struct {
	Key  Key
	Args []any
}

// M builds a Msg.
func M(key Key, args ...any) Msg { return Msg{Key: key, Args: args} }

// In writes m in l.
func (m Msg) In(l Lang) string { return T(l, m.Key, m.Args...) }

// T writes key's text in l, formatted with args (fmt verbs). A key the
// language lacks falls back to French, and a "key" that no catalogue holds
// is written as it is: a text not yet moved into the catalogues keeps
// working, and the catalogues' test names the gap.
func T(l Lang, key Key, args ...any) string {
	format, ok := catalogues[l][key]
	if !ok {
		format, ok = catalogues[Default][key]
	}
	if !ok {
		format = string(key)
	}
	if len(args) == 0 {
		return format
	}
	in := make([]any, len(args))
	for i, a := range args {
		if loc, ok := a.(Localized); ok {
			a = loc.In(l)
		}
		in[i] = a
	}
	return fmt.Sprintf(format, in...)
}

// Has reports whether a catalogue holds key (in French, the reference).
func Has(key Key) bool {
	_, ok := catalogues[Default][key]
	return ok
}

// catalogues are the texts by language.
var catalogues = map[Lang]map[Key]string{French: fr, English: en}

// merge composes a language's catalogue from its area parts
// (fr_<area>.go, en_<area>.go). A key declared twice is a programming
// error: the package refuses to start rather than pick one.
func merge(parts ...map[Key]string) map[Key]string {
	out := map[Key]string{}
	for _, p := range parts {
		for k, v := range p {
			if _, dup := out[k]; dup {
				panic("texts: key " + string(k) + " declared twice")
			}
			out[k] = v
		}
	}
	return out
}
