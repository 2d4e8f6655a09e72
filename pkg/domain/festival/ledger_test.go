package festival

import (
	"testing"
	"time"
)

func chain(n int) []LedgerEntry {
	var out []LedgerEntry
	prev := ""
	for i := 1; i <= n; i++ {
		e := LedgerEntry{Seq: int64(i), At: NewTime(time.Date(2026, 3, 1, 9, i, 0, 0, time.UTC)), Kind: "vote.create",
			Data: map[string]string{"id_vote": string(rune('0' + i)), "score": "7"}, Prev: prev}
		e.Hash = e.ComputeHash()
		prev = e.Hash
		out = append(out, e)
	}
	return out
}

func TestAnIntactLedgerVerifiesToItsHead(t *testing.T) {
	entries := chain(5)
	head, broken := VerifyLedger(entries)
	if broken != nil || head.Seq != 5 || head.Hash != entries[4].Hash {
		t.Fatalf("head %+v, break %+v", head, broken)
	}
}

func TestTheVerifierFindsTheAlteredEntry(t *testing.T) {
	cases := map[string]struct {
		alter func([]LedgerEntry) []LedgerEntry
		seq   int64
	}{
		"a score changed":  {func(e []LedgerEntry) []LedgerEntry { e[2].Data["score"] = "10"; return e }, 3},
		"an entry removed": {func(e []LedgerEntry) []LedgerEntry { return append(e[:1:1], e[2:]...) }, 3},
		"an entry rehashed alone": {func(e []LedgerEntry) []LedgerEntry {
			e[1].Data["score"] = "1"
			e[1].Hash = e[1].ComputeHash()
			return e
		}, 3},
		"two entries swapped": {func(e []LedgerEntry) []LedgerEntry { e[3], e[4] = e[4], e[3]; return e }, 5},
	}
	for name, c := range cases {
		_, broken := VerifyLedger(c.alter(chain(5)))
		if broken == nil || broken.Seq != c.seq {
			t.Errorf("%s: break %+v, want at entry %d", name, broken, c.seq)
		}
	}
}
