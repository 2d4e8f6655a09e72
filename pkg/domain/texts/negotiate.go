package texts

import (
	"context"
	"strconv"
	"strings"
)

// FromAcceptLanguage picks the language the product speaks that an
// Accept-Language header prefers (RFC 9110, section 12.5.4): the highest
// q-value among the ranges whose primary tag is a language of Langs
// ("en-GB" counts as en), the first listed on a tie; Default when none
// matches, when the header is absent or unreadable. "*" names no language:
// it leaves the default.
func FromAcceptLanguage(header string) Lang {
	best, bestQ := Default, 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if p := strings.TrimSpace(params); p != "" {
			name, v, ok := strings.Cut(p, "=")
			if !ok || strings.TrimSpace(strings.ToLower(name)) != "q" {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			q = f
		}
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		l, ok := ParseLang(primary)
		if !ok || q <= bestQ {
			continue
		}
		best, bestQ = l, q
	}
	return best
}

type langKey struct{}

// WithLang records in ctx the language the request is answered in.
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// LangOf is the language ctx's request is answered in (Default when none
// was negotiated).
func LangOf(ctx context.Context) Lang {
	if l, ok := ctx.Value(langKey{}).(Lang); ok {
		return l
	}
	return Default
}
