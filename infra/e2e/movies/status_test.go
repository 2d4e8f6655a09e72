package movies_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// The status operation takes each vocabulary exactly as it is written
// (docs/architecture.md, "Baseline decisions": anything else is 400) and changes nothing otherwise.
func TestStatusAcceptsOnlyTheTwoVocabulariesAsWritten(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	id := api.Upload(t, prod.Token, "Statuts")
	path := fmt.Sprintf("/movies/%d/status", id)
	for _, tt := range []struct {
		body       map[string]any
		stored     string
		guide      string
		wantStatus int
	}{
		{map[string]any{"status": "VALIDATED"}, "assigned", "VALIDATED", http.StatusOK},
		{map[string]any{"selection_status": "to_discuss"}, "to_discuss", "VALIDATED", http.StatusOK},
		{map[string]any{"status": "REJECTED"}, "refused", "REJECTED", http.StatusOK},
		{map[string]any{"status": "finalist"}, "finalist", "CANDIDATE", http.StatusOK},
		{map[string]any{"status": "pending"}, "finalist", "CANDIDATE", http.StatusBadRequest},
		{map[string]any{"status": "VALIDATED "}, "finalist", "CANDIDATE", http.StatusBadRequest},
		{map[string]any{"status": "Submitted"}, "finalist", "CANDIDATE", http.StatusBadRequest},
		{map[string]any{"status": 5}, "finalist", "CANDIDATE", http.StatusBadRequest},
	} {
		r := api.Do("PUT", path, admin.Token, tt.body).Expect(tt.wantStatus)
		if tt.wantStatus == http.StatusBadRequest {
			if msg, _ := r.JSON()["error"].(string); msg == "" || msg == "Le champ status est requis" {
				t.Errorf("%v: error %q does not say what is wrong", tt.body, msg)
			}
		}
		m := api.Do("GET", fmt.Sprintf("/movies/%d", id), "", nil).Expect(http.StatusOK).JSON()
		if m["selection_status"] != tt.stored || m["status"] != tt.guide {
			t.Errorf("after %v: %v / %v, want %s / %s", tt.body, m["selection_status"], m["status"], tt.stored, tt.guide)
		}
	}
}
