package screeningroom

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/screening"
)

// FuzzStreamPaths: whatever a player puts in a playlist's or a key's path
// ({file}, {minute}) and its ticket, the answer is the playlist or key of a
// film that streams, or a client error (403 for a ticket, 404 for a name or
// a minute): never an internal failure, never a key or a playlist on a
// ticket that was not minted. The room serves a fake film of 2 minutes.
func FuzzStreamPaths(f *testing.F) {
	now := time.Date(2026, 5, 14, 18, 30, 0, 0, time.UTC)
	secret := screening.NewSecret(strings.Repeat("s", 32))
	room := New(fakeFilms{}, fakeWatches{}, fakeBucket{}, secret, 15*time.Minute, func() time.Time { return now })
	t, err := room.Ticket(context.Background(), festival.Actor{ID: 7, Role: festival.RoleJury}, 1)
	if err != nil {
		f.Fatal(err)
	}
	u, _ := url.Parse(t.Master)
	valid := u.Query().Get("ticket")
	for _, s := range [][2]string{
		{"master.m3u8", valid}, {"360p.m3u8", valid}, {"0", valid}, {"1", valid}, {"2", valid}, {"-1", valid},
		{"99999999999999999999", valid}, {"\x00", "x"}, {"..", valid + "x"}, {"MASTER.m3u8", ""}, {"360p.m3u8", strings.Repeat("A", 513)},
	} {
		f.Add(s[0], s[1])
	}
	// minted: the ticket is the valid one (base64 lets its last character
	// vary in bits no byte uses, so equal tickets may be spelt apart).
	minted := func(ticket string) bool {
		tk, err := secret.Open(ticket, 1, now)
		return err == nil && tk.UserID == 7 && tk.Role == festival.RoleJury
	}
	f.Fuzz(func(t *testing.T, name, ticket string) {
		ctx := context.Background()
		clientErr := func(err error) bool {
			c := apperr.CodeOf(err)
			return c == apperr.Forbidden || c == apperr.NotFound || c == apperr.Conflict
		}
		if p, ok := ParsePlaylistName(name); ok {
			body, err := room.Playlist(ctx, 1, ticket, p)
			switch {
			case err != nil && !clientErr(err):
				t.Fatalf("playlist %q, ticket %q: %v", name, ticket, err)
			case err == nil && (!minted(ticket) || !strings.HasPrefix(body, "#EXTM3U\n")):
				t.Fatalf("playlist %q served on ticket %q", name, ticket)
			}
		}
		if m, ok := ParseMinute(name); ok {
			_, err := room.Key(ctx, 1, ticket, m)
			switch {
			case err != nil && !clientErr(err):
				t.Fatalf("key %q, ticket %q: %v", name, ticket, err)
			case err == nil && (!minted(ticket) || m > 1):
				t.Fatalf("key %d served on ticket %q", m, ticket)
			}
		}
	})
}
