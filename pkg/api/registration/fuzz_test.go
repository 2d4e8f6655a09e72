package registration

import (
	"bytes"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
)

// FuzzUserBody: any body sent to a registration or a user update is read into
// a typed input or refused as a client error, or as the specification's one
// documented 500 for user operations ("Erreur base de données", a refused
// value); never a panic.
func FuzzUserBody(f *testing.F) {
	f.Add([]byte(`{"first_name":"Agnès","last_name":"Varda","email":"agnes@example.org","password":"motdepasse1","role":"PRODUCER"}`))
	f.Add([]byte(`{"firstName":"A","lastName":1,"birthDate":"1928-05-30","knownByService":"Par un ami"}`))
	f.Add([]byte(`{"role":"ROOT","email":["a"],"phone":null}`))
	f.Add([]byte(`{}`))
	now := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		fl, err := ReadBody(httptest.NewRequest("POST", "/", bytes.NewReader(body)))
		check := func(what string, err error) {
			t.Helper()
			if err != nil && web.StatusOf(err) >= 500 && !apperr.Is(err, apperr.Rejected) {
				t.Fatalf("%s: %v answers %d", what, err, web.StatusOf(err))
			}
		}
		check("ReadBody", err)
		if err != nil {
			return
		}
		_, err = ReadNewUser(fl, now)
		check("ReadNewUser", err)
		_, err = ReadChange(fl, now)
		check("ReadChange", err)
	})
}
