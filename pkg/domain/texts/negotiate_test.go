package texts

import "testing"

func TestFromAcceptLanguagePrefersTheHighestQualityLanguageTheProductSpeaks(t *testing.T) {
	cases := []struct {
		header string
		want   Lang
	}{
		{"", French},
		{"en", English},
		{"en-GB", English},
		{"EN-us", English},
		{"de-DE,de;q=0.9", French},
		{"de,en;q=0.5", English},
		{"fr;q=0.4,en;q=0.8", English},
		{"en;q=0.8,fr;q=0.8", English},
		{"en;q=0", French},
		{"*", French},
		{"en;q=abc", French},
		{"en;q=2", French},
		{";;,,", French},
	}
	for _, c := range cases {
		if got := FromAcceptLanguage(c.header); got != c.want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", c.header, got, c.want)
		}
	}
}
