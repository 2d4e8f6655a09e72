package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The scale mode (-scale 200,2000,20000) measures the public list reads as
// the festival grows: for each size it seeds films up to that number (fast,
// through dynamo.Films.SeedMovies: the film items CreateMovie writes, with
// the list's version bumped), checks that GET /movies answers all of them,
// then loads GET /movies (with and without gzip), GET /categories and GET
// /events, and times the first read of the film list after a film's status
// changes. It prints one table per size.

// parseSizes reads the -scale flag: numbers of films, comma separated,
// each positive and larger than the one before ("2,000" is not accepted:
// the comma separates sizes; 20000 or 20_000 are).
func parseSizes(s string) ([]int, error) {
	var sizes []int
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		n, err := strconv.ParseInt(strings.ReplaceAll(f, "_", ""), 10, 32)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("-scale: %q is not a positive number of films", f)
		}
		if len(sizes) > 0 && int(n) <= sizes[len(sizes)-1] {
			return nil, fmt.Errorf("-scale: sizes must grow (%d after %d): the films of a size stay for the next", n, sizes[len(sizes)-1])
		}
		sizes = append(sizes, int(n))
	}
	return sizes, nil
}

// scaleRow is one loaded route of a size's table.
type scaleRow struct {
	Name  string
	Bytes int // the answer's body as sent (gzip when asked)
	measured
}

// sizeReport is what the scale mode measured at one number of films.
type sizeReport struct {
	Films      int
	Seeded     int           // films written for this size
	SeedTime   time.Duration // to write them
	Rows       []scaleRow
	FirstReads []time.Duration // first GET /movies after each status change
	// HeapMB is the API process's Go heap in use after a collection, once
	// the routes were loaded: the lists and the finished answers it keeps.
	HeapMB float64
}

// printSize writes one size's report as a Markdown table.
func printSize(w io.Writer, r sizeReport) {
	fmt.Fprintf(w, "\n### %d films\n\n", r.Films)
	if r.Seeded > 0 {
		fmt.Fprintf(w, "Seeded %d films in %v (%v per 1,000).\n\n", r.Seeded, r.SeedTime.Round(time.Millisecond),
			(r.SeedTime * 1000 / time.Duration(r.Seeded)).Round(time.Millisecond))
	}
	fmt.Fprintln(w, "| Route | req/s | p50 ms | p99 ms | API CPU ms/req | DynamoDB Local CPU ms/req | DynamoDB requests/req | bytes | errors |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, row := range r.Rows {
		fmt.Fprintf(w, "| %s | %s | %.1f | %.1f | %.2f | %.2f | %.1f | %d | %s |\n", row.Name,
			rate(row.Requests, row.Seconds), percentile(row.Latencies, 50), percentile(row.Latencies, 99),
			row.APIms, row.DBms, row.DBCalls, row.Bytes, errorsOf(row.result))
	}
	if len(r.FirstReads) > 0 {
		ms := make([]float64, len(r.FirstReads))
		for i, d := range r.FirstReads {
			ms[i] = float64(d.Microseconds()) / 1000
		}
		sort.Float64s(ms)
		fmt.Fprintf(w, "\nFirst GET /movies (gzip) after a film's status change: median %.1f ms, max %.1f ms (%d changes).\n",
			percentile(ms, 50), ms[len(ms)-1], len(ms))
	}
	fmt.Fprintf(w, "\nGo heap in use after a collection (the API, its lists and finished answers): %.0f MB.\n", r.HeapMB)
}

// rate is requests per second, with a decimal below 10 (a route that
// serves less than one request a second does not read 0).
func rate(requests int, seconds float64) string {
	r := float64(requests) / max(seconds, 1e-9)
	if r < 10 {
		return strconv.FormatFloat(r, 'f', 1, 64)
	}
	return strconv.FormatFloat(r, 'f', 0, 64)
}

