package web

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

func TestCanonicalRenamesCamelCaseAndClientAliases(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"firstName":         "first_name",
		"first_name":        "first_name",
		"birthDate":         "birth_date",
		"postalCode":        "postal_code",
		"knownByService":    "known_by_service",
		"known_by_mars_ai":  "known_by_service",
		"knownByMarsAi":     "known_by_service",
		"filmTitleOriginal": "title",
		"durationSeconds":   "duration",
		"synopsisOriginal":  "synopsis",
		"synopsisEnglish":   "synopsis_anglais",
		"filmLanguage":      "main_language",
		"releaseYear":       "release_year",
		"youtubeLink":       "youtube_link",
		"aiStack":           "ai_tool",
		"juryIds":           "juries",
		"note":              "score",
		"comments":          "comment",
		"selection_status":  "status",
		"isCandidate":       "is_candidate",
		"email":             "email",
	}
	for in, want := range cases {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeLetsSpecNamesWinOverAliases(t *testing.T) {
	t.Parallel()
	raw := map[string]json.RawMessage{
		"first_name": json.RawMessage(`"Spec"`),
		"firstName":  json.RawMessage(`"Alias"`),
		"note":       json.RawMessage(`7`),
		"score":      json.RawMessage(`9`),
		"lastName":   json.RawMessage(`"Only alias"`),
	}
	f := Normalize(raw)
	for name, want := range map[string]string{"first_name": `"Spec"`, "score": `9`, "last_name": `"Only alias"`} {
		if got := string(f[name]); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	if f.Has("firstName") || f.Has("note") {
		t.Errorf("aliases must not survive normalization: %v", f)
	}
}

func TestReadFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		body    string
		wantErr error
		code    apperr.Code
	}{
		{"empty body is ErrEmptyBody", "", ErrEmptyBody, ""},
		{"blank body is ErrEmptyBody", "  \n", ErrEmptyBody, ""},
		{"empty object is ErrEmptyBody", "{}", ErrEmptyBody, ""},
		{"array is refused", "[1,2]", nil, apperr.Invalid},
		{"broken JSON is refused", `{"a":`, nil, apperr.Invalid},
		{"null is refused", `null`, nil, apperr.Invalid},
		{"object is read", `{"firstName":"A"}`, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
			f, err := readFields(r)
			switch {
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
			case tt.code != "":
				if apperr.CodeOf(err) != tt.code {
					t.Fatalf("err = %v, want code %s", err, tt.code)
				}
			default:
				if err != nil || string(f["first_name"]) != `"A"` {
					t.Fatalf("fields = %v, err = %v", f, err)
				}
			}
		})
	}
}

func TestReadFieldsRefusesOversizedBody(t *testing.T) {
	t.Parallel()
	body := `{"a":"` + strings.Repeat("x", MaxJSONBody) + `"}`
	_, err := readFields(httptest.NewRequest("POST", "/", strings.NewReader(body)))
	if apperr.CodeOf(err) != apperr.TooLarge {
		t.Fatalf("err = %v, want too_large", err)
	}
}

func TestFieldsStringNamesTheFieldOnTypeMismatch(t *testing.T) {
	t.Parallel()
	f := Fields{"title": json.RawMessage(`12`), "gone": json.RawMessage(`null`)}
	if _, _, err := f.String("title"); err == nil || !strings.Contains(err.Error(), "title") {
		t.Fatalf("err = %v, want a message naming title", err)
	}
	if _, ok, err := f.String("gone"); ok || err != nil {
		t.Fatalf("null must read as absent, got ok=%v err=%v", ok, err)
	}
}

func TestPathIDRefusesNonPositiveIntegers(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"abc", "0", "-3", "1.5", "99999999999999999999"} {
		r := httptest.NewRequest("GET", "/x/"+v, nil)
		r.SetPathValue("id", v)
		if _, err := PathID(r, "id"); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("PathID(%q) err = %v, want invalid", v, err)
		}
	}
	r := httptest.NewRequest("GET", "/x/42", nil)
	r.SetPathValue("id", "42")
	if id, err := PathID(r, "id"); err != nil || id != 42 {
		t.Fatalf("PathID(42) = %d, %v", id, err)
	}
}
