package festival_test

import (
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestParseLanguageCode(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want festival.LanguageCode
		ok   bool
	}{
		{"fr", "fr", true}, {"FR", "fr", true}, {" en ", "en", true}, {"zu", "zu", true}, {"sh", "sh", true},
		{"", "", false}, {"f", "", false}, {"fra", "", false}, {"fr-CA", "", false}, {"xx", "", false},
		{"bh", "", false}, {"é", "", false}, {"français", "", false},
	}
	for _, c := range cases {
		got, err := festival.ParseLanguageCode(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("ParseLanguageCode(%q) = %q, %v; want %q, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestParseLanguageList(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   []string
		want []festival.LanguageCode
		ok   bool
	}{
		{[]string{}, []festival.LanguageCode{}, true},
		{[]string{"fr", "EN", "fr", "de"}, []festival.LanguageCode{"de", "en", "fr"}, true},
		{[]string{"fr", "xx"}, nil, false},
		{[]string{"aa", "ab", "af", "ak", "am", "an", "ar", "as", "av", "ay"}, []festival.LanguageCode{"aa", "ab", "af", "ak", "am", "an", "ar", "as", "av", "ay"}, true},
		{[]string{"aa", "ab", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az"}, nil, false},
		{[]string{"aa", "ab", "af", "ak", "am", "an", "ar", "as", "av", "ay", "AY", "ay"}, []festival.LanguageCode{"aa", "ab", "af", "ak", "am", "an", "ar", "as", "av", "ay"}, true},
	}
	for _, c := range cases {
		got, err := festival.ParseLanguageList(c.in)
		if !slices.Equal(got, c.want) || (err == nil) != c.ok || (c.ok && got == nil) {
			t.Errorf("ParseLanguageList(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestUnderstands(t *testing.T) {
	t.Parallel()
	l := func(c ...festival.LanguageCode) []festival.LanguageCode { return c }
	cases := []struct {
		known, film []festival.LanguageCode
		want        bool
	}{
		{nil, l("fr"), true}, {l("fr"), nil, true}, {nil, nil, true},
		{l("fr"), l("fr"), true}, {l("de", "en"), l("en", "fr"), true}, {l("de"), l("en", "fr"), false},
	}
	for _, c := range cases {
		if got := festival.Understands(c.known, c.film); got != c.want {
			t.Errorf("Understands(%v, %v) = %v; want %v", c.known, c.film, got, c.want)
		}
	}
}

func TestMovieLanguages(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	code := func(c festival.LanguageCode) *festival.LanguageCode { return &c }
	detected := &festival.FilmMedia{Facts: &festival.MediaFacts{SubtitlesLanguage: code("en")}}
	cases := []struct {
		name string
		m    festival.Movie
		want []festival.LanguageCode
	}{
		{"nothing known", festival.Movie{}, nil},
		{"declared original", festival.Movie{OriginalLanguage: code("it"), MainLanguage: str("Français")}, []festival.LanguageCode{"it"}},
		{"derived from main_language in French", festival.Movie{MainLanguage: str(" Français ")}, []festival.LanguageCode{"fr"}},
		{"derived from main_language in English", festival.Movie{MainLanguage: str("ENGLISH")}, []festival.LanguageCode{"en"}},
		{"derived from a code", festival.Movie{MainLanguage: str("De")}, []festival.LanguageCode{"de"}},
		{"no guessing beyond the table", festival.Movie{MainLanguage: str("Français, anglais")}, nil},
		{"silent film", festival.Movie{MainLanguage: str("muet")}, nil},
		{"subtitles declared", festival.Movie{OriginalLanguage: code("ja"), SubtitleLanguages: []festival.LanguageCode{"fr", "en"}, Media: detected},
			[]festival.LanguageCode{"en", "fr", "ja"}},
		{"subtitles detected stand for undeclared ones", festival.Movie{OriginalLanguage: code("ja"), Media: detected}, []festival.LanguageCode{"en", "ja"}},
		{"original and subtitles the same", festival.Movie{OriginalLanguage: code("en"), Media: detected}, []festival.LanguageCode{"en"}},
	}
	for _, c := range cases {
		if got := c.m.Languages(); !slices.Equal(got, c.want) {
			t.Errorf("%s: Languages() = %v; want %v", c.name, got, c.want)
		}
	}
}
