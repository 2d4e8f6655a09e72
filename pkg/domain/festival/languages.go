package festival

import (
	"slices"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// LanguageCode is a language a film is spoken or subtitled in, or a juror
// understands: an ISO 639-1 code, lower case ("fr", "en", "es"). Built from
// outside only by ParseLanguageCode, so a value that is not a code never
// reaches a film, a juror or the assignment.
type LanguageCode string

// MaxLanguages is the most languages a list holds (a film's subtitles, a
// juror's languages): more than any film or person needs, and a bound on
// what one item stores.
const MaxLanguages = 10

// iso6391 is every ISO 639-1 code: the 183 in force (the Library of
// Congress, ISO 639's registration authority, withdrew "bh" in 2021), and
// the withdrawn "sh" (Serbo-Croatian), still written by subtitle tools.
// Sorted: ParseLanguageCode searches it.
var iso6391 = strings.Fields(`
aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy
da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu
hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb
lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om
or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg sh si sk sl sm sn so sq sr ss st su sv
sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu`)

// ParseLanguageCode reads an ISO 639-1 code. Case and surrounding spaces
// are forgiven ("FR" is "fr": a code written in capitals names the same
// language); anything else, a region ("fr-CA") or a three-letter code
// included, is refused (400) naming the value.
func ParseLanguageCode(s string) (LanguageCode, error) {
	c := strings.ToLower(strings.TrimSpace(s))
	if _, found := slices.BinarySearch(iso6391, c); !found {
		return "", apperr.Ef(apperr.Invalid, texts.BadLanguageCode, s)
	}
	return LanguageCode(c), nil
}

// ParseLanguageList reads a list of codes (each by ParseLanguageCode):
// sorted, each once, at most MaxLanguages. An empty list is fine (empty,
// never nil, so that a caller can tell it from a list not sent).
func ParseLanguageList(in []string) ([]LanguageCode, error) {
	out := make([]LanguageCode, 0, len(in))
	for _, s := range in {
		c, err := ParseLanguageCode(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) > MaxLanguages {
		return nil, apperr.Ef(apperr.Invalid, texts.TooManyLanguages, MaxLanguages)
	}
	return out, nil
}

// Understands reports whether someone who understands the languages known
// can follow a film that can be followed in any of film: true when either
// list is empty (a juror who declared nothing, a film whose languages are
// unknown: no limit), else when they share a language.
func Understands(known, film []LanguageCode) bool {
	if len(known) == 0 || len(film) == 0 {
		return true
	}
	return slices.ContainsFunc(film, func(c LanguageCode) bool { return slices.Contains(known, c) })
}

// languageNames are the names a film's free-text main_language may give its
// language in, French and English and the language's own, and what they
// stand for. No guessing beyond this table: "Français, anglais" or
// "muet" derive nothing.
var languageNames = map[string]LanguageCode{
	"français": "fr", "francais": "fr", "french": "fr",
	"anglais": "en", "english": "en",
	"espagnol": "es", "español": "es", "espanol": "es", "spanish": "es", "castellano": "es",
	"allemand": "de", "deutsch": "de", "german": "de",
	"italien": "it", "italiano": "it", "italian": "it",
	"portugais": "pt", "português": "pt", "portugues": "pt", "portuguese": "pt",
	"néerlandais": "nl", "neerlandais": "nl", "nederlands": "nl", "dutch": "nl",
	"arabe": "ar", "arabic": "ar", "العربية": "ar",
	"chinois": "zh", "chinese": "zh", "mandarin": "zh", "中文": "zh",
	"japonais": "ja", "japanese": "ja", "日本語": "ja",
	"russe": "ru", "russian": "ru", "русский": "ru",
}

// LanguageOfName derives a code from a film's free-text main_language when
// it plainly names one language: an ISO 639-1 code in any case, or a name of
// languageNames (any case, spaces trimmed). ok is false otherwise.
func LanguageOfName(name string) (LanguageCode, bool) {
	s := strings.ToLower(strings.TrimSpace(name))
	if c, ok := languageNames[s]; ok {
		return c, true
	}
	if len(s) == 2 {
		if c, err := ParseLanguageCode(s); err == nil {
			return c, true
		}
	}
	return "", false
}

// Languages are the languages a film can be followed in, for the
// assignment: its original language (declared, else derived from its
// main_language by LanguageOfName) and its subtitle languages (declared,
// else the one the media job detected in its subtitle file). Sorted, each
// once; empty when nothing is known (no limit).
func (m Movie) Languages() []LanguageCode {
	var out []LanguageCode
	switch {
	case m.OriginalLanguage != nil:
		out = append(out, *m.OriginalLanguage)
	case m.MainLanguage != nil:
		if c, ok := LanguageOfName(*m.MainLanguage); ok {
			out = append(out, c)
		}
	}
	if len(m.SubtitleLanguages) > 0 {
		out = append(out, m.SubtitleLanguages...)
	} else if m.Media != nil && m.Media.Facts != nil && m.Media.Facts.SubtitlesLanguage != nil {
		out = append(out, *m.Media.Facts.SubtitlesLanguage)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// JoinLanguages writes codes as the API's texts name them: "en, fr".
func JoinLanguages(codes []LanguageCode) string {
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = string(c)
	}
	return strings.Join(parts, ", ")
}

// LanguagesOrEmpty is codes, or an empty list for nil: answers show lists
// as arrays, never null.
func LanguagesOrEmpty(codes []LanguageCode) []LanguageCode {
	if codes == nil {
		return []LanguageCode{}
	}
	return codes
}
