// Command loadtest measures the API under load on this machine (make
// loadtest): it starts the local stack (an in-memory DynamoDB Local and the
// local server), seeds a festival (200 films, 10 jurors assigned to 20 of
// them, their 200 votes), then loads each main route in turn for a few seconds
// with concurrent clients and prints, per route: requests per second, p50 and
// p99 latency, the CPU milliseconds per request of the API process and of
// DynamoDB Local separately, and the DynamoDB requests per HTTP request.
//
// The clients run in a child process (this command again, with -client), so
// that the API process's CPU time is the API's alone.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/festivalapi/festival/infra/dynamocount"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/procstat"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// route is one loaded route: what each client sends.
type route struct {
	Name, Method, Path, Token string
	Body                      string // JSON; "%d" in it is replaced by a per-request number
	Plain                     bool   // true: the client does not accept gzip
	// Stop: the client takes a redirect to the bucket as the answer and
	// does not follow it (what the function itself serves).
	Stop bool
}

// result is what the clients measured on one route.
type result struct {
	Requests  int
	Errors    int
	Statuses  map[string]int // of the errors: the HTTP status, or "no answer"
	Seconds   float64
	Latencies []float64 // milliseconds, sorted
}

func main() {
	client := flag.Bool("client", false, "run as the load generator (internal)")
	duration := flag.Duration("duration", 5*time.Second, "how long each route is loaded")
	workers := flag.Int("workers", 8, "concurrent clients")
	scale := flag.String("scale", "", "scale mode: the numbers of films to measure the list reads at, ascending (e.g. 200,2000,20000)")
	writes := flag.Int("writes", 0, "writes mode: what each DynamoDB request and each item of a write's transaction costs DynamoDB Local, this many calls per row (e.g. 400)")
	stream := flag.Bool("stream", false, "with -writes: then enable a stream on the table and measure the writes with it, and reading it")
	flag.Parse()
	if *client {
		os.Exit(runClients())
	}
	var err error
	if *writes > 0 {
		err = runWrites(*writes, *stream)
	} else if *scale != "" {
		var sizes []int
		if sizes, err = parseSizes(*scale); err == nil {
			err = runScale(sizes, *duration, *workers)
		}
	} else {
		err = run(*duration, *workers)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// stack is the local stack under load: DynamoDB Local, the API and its
// DynamoDB requests counted.
type stack struct {
	ddb *dynamolocal.Instance
	srv *localserver.Server
	db  *dynamocount.DB
}

// startStack starts DynamoDB Local (in memory) and the local server on it;
// close stops both.
func startStack(ctx context.Context) (st stack, close func(), err error) {
	return startStackWith(ctx, func(*localserver.Options) {})
}

// startStackWith is startStack with the server's options adjusted by tune.
func startStackWith(ctx context.Context, tune func(*localserver.Options)) (st stack, close func(), err error) {
	cache := os.Getenv("CACHE_DIR")
	if cache == "" {
		cache = ".cache"
	}
	ddb, err := dynamolocal.Start(ctx, dynamolocal.Options{CacheDir: cache})
	if err != nil {
		return stack{}, nil, err
	}
	db := &dynamocount.DB{}
	opts := localserver.Options{
		CacheDir: cache, DynamoEndpoint: ddb.Endpoint, Table: "loadtest", Bucket: "loadtest",
		Getenv: os.Getenv, Log: localserver.Discard,
		WrapDB: func(inner dynamo.DB) dynamo.DB { db.DB = inner; return db },
	}
	tune(&opts)
	srv, err := localserver.Start(ctx, opts)
	if err != nil {
		ddb.Stop()
		return stack{}, nil, err
	}
	return stack{ddb, srv, db}, func() { srv.Close(); ddb.Stop() }, nil
}

// measured is one route loaded, with the CPU both processes spent on it.
type measured struct {
	result
	APIms, DBms, DBCalls float64 // per request
}

// measure loads one route and reads the CPU the API process and DynamoDB
// Local spent meanwhile, and the DynamoDB requests made.
func (st stack) measure(r route, duration time.Duration, workers int) (measured, error) {
	self := os.Getpid()
	apiBefore, _ := procstat.CPUTime(self)
	dbBefore, _ := procstat.CPUTime(st.ddb.Pid())
	st.db.Take()
	res, err := load(st.srv.URL, r, duration, workers)
	if err != nil {
		return measured{}, fmt.Errorf("%s: %w", r.Name, err)
	}
	apiAfter, _ := procstat.CPUTime(self)
	dbAfter, _ := procstat.CPUTime(st.ddb.Pid())
	n := float64(max(res.Requests, 1))
	return measured{result: res,
		APIms:   float64((apiAfter - apiBefore).Microseconds()) / 1000 / n,
		DBms:    float64((dbAfter - dbBefore).Microseconds()) / 1000 / n,
		DBCalls: float64(calls(st.db)) / n,
	}, nil
}

func run(duration time.Duration, workers int) error {
	ctx := context.Background()
	st, stop, err := startStack(ctx)
	if err != nil {
		return err
	}
	defer stop()
	srv := st.srv
	started := time.Now()
	routes, err := seed(ctx, srv)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	fmt.Printf("Seeded 200 films, 10 jurors assigned to 20 of them, 200 votes in %v; %d clients, %v per route.\n\n",
		time.Since(started).Round(time.Millisecond), workers, duration)
	fmt.Println("| Route | req/s | p50 ms | p99 ms | API CPU ms/req | DynamoDB Local CPU ms/req | DynamoDB requests/req | errors |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range routes {
		m, err := st.measure(r, duration, workers)
		if err != nil {
			return err
		}
		fmt.Printf("| %s | %.0f | %.1f | %.1f | %.2f | %.2f | %.1f | %d |\n", r.Name, float64(m.Requests)/m.Seconds,
			percentile(m.Latencies, 50), percentile(m.Latencies, 99), m.APIms, m.DBms, m.DBCalls, m.Errors)
	}
	return nil
}

// calls is how many DynamoDB requests were made since the last Take.
func calls(db *dynamocount.DB) int {
	_, n := db.Take()
	return n
}

// seed makes the festival through the store and the API, and returns the
// routes to load with their tokens.
func seed(ctx context.Context, srv *localserver.Server) ([]route, error) {
	st := srv.Deps.Store
	if err := srv.Unthrottle(ctx); err != nil { // every client comes from 127.0.0.1
		return nil, err
	}
	_, admin, err := register(srv.URL, "ADMIN", 0)
	if err != nil {
		return nil, err
	}
	prodID, producer, err := register(srv.URL, "PRODUCER", 0)
	if err != nil {
		return nil, err
	}
	var jurors []int64
	var juryTokens []string
	for i := range 10 {
		id, tok, err := register(srv.URL, "JURY", i)
		if err != nil {
			return nil, err
		}
		jurors, juryTokens = append(jurors, id), append(juryTokens, tok)
	}
	syn := strings.Repeat("Un synopsis de festival. ", 20)
	var films []int64
	for i := range 200 {
		id, err := st.NewMovieID(ctx)
		if err != nil {
			return nil, err
		}
		now := festival.NewTime(time.Now())
		m := festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", i+1), Synopsis: &syn, OwnerID: prodID,
			Producer: &festival.Producer{ID: prodID, FirstName: "P", LastName: "N"}, SelectionStatus: festival.StatusSubmitted,
			CreatedAt: now, UpdatedAt: now}
		if err := st.CreateMovie(ctx, m, festival.Admission{}); err != nil {
			return nil, err
		}
		films = append(films, id)
	}
	for _, f := range films[:20] {
		if err := call(srv.URL, "PUT", fmt.Sprintf("/movies/%d/juries", f), admin, fmt.Sprintf(`{"juries":%s}`, ids(jurors)), nil); err != nil {
			return nil, err
		}
		for _, tok := range juryTokens {
			if err := call(srv.URL, "POST", fmt.Sprintf("/votes/mine/%d", f), tok, `{"score":7}`, nil); err != nil {
				return nil, err
			}
		}
	}
	if err := call(srv.URL, "POST", "/categories", admin, `{"name":"Fiction"}`, nil); err != nil {
		return nil, err
	}
	return []route{
		{Name: "GET /movies (200 films)", Method: "GET", Path: "/movies"},
		{Name: "GET /movies/:id", Method: "GET", Path: fmt.Sprintf("/movies/%d", films[0])},
		{Name: "GET /categories", Method: "GET", Path: "/categories"},
		{Name: "GET /events", Method: "GET", Path: "/events"},
		{Name: "GET /users/me", Method: "GET", Path: "/users/me", Token: juryTokens[0]},
		{Name: "GET /movies/mine (200 films)", Method: "GET", Path: "/movies/mine", Token: producer},
		{Name: "POST /votes/mine/:id (change)", Method: "POST", Path: fmt.Sprintf("/votes/mine/%d", films[0]), Token: juryTokens[0], Body: `{"score":%d}`},
		{Name: "PUT /movies/:id/status", Method: "PUT", Path: fmt.Sprintf("/movies/%d/status", films[1]), Token: admin, Body: `{"status":"VALIDATED"}`},
		{Name: "POST /auth/login", Method: "POST", Path: "/auth/login", Body: `{"email":"jury0@example.org","password":"motdepasse1"}`},
	}, nil
}

// register makes an account of role through the API (the i-th of its role)
// and logs in, returning its id and token.
func register(base, role string, i int) (int64, string, error) {
	email := fmt.Sprintf("%s%d@example.org", strings.ToLower(role), i)
	var created struct {
		NewUser struct {
			ID int64 `json:"id_user"`
		} `json:"newUser"`
	}
	if err := call(base, "POST", "/auth/register", "", fmt.Sprintf(`{"first_name":"P","last_name":"N","email":%q,"password":"motdepasse1","role":%q}`, email, role), &created); err != nil {
		return 0, "", err
	}
	var login struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	err := call(base, "POST", "/auth/login", "", fmt.Sprintf(`{"email":%q,"password":"motdepasse1"}`, email), &login)
	return created.NewUser.ID, login.Data.Token, err
}

func ids(xs []int64) string {
	b, _ := json.Marshal(xs)
	return string(b)
}

// call sends one request and decodes a 2xx answer into out (when not nil).
func call(base, method, path, token, body string, out any) error {
	req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// load runs the clients for one route in a child process and reads back
// what they measured.
func load(base string, r route, duration time.Duration, workers int) (result, error) {
	spec, _ := json.Marshal(struct {
		Base     string
		Route    route
		Duration time.Duration
		Workers  int
	}{base, r, duration, workers})
	exe, err := os.Executable()
	if err != nil {
		return result{}, err
	}
	cmd := exec.Command(exe, "-client")
	cmd.Stdin = bytes.NewReader(spec)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return result{}, err
	}
	var res result
	return res, json.Unmarshal(out, &res)
}

// runClients is the child: it reads its route on stdin, loads it, and writes
// its result on stdout.
func runClients() int {
	var spec struct {
		Base     string
		Route    route
		Duration time.Duration
		Workers  int
	}
	if err := json.NewDecoder(os.Stdin).Decode(&spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// DisableCompression: the transport neither asks for gzip on its own
	// nor unpacks it, so a plain route is served plain and a gzip one is
	// read as sent.
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: spec.Workers, DisableCompression: true}}
	if spec.Route.Stop {
		client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	}
	var (
		mu        sync.Mutex
		latencies []float64
		errs      atomic.Int64
		statuses  = map[string]int{}
		seq       atomic.Int64
		wg        sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(spec.Duration)
	for range spec.Workers {
		wg.Go(func() {
			var mine []float64
			for time.Now().Before(deadline) {
				body := spec.Route.Body
				if strings.Contains(body, "%d") {
					body = fmt.Sprintf(body, seq.Add(1)%11)
				}
				req, _ := http.NewRequest(spec.Route.Method, spec.Base+spec.Route.Path, strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				if !spec.Route.Plain {
					req.Header.Set("Accept-Encoding", "gzip")
				}
				if spec.Route.Token != "" {
					req.Header.Set("Authorization", "Bearer "+spec.Route.Token)
				}
				t := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					mu.Lock()
					statuses["no answer"]++
					mu.Unlock()
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode >= 300 && (!spec.Route.Stop || resp.StatusCode != http.StatusSeeOther) {
					errs.Add(1)
					mu.Lock()
					statuses[strconv.Itoa(resp.StatusCode)]++
					mu.Unlock()
				}
				mine = append(mine, float64(time.Since(t).Microseconds())/1000)
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	sort.Float64s(latencies)
	res := result{Requests: len(latencies), Errors: int(errs.Load()), Statuses: statuses, Seconds: time.Since(start).Seconds(), Latencies: latencies}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// percentile of sorted values (nearest rank).
func percentile(sorted []float64, p int) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, (len(sorted)*p+99)/100-1)
	return sorted[max(i, 0)]
}
