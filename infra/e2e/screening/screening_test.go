package screening

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A 2-minute film's stream: the ticket, the master playlist of its
// renditions, each rendition's 20 segments under 2 minute keys, segments
// that decrypt with the keys the API serves, and who gets what.
func TestAStreamingFilmsPlaylistsAndKeysGoOnlyToThoseWhoMayWatchIt(t *testing.T) {
	t.Parallel()
	r := newRoom(t)
	api := r.api
	id := r.film(t, "Cléo de 5 à 7", r.juror.ID)

	// Before the media job made it stream: 409.
	api.Do("GET", fmt.Sprintf("/movies/%d/stream", id), r.juror.Token, nil).
		ExpectError(http.StatusConflict, "Le film n'est pas encore prêt pour la lecture en streaming : réessayez une fois son encodage terminé")
	r.encode(t, id, 120)

	ticket, body := r.ticket(t, id, r.juror.Token)
	if fmt.Sprint(body["renditions"]) != "[480p 360p]" || body["minutes"] != 2.0 || body["subtitle"] != nil ||
		!strings.HasPrefix(body["master"].(string), fmt.Sprintf("/movies/%d/stream/master.m3u8?ticket=", id)) {
		t.Fatalf("ticket = %v", body)
	}
	if exp, err := time.Parse(time.RFC3339, body["expiresAt"].(string)); err != nil || exp.Sub(r.clock.Now()) > 15*time.Minute || exp.Sub(r.clock.Now()) < 14*time.Minute {
		t.Errorf("expiresAt %v: want in 15 min (PRESIGN_TTL)", body["expiresAt"])
	}

	master := api.Do("GET", playlist(id, "master.m3u8", ticket), "", nil).Expect(http.StatusOK)
	if ct, cc := master.Header.Get("Content-Type"), master.Header.Get("Cache-Control"); ct != "application/vnd.apple.mpegurl" || cc != "no-store" {
		t.Errorf("master: Content-Type %q, Cache-Control %q", ct, cc)
	}
	if got := regexp.MustCompile(`(?m)^(\w+)\.m3u8\?ticket=`).FindAllStringSubmatch(string(master.Body), -1); len(got) != 2 || got[0][1] != "480p" || got[1][1] != "360p" ||
		strings.Count(string(master.Body), "#EXT-X-STREAM-INF:") != 2 {
		t.Fatalf("master playlist:\n%s", master.Body)
	}
	for _, rendition := range []string{"480p", "360p"} {
		p := string(api.Do("GET", playlist(id, rendition+".m3u8", ticket), "", nil).Expect(http.StatusOK).Body)
		keys := regexp.MustCompile(`#EXT-X-KEY:METHOD=AES-128,URI="(/movies/\d+/keys/\d+)\?ticket=`).FindAllStringSubmatch(p, -1)
		if n := strings.Count(p, "#EXTINF:"); n != 20 || len(keys) != 2 ||
			keys[0][1] != fmt.Sprintf("/movies/%d/keys/0", id) || keys[1][1] != fmt.Sprintf("/movies/%d/keys/1", id) {
			t.Fatalf("%s playlist: %d segments, keys %v:\n%s", rendition, n, keys, p)
		}
	}

	// A segment fetched from its presigned URL decrypts with the key the
	// API serves (an admin's: admins' fetches are not counted).
	adminTicket, _ := r.ticket(t, id, r.admin.Token)
	p := string(api.Do("GET", playlist(id, "360p.m3u8", adminTicket), "", nil).Expect(http.StatusOK).Body)
	first := regexp.MustCompile(`(?m)^http\S+`).FindString(p)
	key := api.Do("GET", keyPath(id, 0, adminTicket), "", nil).Expect(http.StatusOK)
	if ct, cc := key.Header.Get("Content-Type"), key.Header.Get("Cache-Control"); len(key.Body) != 16 || ct != "application/octet-stream" || cc != "no-store" {
		t.Fatalf("key: %d bytes, %q, %q", len(key.Body), ct, cc)
	}
	if ts := decrypt(t, first, key.Body, 1); len(ts) < 188 || ts[0] != 0x47 || ts[188] != 0x47 {
		t.Fatalf("segment 1 decrypted is no MPEG-TS (%d bytes)", len(ts))
	}
	// A player on the console's origin may read playlists and keys
	// (simple GETs: no preflight; the answer allows the origin).
	for _, path := range []string{playlist(id, "360p.m3u8", adminTicket), keyPath(id, 1, adminTicket)} {
		req, _ := http.NewRequest("GET", api.URL+path, nil)
		req.Header.Set("Origin", "http://console.example")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") == "" {
			t.Errorf("GET %s from another origin: %d, Access-Control-Allow-Origin %q", path, resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"))
		}
	}
	api.Do("GET", keyPath(id, 2, adminTicket), "", nil).ExpectError(http.StatusNotFound, "Minute de film introuvable") // a 2-minute film has minutes 0 and 1

	// The producer watches: playlists, but no key (they watch their file).
	prodTicket, _ := r.ticket(t, id, r.producer.Token)
	api.Do("GET", playlist(id, "480p.m3u8", prodTicket), "", nil).Expect(http.StatusOK)
	api.Do("GET", keyPath(id, 0, prodTicket), "", nil).
		ExpectError(http.StatusForbidden, "Les clés de lecture sont réservées aux membres du jury assignés au film et aux administrateurs")

	// A jury member not assigned gets no ticket; one unassigned since their
	// ticket gets neither playlists nor keys.
	api.Do("GET", fmt.Sprintf("/movies/%d/stream", id), r.other.Token, nil).Expect(http.StatusForbidden)
	otherFilm := r.film(t, "Le Bonheur", r.other.ID)
	r.encode(t, otherFilm, 12)
	otherTicket, _ := r.ticket(t, otherFilm, r.other.Token)
	api.Do("GET", playlist(id, "master.m3u8", otherTicket), "", nil).Expect(http.StatusForbidden) // a ticket for another film
	api.Do("GET", keyPath(id, 0, otherTicket), "", nil).Expect(http.StatusForbidden)
	r.assign(t, id)
	api.Do("GET", playlist(id, "master.m3u8", ticket), "", nil).Expect(http.StatusForbidden)
	api.Do("GET", playlist(id, "480p.m3u8", ticket), "", nil).Expect(http.StatusForbidden)
	api.Do("GET", keyPath(id, 0, ticket), "", nil).Expect(http.StatusForbidden)
	r.assign(t, id, r.juror.ID)
	api.Do("GET", keyPath(id, 0, ticket), "", nil).Expect(http.StatusOK)

	// Bad names, bad minutes, bad tickets: 404 or 403, never a 500.
	for _, file := range []string{"index.html", "1080p.m3u8", "MASTER.m3u8", "..%2Fmaster.m3u8", ".m3u8", "abcdefghijklmnopq.m3u8"} {
		api.Do("GET", playlist(id, file, ticket), "", nil).Expect(http.StatusNotFound)
	}
	for _, minute := range []string{"-1", "x", "1.5", "99999999999999999999", "0x1", "%20"} {
		api.Do("GET", keyPath(id, minute, ticket), "", nil).Expect(http.StatusNotFound)
	}
	bad := "Ticket de lecture invalide ou expiré : demandez-en un nouveau (GET /movies/:id/stream)"
	for _, tk := range []string{"", "x", ticket + "x", strings.Repeat("A", 600), "AQID.AQID", strings.ToUpper(ticket)} {
		api.Do("GET", playlist(id, "master.m3u8", tk), "", nil).ExpectError(http.StatusForbidden, bad)
		api.Do("GET", keyPath(id, 0, tk), "", nil).ExpectError(http.StatusForbidden, bad)
	}
	api.Do("GET", fmt.Sprintf("/movies/%d/stream", 99999), r.admin.Token, nil).Expect(http.StatusNotFound)

	// An expired ticket: 403.
	r.clock.Add(16 * time.Minute)
	api.Do("GET", playlist(id, "master.m3u8", ticket), "", nil).ExpectError(http.StatusForbidden, bad)
	api.Do("GET", keyPath(id, 0, ticket), "", nil).ExpectError(http.StatusForbidden, bad)
}

