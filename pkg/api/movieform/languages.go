package movieform

import (
	"encoding/json"
	"strings"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// patchLanguages reads the film's languages, each sent or not:
// `original_language`, one ISO 639-1 code (empty or null clears it), and
// `subtitle_languages`, a list of codes (a JSON array; from a form, a string
// holding one, or codes separated by commas; empty or null clears it). The
// console's camelCase spellings arrive here renamed (web.Canonical).
func patchLanguages(f web.Fields, p *festival.MoviePatch) error {
	if f.Has("original_language") {
		v, _, err := text(f, "original_language")
		if err != nil {
			return invalidf(texts.LanguageFieldShape, "original_language")
		}
		p.OriginalLanguage.Sent = true
		if v != nil {
			c, err := festival.ParseLanguageCode(*v)
			if err != nil {
				return err
			}
			p.OriginalLanguage.Value = &c
		}
	}
	if f.Has("subtitle_languages") {
		codes, err := languageList(f, "subtitle_languages")
		if err != nil {
			return err
		}
		p.SubtitleLanguages = festival.Clearable[[]festival.LanguageCode]{Sent: true, Value: &codes}
	}
	return nil
}

// languageList reads a list of codes (festival.ParseLanguageList) as
// patchLanguages describes it.
func languageList(f web.Fields, name string) ([]festival.LanguageCode, error) {
	if f.IsNull(name) {
		return festival.ParseLanguageList(nil)
	}
	raw := f[name]
	var s string
	if json.Unmarshal(raw, &s) == nil {
		s = strings.TrimSpace(s)
		if !strings.HasPrefix(s, "[") {
			var parts []string
			for part := range strings.SplitSeq(s, ",") {
				if part = strings.TrimSpace(part); part != "" {
					parts = append(parts, part)
				}
			}
			return festival.ParseLanguageList(parts)
		}
		raw = json.RawMessage(s)
	}
	var in []string
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, invalidf(texts.LanguageListShape, name)
	}
	return festival.ParseLanguageList(in)
}
