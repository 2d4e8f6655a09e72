package notificationapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/api/web"
)

func TestReadComposition(t *testing.T) {
	cases := []struct {
		body string
		want string // the composition read, or the error's start
	}{
		{`{"to": {"role": "PRODUCER", "statuses": ["selected", "finalist"], "id_categorie": 3}, "subject": "s", "body": "b", "preview": true}`,
			"PRODUCER [selected finalist] 3 false s b true"},
		{`{"to": {"role": "jury", "behind": true}, "subject": "s", "body": "b"}`, "JURY [] 0 true s b false"},
		{`{"to": {"role": "ADMIN"}, "subject": "s", "body": "b"}`, "Le champ to.role doit valoir PRODUCER"},
		{`{"to": {"role": "JURY", "statuses": ["selected"]}, "subject": "s", "body": "b"}`, "Le champ to.statuses ne vaut que pour les producteurs"},
		{`{"to": {"role": "PRODUCER", "behind": true}, "subject": "s", "body": "b"}`, "Le champ to.behind ne vaut que pour les jurés"},
		{`{"to": {"role": "PRODUCER", "statuses": ["REJECTED"]}, "subject": "s", "body": "b"}`, `Statut inconnu dans to.statuses : "REJECTED"`},
		{`{"to": {"role": "PRODUCER", "id_categorie": -1}, "subject": "s", "body": "b"}`, "Le corps doit être"},
		{`{"to": {"role": "PRODUCER", "colour": "red"}, "subject": "s", "body": "b"}`, "Le corps doit être"},
		{`{"to": "PRODUCER", "subject": "s", "body": "b"}`, "Le corps doit être"},
		{`{"subject": "s", "body": "b"}`, "Le corps doit être"},
		{`{"to": {"role": "PRODUCER"}, "subject": 3, "body": "b"}`, "Le corps doit être"},
		{`{"to": {"role": "PRODUCER"}, "subject": "s", "body": "b", "preview": "oui"}`, "Le corps doit être"},
		{`{"to": {"role": "PRODUCER"}, "subject": "s", "body": "b", "cc": "x"}`, "Le corps doit être"},
	}
	for _, c := range cases {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.body), &raw); err != nil {
			t.Fatal(err)
		}
		in, err := readComposition(web.Normalize(raw))
		got := fmt.Sprintf("%s %v %d %v %s %s %v", in.To.Role, in.To.Statuses, in.To.CategoryID, in.To.Behind, in.Subject, in.Body, in.Preview)
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, c.want) && !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.body, got, c.want)
		}
	}
}
