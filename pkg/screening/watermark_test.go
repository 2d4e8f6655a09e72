package screening

import (
	"slices"
	"testing"
)

// sequenceOf is what a perfect copy of a user's playlist reads as.
func sequenceOf(s Secret, user int64, segments int) []string {
	out := make([]string, segments)
	for i := range out {
		out[i] = s.VariantFor(42, 3, user, i+1)
	}
	return out
}

func TestVariantForIsBalancedAndPersonal(t *testing.T) {
	t.Parallel()
	s := NewSecret(jwtSecret)
	a := 0
	for n := 1; n <= 1000; n++ {
		if s.VariantFor(42, 3, 7, n) == "A" {
			a++
		}
	}
	if a < 430 || a > 570 {
		t.Fatalf("%d A in 1000 segments: the sequence is not a fair coin", a)
	}
	if got := sequenceOf(NewSecret(jwtSecret), 7, 64); !slices.Equal(got, sequenceOf(s, 7, 64)) {
		t.Fatal("not deterministic: a juror's playlists would change between requests")
	}
	if slices.Equal(sequenceOf(s, 7, 64), sequenceOf(s, 3, 64)) {
		t.Fatal("two jurors share a sequence")
	}
}

func TestIdentify(t *testing.T) {
	t.Parallel()
	s := NewSecret(jwtSecret)
	jurors := []int64{3, 7, 12, 25, 31}
	seq := sequenceOf(s, 7, 40)

	m, ok := s.Identify(42, 3, seq, jurors)
	if !ok || m.UserID != 7 || m.Agreement != 1 || m.Known != 40 || m.RunnerUp > MaxRunnerUp {
		t.Fatalf("a perfect copy: %+v %v", m, ok)
	}

	noisy := append([]string(nil), seq...)
	for i := 0; i < 40; i += 3 {
		noisy[i] = "" // a third unreadable
	}
	noisy[1] = map[string]string{"A": "B", "B": "A"}[noisy[1]] // one misread
	if m, ok := s.Identify(42, 3, noisy, jurors); !ok || m.UserID != 7 {
		t.Fatalf("a noisy copy: %+v %v", m, ok)
	}

	if m, ok := s.Identify(42, 3, seq[:MinKnownSegments-1], jurors); ok {
		t.Fatalf("named %+v from %d segments", m, MinKnownSegments-1)
	}
	if m, ok := s.Identify(42, 3, seq, []int64{3, 12, 25}); ok {
		t.Fatalf("named %+v though the juror is not a candidate", m)
	}
	if m, ok := s.Identify(43, 3, seq, jurors); ok {
		t.Fatalf("named %+v from another film's sequence", m)
	}
	// A copy whose forms were read at random names nobody.
	random := sequenceOf(NewSecret("another secret entirely, 32 chars long"), 1, 200)
	if m, ok := s.Identify(42, 3, random, jurors); ok {
		t.Fatalf("named %+v from noise", m)
	}
	if _, ok := s.Identify(42, 3, make([]string, 50), jurors); ok {
		t.Fatal("named someone from nothing read")
	}
}
