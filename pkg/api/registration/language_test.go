package registration

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// TestTheAccountsLanguageIsReadFromItsBody: "language" in a user body is
// the account's (not a film's main_language), fr or en, a 400 naming the
// field otherwise; absent at sign-up, the request's Accept-Language decides.
func TestTheAccountsLanguageIsReadFromItsBody(t *testing.T) {
	now := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name, body, accept string
		want               texts.Lang // "" with err: refused
		err                string
	}{
		{"English", `{"language":"en"}`, "", texts.English, ""},
		{"French", `{"language":"fr"}`, "en", texts.French, ""},
		{"the body wins over the header", `{"language":"fr","first_name":"A"}`, "en-GB", texts.French, ""},
		{"absent: the header's", `{"first_name":"A"}`, "en-US,en;q=0.9", texts.English, ""},
		{"absent, no header: French", `{"first_name":"A"}`, "", texts.French, ""},
		{"absent, another language: French", `{"first_name":"A"}`, "de", texts.French, ""},
		{"a language not spoken", `{"language":"de"}`, "", "", `language : la valeur "de" n'est pas permise (valeurs possibles : fr, en)`},
		{"upper case", `{"language":"EN"}`, "", "", `language : la valeur "EN" n'est pas permise`},
		{"not a string", `{"language":1}`, "", "", "language : la valeur doit être une chaîne de caractères (fr ou en)"},
		{"null", `{"language":null}`, "", "", "language : la valeur doit être une chaîne de caractères"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("PUT", "/users/me", strings.NewReader(c.body))
			if c.accept != "" {
				r.Header.Set("Accept-Language", c.accept)
			}
			f, err := ReadBody(r)
			if err != nil {
				t.Fatal(err)
			}
			if f.Has("main_language") {
				t.Errorf("the account's language read as a film's: %v", f)
			}
			in, err := ReadChange(f, now)
			if c.err != "" {
				if err == nil || apperr.CodeOf(err) != apperr.Invalid || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, want a 400 with %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			SignUpLanguage(&in, r)
			if in.Language == nil || *in.Language != c.want {
				t.Errorf("language %v, want %q", in.Language, c.want)
			}
		})
	}
}
