package languages_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// americanEnglish is what a browser set to American English sends.
const americanEnglish = "en-US,en;q=0.9"

// answer is an error body: its text and its code.
func answer(t *testing.T, r *apitest.Response) (text, code string) {
	t.Helper()
	body := r.JSON()
	text, _ = body["error"].(string)
	code, _ = body["code"].(string)
	return text, code
}

// TestTheSameRefusalInEachLanguage sends the same refused requests with no
// Accept-Language (the specification's French, byte for byte), and in
// English: the text changes, the status and the code do not.
func TestTheSameRefusalInEachLanguage(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	jury := api.Register("JURY")
	en := api.WithHeader("Accept-Language", americanEnglish)
	tests := []struct {
		name         string
		method, path string
		token        string
		body         any
		status       int
		fr, en, code string
	}{
		{"a role refused", "POST", "/categories", jury.Token, map[string]any{"name": "Courts"}, http.StatusForbidden,
			"Accès interdit. Rôle ADMIN requis.", "Access denied. ADMIN role required.", "admin_only"},
		{"no token", "GET", "/users/me", "", nil, http.StatusUnauthorized,
			"Token invalide ou manquant", "Invalid or missing token", "token_invalid"},
		{"an unknown film", "GET", "/movies/9999", "", nil, http.StatusNotFound,
			"Film non trouvé", "Film not found", "movie_not_found"},
		{"a body that is not JSON", "POST", "/auth/login", "", "{", http.StatusBadRequest,
			"Le corps de la requête doit être un objet JSON valide", "The request body must be a valid JSON object", "body_not_json_object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fr := api.For(t).Do(tt.method, tt.path, tt.token, tt.body).Expect(tt.status)
			if want := fmt.Sprintf(`{"error":%q,"code":%q}`+"\n", tt.fr, tt.code); string(fr.Body) != want {
				t.Errorf("no Accept-Language: %s, want %s", fr.Body, want)
			}
			text, code := answer(t, en.For(t).Do(tt.method, tt.path, tt.token, tt.body).Expect(tt.status))
			if text != tt.en || code != tt.code {
				t.Errorf("in English: %q (code %q), want %q (code %q)", text, code, tt.en, tt.code)
			}
		})
	}
}

// TestTheLanguageIsNegotiated: the q-values decide; a language the product
// does not speak, or none, is French.
func TestTheLanguageIsNegotiated(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	for accept, want := range map[string]string{
		"de-DE, fr;q=0.8, en;q=0.9": "Film not found",
		"en;q=0.5, fr":              "Film non trouvé",
		"de, it":                    "Film non trouvé",
		"*":                         "Film non trouvé",
		"EN-gb":                     "Film not found",
	} {
		text, _ := answer(t, api.WithHeader("Accept-Language", accept).Do("GET", "/movies/9999", "", nil).Expect(http.StatusNotFound))
		if text != want {
			t.Errorf("Accept-Language %q: %q, want %q", accept, text, want)
		}
	}
}

// TestMessagesAndValuesInEachLanguage: a success message, and a refusal
// that names values (a number, a setting), are written in the language
// asked for; the edge's own 404 for a route nobody declared is the same in
// every language, as API Gateway writes it.
func TestMessagesAndValuesInEachLanguage(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	en := api.WithHeader("Accept-Language", americanEnglish)

	var created struct {
		NewCategory struct {
			ID int64 `json:"id_categorie"`
		} `json:"newCategory"`
	}
	en.Do("POST", "/categories", admin.Token, map[string]any{"name": "Courts"}).Expect(http.StatusCreated).Decode(&created)
	if msg := en.Do("DELETE", fmt.Sprintf("/categories/%d", created.NewCategory.ID), admin.Token, nil).Expect(http.StatusOK).JSON()["message"]; msg != "Category deleted" {
		t.Errorf("deletion in English: %q", msg)
	}
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Longs"}).Expect(http.StatusCreated).Decode(&created)
	if msg := api.Do("DELETE", fmt.Sprintf("/categories/%d", created.NewCategory.ID), admin.Token, nil).Expect(http.StatusOK).JSON()["message"]; msg != "Catégorie supprimée" {
		t.Errorf("deletion in French: %q", msg)
	}

	bad := map[string]any{"jury_reminder_days": 99}
	frText, frCode := answer(t, api.Do("PUT", "/settings", admin.Token, bad).Expect(http.StatusBadRequest))
	enText, enCode := answer(t, en.Do("PUT", "/settings", admin.Token, bad).Expect(http.StatusBadRequest))
	if frCode != "jury_reminder_days_range" || enCode != frCode ||
		!strings.HasPrefix(frText, "Le paramètre jury_reminder_days doit être un entier de 0 (pas de rappels) à 30") ||
		!strings.HasPrefix(enText, "The jury_reminder_days parameter must be an integer from 0 (no reminders) to 30") {
		t.Errorf("a setting out of range: %q (%s) / %q (%s)", frText, frCode, enText, enCode)
	}

	for _, a := range []*apitest.API{api, en} {
		if r := a.Do("GET", "/nowhere", "", nil).Expect(http.StatusNotFound); string(r.Body) != `{"message":"Not Found"}` {
			t.Errorf("the edge's 404: %s", r.Body)
		}
	}
}
