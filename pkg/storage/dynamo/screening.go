package dynamo

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The screening room's records: the key fetches of a jury member's player,
// logged in their watch item of the film (watchItem.Keys).

// watch is the watch item as the domain reads it.
func (it watchItem) watch() festival.Watch {
	return festival.Watch{MovieID: it.MovieID, UserID: it.UserID, Spans: it.spans(), Keys: keyLog(it.Keys), KeysIssued: int(it.KeysIssued)}
}

// keyLog reads the stored log (minute -> Unix milliseconds) in time order.
func keyLog(stored map[string][]int64) []festival.KeyFetch {
	var out []festival.KeyFetch
	for m, times := range stored {
		minute, err := strconv.Atoi(m)
		if err != nil {
			continue // not written by RecordKeyFetch
		}
		for _, ms := range times {
			out = append(out, festival.KeyFetch{Minute: minute, At: time.UnixMilli(ms).UTC()})
		}
	}
	slices.SortFunc(out, func(a, b festival.KeyFetch) int {
		return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.Minute, b.Minute))
	})
	return out
}

// storedKeyLog is the log as stored.
func storedKeyLog(log []festival.KeyFetch) map[string][]int64 {
	out := make(map[string][]int64, len(log))
	for _, f := range log {
		m := strconv.Itoa(f.Minute)
		out[m] = append(out[m], f.At.UnixMilli())
	}
	return out
}

// RecordKeyFetch logs that a jury member's player fetched the key of one
// minute of a film at at (bounded per minute: festival.LogKeyFetch) and
// returns their watch with the log: one read and one conditional write
// (editWatch), on a film that still exists.
func (s *Votes) RecordKeyFetch(ctx context.Context, movieID, userID int64, minute int, at time.Time) (festival.Watch, error) {
	it, err := s.editWatch(ctx, movieID, userID, func(it *watchItem) {
		log := festival.LogKeyFetch(keyLog(it.Keys), festival.KeyFetch{Minute: minute, At: at})
		it.Keys, it.KeysIssued = storedKeyLog(log), it.KeysIssued+1
	})
	if err != nil {
		return festival.Watch{}, fmt.Errorf("key fetch of film %d by %d: %w", movieID, userID, err)
	}
	return it.watch(), nil
}

// WatchOf is a jury member's watch of a film: what they played and the
// keys they fetched (empty when they never opened it). One GetItem.
func (s *Votes) WatchOf(ctx context.Context, movieID, userID int64) (festival.Watch, error) {
	it, err := getItem[watchItem](ctx, s.core, key(moviePK(movieID), watchSK(userID)))
	if errors.Is(err, festival.ErrNotFound) {
		return festival.Watch{MovieID: movieID, UserID: userID}, nil
	}
	if err != nil {
		return festival.Watch{}, err
	}
	return it.watch(), nil
}
