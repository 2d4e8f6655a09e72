package screening

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"testing"
)

const jwtSecret = "a-jwt-secret-of-at-least-32-characters!!"

func TestTheMediaSecretIsNotTheJWTSecret(t *testing.T) {
	t.Parallel()
	s := NewSecret(jwtSecret)
	if bytes.Contains([]byte(jwtSecret), s[:8]) || s == (Secret{}) {
		t.Fatalf("secret %x derived from the JWT secret looks like it", s)
	}
	if NewSecret(jwtSecret) != s {
		t.Fatal("the derivation is not deterministic: keys would change between functions")
	}
	if NewSecret(jwtSecret+"x") == s {
		t.Fatal("another JWT secret gives the same media secret")
	}
}

func TestKeyIsTheHMACOfFilmVersionAndMinute(t *testing.T) {
	t.Parallel()
	s := NewSecret(jwtSecret)
	h := hmac.New(sha256.New, s[:])
	h.Write([]byte("key|42|7|3"))
	want := h.Sum(nil)[:16]
	if k := s.Key(42, 7, 3); !bytes.Equal(k[:], want) {
		t.Fatalf("key %x, want %x", k, want)
	}
	seen := map[[16]byte]string{}
	for _, c := range []struct {
		id, version int64
		minute      int
	}{{42, 7, 3}, {42, 7, 4}, {42, 8, 3}, {43, 7, 3}, {4, 27, 3}} {
		k := s.Key(c.id, c.version, c.minute)
		if prev, dup := seen[k]; dup {
			t.Fatalf("%v has the key of %s", c, prev)
		}
		seen[k] = "another"
	}
}

func TestIVIsTheSegmentNumberBigEndian(t *testing.T) {
	t.Parallel()
	iv := IV(258)
	want := [16]byte{15: 2, 14: 1}
	if iv != want {
		t.Fatalf("IV(258) = %x", iv)
	}
}

// BenchmarkEncrypt encrypts a 4 MB segment (6 seconds of 1080p at 5 Mb/s).
func BenchmarkEncrypt(b *testing.B) {
	seg := bytes.Repeat([]byte{0x47, 1, 2, 3}, 1<<20)
	key := NewSecret(jwtSecret).Key(1, 1, 0)
	b.SetBytes(int64(len(seg)))
	for b.Loop() {
		Encrypt(key, IV(1), seg)
	}
}
