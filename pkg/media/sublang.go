package media

import (
	"bytes"
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The subtitles' language is told by their most common words, a stop-word
// profile per language: subtitles are dialogue, made of exactly those words
// ("the", "you", "est", "pas", "nicht"...), so a few lines suffice, and no
// model or dependency is needed. The language libraries for Go
// (lingua-go, whatlanggo) weigh megabytes of n-gram models or guess from a
// handful of trigrams; for the seven languages a festival's subtitles mostly
// come in, counting words is as sure on dialogue, explainable, and small.

// stopWords are common words of each language recognised. A word found in
// more than one list counts for none (profiles drops it): "de", "la", "que",
// "en", "die" say nothing alone.
var stopWords = map[festival.LanguageCode]string{
	"fr": `le les des du une et est qui dans pour pas ne sur avec cette il elle ils nous vous je tu on mais où au aux
		son sa ses mon ma mes tout très bien suis sont était fait comme plus ai avez avons rien moi toi ça oui non
		alors quoi peut veux sais faire dit aussi ce`,
	"en": `the and is are was were you he she it we they this that what with for not have has had be to of on at
		my your me do will would can there here just know about from but all so yes don if him her them our who
		how why when get got go going`,
	"es": `el los las del una y está están pero para con sin yo tú usted él ella nosotros muy qué cómo hay esto
		eso aquí señor gracias también porque sí lo le su sus mi tu estoy tengo tiene puedo quiero nada bueno
		vamos ahora todo`,
	"de": `der das und ist nicht ich du er wir ihr ein eine einen mit auf für von zu dem ja nein was wie auch
		noch aber bin bist sind war mir mich dich sich es hat habe haben wird kann mein dein schon nur jetzt
		doch`,
	"it": `gli della delle dei che non è sono sei siamo ho hai ha una con questo questa quello cosa ma ti ci più
		anche perché io lui lei noi voi molto bene grazie sì il lo del nel alla mio tuo suo fare stato dove
		adesso niente`,
	"pt": `os do da dos das não é um uma com você eu ele ela nós eles muito bem obrigado sim mas isso isto
		aqui também então foi estou tenho meu minha seu sua nada agora vamos ao à pelo pela`,
	"nl": `het een van ik je jij niet wat dat zijn hij zij wij ook maar met voor naar nog hoe heb hebt heeft er
		dit deze daar goed dank kan wel mijn jouw ons zo al geen niets wordt waar`,
}

// profiles are stopWords with the shared words left out.
var profiles = func() map[string]festival.LanguageCode {
	seen := map[string]int{}
	for _, words := range stopWords {
		for _, w := range strings.Fields(words) {
			seen[w]++
		}
	}
	out := map[string]festival.LanguageCode{}
	for lang, words := range stopWords {
		for _, w := range strings.Fields(words) {
			if seen[w] == 1 {
				out[w] = lang
			}
		}
	}
	return out
}()

// The detector's thresholds: at least minHits common words of the winning
// language, and at least winMargin times as many as the runner-up's, or
// nothing is claimed (songs, names, a two-line file, a language outside
// the profiles).
const (
	minHits   = 8
	winMargin = 2
)

// cueMarkup is what a cue's text may carry besides words: HTML-like tags
// (<i>, <font ...>, WebVTT's <c.x>, <00:01.000>) and SSA overrides ({\an8}).
var cueMarkup = regexp.MustCompile(`<[^>]*>|\{[^}]*\}`)

// SubtitleLanguage reads the language of a subtitle file's text (SubRip or
// WebVTT, any encoding decodeSubtitles reads), among the languages of
// stopWords; nil when it cannot tell.
func SubtitleLanguage(file []byte) *festival.LanguageCode {
	hits := map[festival.LanguageCode]int{}
	for line := range bytes.SplitSeq(decodeSubtitles(file), []byte("\n")) {
		if isCueFrame(line) {
			continue
		}
		text := cueMarkup.ReplaceAllString(string(line), " ")
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if lang, ok := profiles[w]; ok {
				hits[lang]++
			}
		}
	}
	langs := slices.Collect(maps.Keys(hits))
	slices.SortFunc(langs, func(a, b festival.LanguageCode) int { return cmp.Or(cmp.Compare(hits[b], hits[a]), cmp.Compare(a, b)) })
	if len(langs) == 0 || hits[langs[0]] < minHits || len(langs) > 1 && hits[langs[0]] < winMargin*hits[langs[1]] {
		return nil
	}
	return &langs[0]
}

// isCueFrame reports whether a line of a subtitle file is not dialogue: a
// cue number, a timing line, WebVTT's header and blocks' first lines.
func isCueFrame(line []byte) bool {
	s := bytes.TrimSpace(line)
	switch {
	case len(s) == 0, bytes.Contains(s, []byte("-->")):
		return true
	case bytes.HasPrefix(s, []byte("WEBVTT")), bytes.HasPrefix(s, []byte("NOTE")), bytes.HasPrefix(s, []byte("STYLE")),
		bytes.HasPrefix(s, []byte("REGION")):
		return true
	}
	return bytes.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}