// decrypt fetches a segment and decrypts it (AES-128-CBC, PKCS#7, IV the
// segment's number), as a player does.
func decrypt(t *testing.T, url string, key []byte, segment int) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	enc, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK || len(enc)%aes.BlockSize != 0 || len(enc) == 0 {
		t.Fatalf("segment: %d, %d bytes, %v", resp.StatusCode, len(enc), err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	var iv [16]byte
	binary.BigEndian.PutUint64(iv[8:], uint64(segment))
	out := make([]byte, len(enc))
	cipher.NewCBCDecrypter(block, iv[:]).CryptBlocks(out, enc)
	pad := int(out[len(out)-1])
	if pad < 1 || pad > aes.BlockSize {
		t.Fatalf("bad padding %d: wrong key or IV", pad)
	}
	return out[:len(out)-pad]
}

// A jury member whose player asks for every key of a 10-minute film at
// once gets no more counted than real time allows: 3 minutes (one now, then
// one a minute, each early fetch waiting its turn at most 2 minutes), then
// one more per minute as they go on. The vote gate checks that count
// against min_watched_share, and the results show it beside the player's.
func TestTheServerCountsKeysAtThePaceOfTheFilmAndTheVoteGateUsesIt(t *testing.T) {
	t.Parallel()
	r := newRoom(t)
	api := r.api
	id := r.film(t, "Sans toit ni loi", r.juror.ID)
	segments := make([]float64, 100) // 10 minutes of 6-second segments
	for i := range segments {
		segments[i] = 6
	}
	r.ready(t, id, festival.Streaming{Version: 1, SegmentSeconds: 6, Segments: segments,
		Renditions: []festival.Rendition{{Name: "360p", Width: 640, Height: 360, Bandwidth: 985600}}}, 600)
	api.Do("PUT", "/settings", r.admin.Token, map[string]any{"min_watched_share": 50}).Expect(http.StatusOK)
	viewing := fmt.Sprintf("/movies/%d/viewing", id)
	vote := fmt.Sprintf("/votes/mine/%d", id)
	server := func(want string) {
		t.Helper()
		v := api.Do("GET", viewing, r.juror.Token, nil).Expect(http.StatusOK).JSON()
		if got := fmt.Sprint(v["server"]); got != want {
			t.Fatalf("server = %s, want %s", got, want)
		}
	}
	server("map[counted_minutes:0 keys_issued:0 minutes:10 share:0]")
	ticket, _ := r.ticket(t, id, r.juror.Token)
	burst := func(from int) {
		for m := from; m < 10; m++ {
			api.Do("GET", keyPath(id, m, ticket), "", nil).Expect(http.StatusOK)
		}
	}
	burst(0)
	server("map[counted_minutes:1 keys_issued:10 minutes:10 share:10]")
	r.clock.Add(time.Minute)
	server("map[counted_minutes:2 keys_issued:10 minutes:10 share:20]")
	r.clock.Add(5 * time.Minute)
	server("map[counted_minutes:3 keys_issued:10 minutes:10 share:30]") // the rest were skipped over
	api.Do("POST", vote, r.juror.Token, map[string]any{"score": 7}).ExpectError(http.StatusForbidden,
		"Le serveur a compté 30.0 % du film (les minutes dont la clé a été servie au rythme du film) ; le festival demande d'en avoir vu 50 % avant de voter")
	// The player's report does not stand in for the server's count.
	api.Do("POST", viewing, r.juror.Token, map[string]any{"from": 0, "to": 600}).Expect(http.StatusOK)
	api.Do("POST", vote, r.juror.Token, map[string]any{"score": 7}).Expect(http.StatusForbidden)

	r.clock.Add(10 * time.Minute) // the ticket expired meanwhile: the player asks again
	ticket, _ = r.ticket(t, id, r.juror.Token)
	burst(3)
	server("map[counted_minutes:4 keys_issued:17 minutes:10 share:40]")
	r.clock.Add(time.Minute)
	server("map[counted_minutes:5 keys_issued:17 minutes:10 share:50]")
	api.Do("POST", vote, r.juror.Token, map[string]any{"score": 7}).Expect(http.StatusCreated)

	// The keys a burst fetched are logged, bounded: 10 minutes, at most 3
	// fetch times each, however often the player asks.
	for range 20 {
		api.Do("GET", keyPath(id, 9, ticket), "", nil).Expect(http.StatusOK)
	}
	w, err := r.api.Server.Deps.Store.WatchOf(t.Context(), id, r.juror.ID)
	if err != nil {
		t.Fatal(err)
	}
	nine := slices.DeleteFunc(slices.Clone(w.Keys), func(f festival.KeyFetch) bool { return f.Minute != 9 })
	if len(nine) != festival.KeyLogPerMinute || w.KeysIssued != 37 {
		t.Fatalf("minute 9 logged %d times, %d keys issued; want %d and 37", len(nine), w.KeysIssued, festival.KeyLogPerMinute)
	}

	res := api.Do("GET", "/votes/results", r.admin.Token, nil).Expect(http.StatusOK).List()
	if len(res) != 1 || len(res[0]["watched"].([]any)) != 1 || res[0]["watched"].([]any)[0].(map[string]any)["server_share"] != 50.0 ||
		res[0]["server_share_min"] != 50.0 {
		t.Fatalf("results = %v, want the server's 50 %% beside the vote", res)
	}
}
