package movieform

import (
	"fmt"
	"testing"
	"time"
)

// The film's languages arrive as JSON (arrays, null) or as form text
// (comma lists, a string holding an array), under the spec's names or the
// console's camelCase ones; anything that is not an ISO 639-1 code is a 400.
func TestPatchReadsTheFilmsLanguages(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		js, original, subtitles string // "-": not sent; "<nil>": cleared
		ok                      bool
	}{
		{`{"title": "x"}`, "-", "-", true},
		{`{"original_language": "FR", "subtitle_languages": ["en", "de", "en"]}`, "fr", "[de en]", true},
		{`{"originalLanguage": "ja", "subtitleLanguages": "fr, EN"}`, "ja", "[en fr]", true},
		{`{"subtitle_languages": "[\"pt\"]"}`, "-", "[pt]", true},
		{`{"original_language": null, "subtitle_languages": null}`, "<nil>", "[]", true},
		{`{"original_language": "", "subtitle_languages": ""}`, "<nil>", "[]", true},
		{`{"original_language": "fra"}`, "", "", false},
		{`{"original_language": 12}`, "", "", false},
		{`{"subtitle_languages": ["en", "xx"]}`, "", "", false},
		{`{"subtitle_languages": [1]}`, "", "", false},
		{`{"subtitle_languages": ["aa","ab","af","ak","am","an","ar","as","av","ay","az"]}`, "", "", false},
	}
	for _, c := range cases {
		p, err := Patch(fields(t, c.js), false, false, now)
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok %v", c.js, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		original, subtitles := "-", "-"
		if p.OriginalLanguage.Sent {
			original = "<nil>"
			if p.OriginalLanguage.Value != nil {
				original = string(*p.OriginalLanguage.Value)
			}
		}
		if p.SubtitleLanguages.Sent {
			subtitles = fmt.Sprint(*p.SubtitleLanguages.Value)
		}
		if original != c.original || subtitles != c.subtitles {
			t.Errorf("%s: original %s, subtitles %s; want %s, %s", c.js, original, subtitles, c.original, c.subtitles)
		}
	}
}