// errorsOf is the number of failed requests and, if any, their statuses:
// "8 (504: 8)".
func errorsOf(r result) string {
	if r.Errors == 0 {
		return "0"
	}
	var parts []string
	for status, n := range r.Statuses {
		parts = append(parts, fmt.Sprintf("%s: %d", status, n))
	}
	sort.Strings(parts)
	return fmt.Sprintf("%d (%s)", r.Errors, strings.Join(parts, ", "))
}

// firstReadRounds is how many status changes each size times the first
// read after.
const firstReadRounds = 5

func runScale(sizes []int, duration time.Duration, workers int) error {
	ctx := context.Background()
	st, stop, err := startStack(ctx)
	if err != nil {
		return err
	}
	defer stop()
	if err := st.srv.Unthrottle(ctx); err != nil { // every client comes from 127.0.0.1
		return err
	}
	_, admin, err := register(st.srv.URL, "ADMIN", 0)
	if err != nil {
		return err
	}
	prodID, producer, err := register(st.srv.URL, "PRODUCER", 0)
	if err != nil {
		return err
	}
	_, jury, err := register(st.srv.URL, "JURY", 0)
	if err != nil {
		return err
	}
	tokens := scaleTokens{admin: admin, producer: producer, jury: jury}
	if err := call(st.srv.URL, "POST", "/categories", admin, `{"name":"Fiction"}`, nil); err != nil {
		return err
	}
	fmt.Printf("Scale mode: %d clients, %v per route; sizes %v.\n", workers, duration, sizes)
	var films []int64
	for _, size := range sizes {
		rep := sizeReport{Films: size, Seeded: size - len(films)}
		started := time.Now()
		more, err := st.seedFilms(ctx, rep.Seeded, prodID)
		if err != nil {
			return fmt.Errorf("seed %d films: %w", size, err)
		}
		rep.SeedTime = time.Since(started)
		films = append(films, more...)
		fmt.Fprintf(os.Stderr, "loadtest: %d films seeded (%d in %v), measuring\n", size, rep.Seeded, rep.SeedTime.Round(time.Millisecond))
		if err := rep.measure(st, films, tokens, duration, workers); err != nil {
			return fmt.Errorf("%d films: %w", size, err)
		}
		printSize(os.Stdout, rep)
	}
	return nil
}

// seedFilms writes n films of the producer.
func (st stack) seedFilms(ctx context.Context, n int, producer int64) ([]int64, error) {
	now := festival.NewTime(time.Now())
	return st.srv.Deps.Store.SeedMovies(ctx, n, func(id int64) festival.Movie {
		syn := synopsis(id)
		return festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", id), Synopsis: &syn, OwnerID: producer,
			Producer:        &festival.Producer{ID: producer, FirstName: "P", LastName: "N"},
			SelectionStatus: festival.StatusSubmitted, CreatedAt: now, UpdatedAt: now}
	})
}

// synopsisWords are drawn from to write each film its own synopsis: one
// text repeated in every film would compress far better than real lists do.
var synopsisWords = strings.Fields(`le la les un une des dans sur avec pour sans entre nuit jour ville mer
	montagne enfant mère père frère sœur ami étranger voyage retour secret mémoire guerre paix amour
	silence lumière ombre fleuve forêt désert train hiver été printemps automne lettre photographie
	musique danse usine ferme école hôpital frontière île port marché village histoire rêve colère
	espoir départ rencontre découvre cherche perd retrouve quitte attend raconte filme traverse`)

// synopsis is film id's synopsis: about 60 words drawn from synopsisWords,
// the same for the same id.
func synopsis(id int64) string {
	r := rand.New(rand.NewPCG(uint64(id), 27))
	words := make([]string, 60)
	for i := range words {
		words[i] = synopsisWords[r.IntN(len(synopsisWords))]
	}
	return strings.Join(words, " ") + "."
}

// scaleTokens are the callers of the listings that need one: the admin
// (the board), the producer who owns every seeded film (their own list) and
// a jury member (the films assigned to them: none).
type scaleTokens struct{ admin, producer, jury string }

