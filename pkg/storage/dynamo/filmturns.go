package dynamo

import (
	"context"
	"sync"
	"time"
)

// filmTurns lets the changes of one film made through one store take turns
// (updateMovie). It is an economy, not a lock the data relies on: every
// change stays a write conditional on the film's version, so changes from
// other processes (other Lambda instances) race as before and the loser
// reads again. Within a process that serves many requests at once (the
// local server, a container), changes of one film no longer race each
// other: without turns, eight clients changing one film cost about 8
// DynamoDB requests per change, most of them transactions cancelled by the
// version condition (docs/performance.md, "What a write's items cost").
//
// A change waits for its turn at most maxTurnWait, then goes ahead without
// it, so a change made while another of the same film holds the turn (none
// does today) is slowed, never stuck.
type filmTurns struct {
	mu    sync.Mutex
	films map[int64]*filmTurn
}

// filmTurn is one film's turn: free holds a token while nobody has it;
// users counts those who have it or wait for it.
type filmTurn struct {
	free  chan struct{}
	users int
}

// maxTurnWait bounds the wait for a film's turn.
const maxTurnWait = 2 * time.Second

// take waits for film id's turn (or maxTurnWait, or ctx's end) and returns
// the function that gives it back.
func (q *filmTurns) take(ctx context.Context, id int64) (give func()) {
	q.mu.Lock()
	if q.films == nil {
		q.films = map[int64]*filmTurn{}
	}
	t := q.films[id]
	if t == nil {
		t = &filmTurn{free: make(chan struct{}, 1)}
		t.free <- struct{}{}
		q.films[id] = t
	}
	t.users++
	q.mu.Unlock()
	wait := time.NewTimer(maxTurnWait)
	defer wait.Stop()
	got := false
	select {
	case <-t.free:
		got = true
	case <-wait.C:
	case <-ctx.Done():
	}
	return func() {
		if got {
			t.free <- struct{}{}
		}
		q.mu.Lock()
		defer q.mu.Unlock()
		if t.users--; t.users == 0 {
			delete(q.films, id)
		}
	}
}
