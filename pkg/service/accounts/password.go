package accounts

import (
	"golang.org/x/crypto/bcrypt"
)

// PasswordCost is the bcrypt cost; 10 is the floor the design sets.
const PasswordCost = 10

// HashPassword returns the bcrypt hash of a password.
func HashPassword(p string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(p), PasswordCost)
	return string(h), err
}

// dummyHash is compared against when an e-mail is unknown, so that a login
// takes as long for an unknown account as for a wrong password. It is a
// constant (the bcrypt hash, cost 10, of a phrase nobody uses) rather than
// computed at start-up: hashing it in init cost every cold start about 90 ms.
var dummyHash = []byte("$2a$10$bqsjlRK61yOyHw1qw658Aewz/4I3eH3rzKCA/i8gf/m0yOnBAwWei")

// CheckPassword reports whether p matches the hash. An empty hash (unknown
// account) still costs one bcrypt comparison.
func CheckPassword(hash, p string) bool {
	if hash == "" {
		_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(p))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(p)) == nil
}
