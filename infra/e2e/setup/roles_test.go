package setup_test

import (
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// TestNobodyMaySelfRegisterReadsBackAsAnEmptyList: an empty
// self_registration_roles is a list, in the answer to the change and in
// every read after it, never null (the contract's type is an array).
func TestNobodyMaySelfRegisterReadsBackAsAnEmptyList(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	put := api.Do("PUT", "/settings", admin.Token, map[string]any{"self_registration_roles": []string{}}).Expect(http.StatusOK).JSON()
	get := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	other := api.Do("PUT", "/settings", admin.Token, map[string]any{"jury_vote_assigned_only": true}).Expect(http.StatusOK).JSON()
	again := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	for name, answer := range map[string]map[string]any{"PUT": put, "GET": get, "PUT of another field": other, "GET after it": again} {
		st := answer
		if inner, ok := answer["settings"].(map[string]any); ok {
			st = inner
		}
		if roles, ok := st["self_registration_roles"].([]any); !ok || len(roles) != 0 {
			t.Errorf("%s /settings: self_registration_roles = %#v, want []", name, st["self_registration_roles"])
		}
	}
}
