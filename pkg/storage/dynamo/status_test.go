package dynamo_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// TestConcurrentStatusDecisionsOnOneFilmAllLandAndAreAllInTheTrail: eight
// admins deciding one film's status again and again at once (the load
// test's contention) do not truly conflict: every
// decision is applied (none answers 409), the film ends with one of them,
// and each has its own audit entry, whose "from" is a status the film had.
// Each admin goes through a store of their own, as concurrent requests on
// AWS go through Lambda instances of their own: their changes race.
func TestConcurrentStatusDecisionsOnOneFilmAllLandAndAreAllInTheTrail(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	m := newMovie(t, s, newUser(t, s, "p@example.org", festival.RoleProducer))
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	decisions := []festival.SelectionStatus{festival.StatusSelected, festival.StatusRefused, festival.StatusToDiscuss, festival.StatusFinalist}
	const admins, each = 8, 8
	const writers = admins * each
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range admins {
		instance := dynamo.New(s.Client(), s.Table(), nil)
		wg.Go(func() {
			for k := range each {
				_, err := instance.SetMovieStatus(ctx, admin, m.ID, decisions[(i+k)%len(decisions)])
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a status decision was refused: %v", err)
		}
	}
	got, err := s.GetMovie(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(decisions, got.SelectionStatus) {
		t.Errorf("the film ends %q, not one of the decisions", got.SelectionStatus)
	}
	trail, _, err := s.ListAudit(ctx, festival.AuditFilter{Action: "movie.status", Target: fmt.Sprintf("movie:%d", m.ID)}, dynamo.Page{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(trail) != writers {
		t.Fatalf("%d audit entries for %d decisions", len(trail), writers)
	}
	had := append([]festival.SelectionStatus{festival.StatusSubmitted}, decisions...)
	for _, e := range trail {
		if !slices.Contains(had, festival.SelectionStatus(e.Details["from"])) || !slices.Contains(decisions, festival.SelectionStatus(e.Details["to"])) {
			t.Errorf("an entry moves from %q to %q", e.Details["from"], e.Details["to"])
		}
	}
}
