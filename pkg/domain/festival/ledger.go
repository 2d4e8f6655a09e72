package festival

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// LedgerEntry is one link of the vote ledger: a vote cast, changed or
// deleted, or a film's status changed. Each entry carries the hash of the one
// before it, so changing, removing or inserting an entry breaks every hash
// after it (VerifyLedger).
type LedgerEntry struct {
	Seq  int64             `json:"seq"`
	At   Time              `json:"at"`
	Kind string            `json:"kind"`
	Data map[string]string `json:"data"`
	Prev string            `json:"prev"`
	Hash string            `json:"hash"`
}

// LedgerHead is the ledger's last entry: its number and hash (0 and "" for
// an empty ledger).
type LedgerHead struct {
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"`
}

// ComputeHash is the entry's hash: SHA-256 over its previous hash, number,
// time, kind and data (keys sorted), one per line, in hex.
func (e LedgerEntry) ComputeHash() string {
	var b strings.Builder
	b.WriteString(e.Prev + "\n" + strconv.FormatInt(e.Seq, 10) + "\n" + e.At.String() + "\n" + e.Kind + "\n")
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b.WriteString(strconv.Quote(k) + "=" + strconv.Quote(e.Data[k]) + "\n")
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

// LedgerBreak says where a ledger does not hold: the first entry whose
// number, link or hash is wrong, and why.
type LedgerBreak struct {
	Seq    int64
	Reason texts.Msg
}

// VerifyLedger checks a whole ledger in order from its first entry: numbers
// follow one another from 1, each entry names its predecessor's hash, and
// each hash is the entry's own. It returns the head, and the first break
// (nil when the ledger holds).
func VerifyLedger(entries []LedgerEntry) (LedgerHead, *LedgerBreak) {
	var head LedgerHead
	for _, e := range entries {
		switch {
		case e.Seq != head.Seq+1:
			return head, &LedgerBreak{Seq: e.Seq, Reason: texts.M(texts.LedgerSeqExpected, head.Seq+1)}
		case e.Prev != head.Hash:
			return head, &LedgerBreak{Seq: e.Seq, Reason: texts.M(texts.LedgerPrevMissing)}
		case e.ComputeHash() != e.Hash:
			return head, &LedgerBreak{Seq: e.Seq, Reason: texts.M(texts.LedgerHashChanged)}
		}
		head = LedgerHead{Seq: e.Seq, Hash: e.Hash}
	}
	return head, nil
}

// StatusLedgerEntry is the ledger's entry of a film's status change (the
// store adds its number, time and hashes).
func StatusLedgerEntry(movieID int64, from, to SelectionStatus) LedgerEntry {
	return LedgerEntry{Kind: "movie.status", Data: map[string]string{"id_movie": strconv.FormatInt(movieID, 10), "from": string(from), "to": string(to)}}
}
