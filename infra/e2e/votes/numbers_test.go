package votes_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// Numbers DynamoDB cannot store (1e-131, 5e-324, 1e308) or that a field's
// precision forbids (a mark of 7.125) answer 400 naming the field, where
// they answered 500 or were stored as sent; -0 is 0 (issue 26).
func TestNumbersAVoteOrAGridCarriesAreRefusedOrNormalisedBeforeStorage(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	film := newMovie(t, api, prod, "Sans toit ni loi")
	vote := path("/votes/mine/%d", film)
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }

	for _, w := range []string{"1e-131", "5e-324", "0.125", `"2"`} {
		grid := []map[string]any{{"key": "image", "name": "Image", "weight": raw(w)}}
		api.Do("PUT", "/settings", admin.Token, map[string]any{"scoring_grid": grid}).
			ExpectErrorAbout(http.StatusBadRequest, "deux décimales au plus")
		api.Do("PUT", "/settings", admin.Token, map[string]any{"category_grids": map[string]any{"1": grid}}).
			ExpectErrorAbout(http.StatusBadRequest, "deux décimales au plus")
	}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"scoring_grid": []map[string]any{
		{"key": "image", "name": "Image", "weight": raw("1e308")},
	}}).Expect(http.StatusBadRequest)
	grid := []map[string]any{{"key": "image", "name": "Image", "weight": raw("0.5")}, {"key": "son", "name": "Son", "weight": 2}}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"scoring_grid": grid}).Expect(http.StatusOK)
	settings := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	if w := settings["scoring_grid"].([]any)[0].(map[string]any)["weight"]; w != 0.5 {
		t.Fatalf("a weight of 0.5 reads back as %v", w)
	}

	for mark, part := range map[string]string{
		"1e-131": "criteria.image : la note a au plus 2 décimales", "5e-324": "criteria.image : la note a au plus 2 décimales",
		"7.125": "criteria.image : la note a au plus 2 décimales", "1e308": "criteria.image : la note doit être un nombre entre 0 et 10",
	} {
		api.Do("POST", vote, jury.Token, map[string]any{"criteria": map[string]any{"image": raw(mark), "son": 5}}).
			ExpectErrorAbout(http.StatusBadRequest, part)
	}
	for _, score := range []string{"1e-131", "5e-324", "7.125", "1e308"} {
		api.Do("POST", vote, jury.Token, map[string]any{"score": raw(score)}).Expect(http.StatusBadRequest)
	}
	if got := api.Do("GET", vote, jury.Token, nil); got.Status == http.StatusOK && string(got.Body) != "null" {
		t.Fatalf("a refused vote was stored: %s", got.Body)
	}

	// -0 is 0, as a score and as a mark; 7.12 is kept exactly.
	created := api.Do("POST", vote, jury.Token, map[string]any{"score": raw("-0")}).Expect(http.StatusCreated).Body
	if containsNegativeZero(created) {
		t.Fatalf("-0 echoed: %s", created)
	}
	api.Do("POST", vote, jury.Token, map[string]any{"criteria": map[string]any{"image": raw("-0"), "son": raw("7.12")}}).Expect(http.StatusOK)
	mine := api.Do("GET", vote, jury.Token, nil).Expect(http.StatusOK)
	if containsNegativeZero(mine.Body) {
		t.Fatalf("-0 stored: %s", mine.Body)
	}
	// (0.5×0 + 2×7.12) / 2.5 = 5.696, rounded to 5.7.
	if v := mine.JSON(); v["score"] != 5.7 || v["criteria"].(map[string]any)["son"] != 7.12 || v["criteria"].(map[string]any)["image"] != 0.0 {
		t.Fatalf("read back: %v", v)
	}
}

func containsNegativeZero(body []byte) bool {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return true
	}
	var walk func(any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				if walk(e) {
					return true
				}
			}
		case []any:
			for _, e := range x {
				if walk(e) {
					return true
				}
			}
		case float64:
			return x == 0 && 1/x < 0
		}
		return false
	}
	return walk(v)
}

// A number question's min and max are Decimals too: 1e-131 was stored as
// sent and answered 500; it is now 400 naming the bound.
func TestAFormQuestionsBoundsAreNumbersDynamoDBStores(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	question := func(min string) map[string]any {
		return map[string]any{"questions": []map[string]any{
			{"id": "budget", "label": "Budget", "kind": "number", "visibility": "admins", "min": json.RawMessage(min)},
		}}
	}
	for _, min := range []string{"1e-131", "5e-324", "0.125", "1e308"} {
		api.Do("PUT", "/settings/form", admin.Token, question(min)).ExpectErrorAbout(http.StatusBadRequest, "questions[0].min")
	}
	form := api.Do("PUT", "/settings/form", admin.Token, question("-0")).Expect(http.StatusOK)
	if containsNegativeZero(form.Body) {
		t.Fatalf("-0 stored as a bound: %s", form.Body)
	}
	if q := form.JSON()["questions"].([]any)[0].(map[string]any); q["min"] != 0.0 {
		t.Fatalf("min read back as %v", q["min"])
	}
}
