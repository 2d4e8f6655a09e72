package dynamo_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestConcurrentAttemptsAreEachCountedOnceAndTheWindowEnds(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := dynamo.New(db, table, clock)
	ctx := context.Background()
	k := festival.CounterKey{Counter: "login-address", Subject: "203.0.113.10"}

	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if _, err := s.AddCount(ctx, time.Minute, k); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	c, err := s.Counts(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	if c[k].N != 20 || !c[k].Until.Equal(now.Add(time.Minute)) {
		t.Fatalf("after 20 concurrent attempts: %+v, want 20 until %v", c[k], now.Add(time.Minute))
	}

	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	if c, _ := s.Counts(ctx, k); c[k].N != 0 {
		t.Fatalf("at the window's end the count reads %d, want 0", c[k].N)
	}
	after, err := s.AddCount(ctx, time.Minute, k)
	if err != nil || after[k].N != 1 || !after[k].Until.Equal(now.Add(time.Minute)) {
		t.Fatalf("the first attempt after the window: %+v %v, want a new window of 1", after[k], err)
	}
	if err := s.ResetCount(ctx, k); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Counts(ctx, k); c[k].N != 0 {
		t.Fatalf("after a reset the count reads %d", c[k].N)
	}
}
