package dynamo_test

import (
	"context"
	"errors"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A table written before the first admin's marker existed has admins
// without it: SetupNeeded finds one among the users, and writes the marker
// that the setup's transaction is conditional on.
func TestATableFromBeforeTheMarkerHasItsAdminFoundAndTheMarkerWritten(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	newUser(t, s, "agnes@example.org", festival.RoleAdmin)
	if err := s.ForgetAdminMarker(ctx); err != nil {
		t.Fatal(err)
	}
	if needed, err := s.SetupNeeded(ctx); err != nil || needed {
		t.Fatalf("SetupNeeded with an admin but no marker = %v, %v; want false", needed, err)
	}
	id, err := s.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	second := festival.User{ID: id, FirstName: "Jacques", LastName: "Demy", Email: "jacques@example.org", PasswordHash: "$2a$10$hash", Role: festival.RoleAdmin}
	if err := s.Setup(ctx, second, nil, false); !errors.Is(err, festival.ErrSetupDone) {
		t.Fatalf("a setup once the admin was found = %v; want ErrSetupDone (the marker written)", err)
	}
}
