package accounts

import (
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

func TestPasswordHashIsBcryptAndChecks(t *testing.T) {
	t.Parallel()
	h, err := HashPassword("motdepasse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$2a$10$") {
		t.Fatalf("hash %q is not bcrypt cost 10", h)
	}
	if !CheckPassword(h, "motdepasse") || CheckPassword(h, "autre") || CheckPassword("", "motdepasse") {
		t.Fatal("CheckPassword answers wrongly")
	}
}

func TestUnknownAccountsCostOneBcryptComparisonAtTheSameCost(t *testing.T) {
	t.Parallel()
	cost, err := bcrypt.Cost(dummyHash)
	if err != nil || cost != PasswordCost {
		t.Fatalf("dummy hash cost %d (%v), want %d", cost, err, PasswordCost)
	}
}
