package festival

import (
	"reflect"
	"testing"
	"time"
)

func entry(kind string, data map[string]string) LedgerEntry {
	return LedgerEntry{Kind: kind, Data: data}
}

func vote(id, movie, user string, score string) map[string]string {
	return map[string]string{"id_vote": id, "id_movie": movie, "id_user": user, "score": score, "is_candidate": "false"}
}

func TestTheLedgerReplaysToTheVotesThatStand(t *testing.T) {
	cases := []struct {
		name    string
		entries []LedgerEntry
		want    map[int64]LedgerVote
	}{
		{"nothing", nil, map[int64]LedgerVote{}},
		{"a vote cast then changed", []LedgerEntry{
			entry("vote.create", vote("1", "10", "5", "6")), entry("vote.update", vote("1", "10", "5", "8.5")),
		}, map[int64]LedgerVote{1: {ID: 1, MovieID: 10, UserID: 5, Score: 8.5}}},
		{"a vote deleted (an erased juror, or DELETE /votes/:id)", []LedgerEntry{
			entry("vote.create", vote("1", "10", "5", "6")), entry("vote.create", vote("2", "11", "5", "7")),
			VoteDeleteEntry(Vote{ID: 1, MovieID: 10, UserID: 5}),
		}, map[int64]LedgerVote{2: {ID: 2, MovieID: 11, UserID: 5, Score: 7}}},
		{"a film's votes deleted by list", []LedgerEntry{
			entry("vote.create", vote("1", "10", "5", "6")), entry("vote.create", vote("2", "10", "6", "7")),
			entry("vote.create", vote("3", "11", "6", "4")),
			entry("vote.delete_movie", map[string]string{"id_movie": "10", "ids": "1,2"}),
		}, map[int64]LedgerVote{3: {ID: 3, MovieID: 11, UserID: 6, Score: 4}}},
		{"a film deleted with its votes", []LedgerEntry{
			entry("vote.create", vote("1", "10", "5", "6")), entry("movie.status", map[string]string{"id_movie": "10", "from": "submitted", "to": "candidate"}),
			entry("vote.create", vote("3", "11", "6", "4")), entry("movie.delete", map[string]string{"id_movie": "10"}),
		}, map[int64]LedgerVote{3: {ID: 3, MovieID: 11, UserID: 6, Score: 4}}},
	}
	for _, c := range cases {
		got, err := ReplayVotes(c.entries)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}

func TestAnUnreadableEntryIsNamed(t *testing.T) {
	e := entry("vote.delete", map[string]string{"id_vote": "x"})
	e.Seq = 4
	if _, err := ReplayVotes([]LedgerEntry{e}); err == nil || err.Error() != "registre, entrée 4 : champ id_vote illisible" {
		t.Fatalf("error %v", err)
	}
}

func TestVotesAreKeptOnceTheResultsArePublished(t *testing.T) {
	var st Settings
	if e := ErasureOf(st, true); e.KeepVotes || e.AuditAction() != "user.erase" {
		t.Fatalf("before publication: %+v %s", e, e.AuditAction())
	}
	st.ResultsPublishedAt = NewTime(time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC))
	if e := ErasureOf(st, false); !e.KeepVotes || e.AuditAction() != "user.delete" {
		t.Fatalf("after publication: %+v %s", e, e.AuditAction())
	}
}

func TestAnExportIDIsItsOwnersAndReadsBack(t *testing.T) {
	id := NewExportID()
	if got, ok := ParseExportID(string(id)); !ok || got != id {
		t.Fatalf("%q reads back as %q, %v", id, got, ok)
	}
	if id.Key(12) != "exports/12/"+string(id)+".zip" {
		t.Fatalf("key %s", id.Key(12))
	}
	for _, bad := range []string{"", "abc", "../../movies/1/filmFile.mp4xxxxxxxxxxxx", "0123456789ABCDEF0123456789abcdef", "0123456789abcdef0123456789abcdeg"} {
		if _, ok := ParseExportID(bad); ok {
			t.Errorf("%q read as an export id", bad)
		}
	}
	at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	if ExportExpired(at, at.Add(ExportLifetime-time.Second)) || !ExportExpired(at, at.Add(ExportLifetime)) {
		t.Fatal("an export lasts 7 days")
	}
}