// measure checks that GET /movies answers every film, then loads the list
// routes and times the first reads after a write.
func (rep *sizeReport) measure(st stack, films []int64, tokens scaleTokens, duration time.Duration, workers int) error {
	admin := tokens.admin
	base := st.srv.URL
	var list []json.RawMessage
	if err := call(base, "GET", "/movies", "", "", &list); err != nil {
		return err
	}
	if len(list) != len(films) {
		return fmt.Errorf("GET /movies answers %d films, %d were seeded", len(list), len(films))
	}
	for _, r := range []route{
		{Name: "GET /movies (gzip), the function's answer", Method: "GET", Path: "/movies", Stop: true},
		{Name: "GET /movies (gzip), link followed", Method: "GET", Path: "/movies"},
		{Name: "GET /movies (plain), the function's answer", Method: "GET", Path: "/movies", Plain: true, Stop: true},
		{Name: "GET /movies (plain), link followed", Method: "GET", Path: "/movies", Plain: true},
		{Name: "GET /movies?limit=50", Method: "GET", Path: "/movies?limit=50"},
		{Name: "GET /movies?category= (no film in it)", Method: "GET", Path: "/movies?category=1"},
		{Name: "GET /movies/mine?limit=50 (producer of every film)", Method: "GET", Path: "/movies/mine?limit=50", Token: tokens.producer},
		{Name: "GET /movies/assigned (jury member)", Method: "GET", Path: "/movies/assigned", Token: tokens.jury},
		{Name: "GET /movies/board?per_page=50 (admin)", Method: "GET", Path: "/movies/board?per_page=50", Token: admin},
		{Name: "GET /categories", Method: "GET", Path: "/categories"},
		{Name: "GET /events", Method: "GET", Path: "/events"},
	} {
		size, _, err := body(base, r.Path, r.Token, !r.Plain, !r.Stop)
		if err != nil {
			return err
		}
		m, err := st.measure(r, duration, workers)
		if err != nil {
			return err
		}
		rep.Rows = append(rep.Rows, scaleRow{Name: r.Name, Bytes: size, measured: m})
	}
	statuses := []string{"VALIDATED", "PENDING"}
	for i := range firstReadRounds {
		_, before, err := body(base, "/movies", "", true, true)
		if err != nil {
			return err
		}
		film := films[i%len(films)]
		if err := call(base, "PUT", fmt.Sprintf("/movies/%d/status", film), admin, fmt.Sprintf(`{"status":%q}`, statuses[i%2]), nil); err != nil {
			return err
		}
		started := time.Now()
		_, after, err := body(base, "/movies", "", true, true)
		if err != nil {
			return err
		}
		rep.FirstReads = append(rep.FirstReads, time.Since(started))
		if before != "" && after == before {
			return fmt.Errorf("GET /movies after film %d's status change has the ETag %s of before", film, before)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep.HeapMB = float64(ms.HeapInuse) / (1 << 20)
	return nil
}

// body reads path once (as token's caller, "" for none), asking for gzip
// or not, following a redirect to the bucket or not, and returns the size
// of the body as sent and its ETag.
func body(base, path, token string, gzip, follow bool) (int, string, error) {
	req, _ := http.NewRequest("GET", base+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if gzip {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	if !follow {
		client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	if err != nil {
		return 0, "", err
	}
	if resp.StatusCode != http.StatusOK && (follow || resp.StatusCode != http.StatusSeeOther) {
		return 0, "", fmt.Errorf("GET %s: %d", path, resp.StatusCode)
	}
	if gzip && resp.StatusCode == http.StatusOK && resp.Header.Get("Content-Encoding") != "gzip" && n > 1024 {
		return 0, "", errors.New("GET " + path + ": asked for gzip, answered plain")
	}
	return int(n), resp.Header.Get("ETag"), nil
}
