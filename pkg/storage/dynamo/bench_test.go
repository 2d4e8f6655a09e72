package dynamo_test

import (
	"context"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// BenchmarkCaller measures the lookup every protected request makes so that
// deleted accounts and role changes take effect at once (the whole user item,
// which GET /users/me then answers without another read).
func BenchmarkCaller(b *testing.B) {
	s := newStore(b)
	u := newUser(b, s, "bench@example.org", festival.RoleJury)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, found, err := s.Caller(ctx, u.ID); err != nil || !found {
			b.Fatal(err)
		}
	}
}

// BenchmarkGetUser measures reading a whole user item.
func BenchmarkGetUser(b *testing.B) {
	s := newStore(b)
	u := newUser(b, s, "bench@example.org", festival.RoleJury)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.GetUser(ctx, u.ID); err != nil {
			b.Fatal(err)
		}
	}
}
