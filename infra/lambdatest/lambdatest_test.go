package lambdatest_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"gopkg.in/yaml.v3"

	"github.com/festivalapi/festival/infra/lambdatest"
	"github.com/festivalapi/festival/infra/samtemplate"
	"github.com/festivalapi/festival/pkg/api/lambdahttp"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// functionTimeout is the template's Globals Timeout, rounded up.
const functionTimeout = 30 * time.Second

// stack is every function of template.yaml running as Lambda runs it, on
// one DynamoDB Local table and one in-memory S3 bucket.
type stack struct {
	root   string
	fns    map[string]*lambdatest.Function // by logical id
	mux    *http.ServeMux                  // template routes -> routeHandler
	timing map[string][]time.Duration      // invocation times by logical id
	env    func(id string) []string
	bins   map[string]string // bootstrap by group
}

// routeHandler only carries the template route the mux matched.
type routeHandler struct{ samtemplate.Route }

func (routeHandler) ServeHTTP(http.ResponseWriter, *http.Request) {}

func TestBootstrapsServeAPIGatewayEventsThroughTheLambdaRuntimeAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every function; skipped with -short")
	}
	s := startStack(t)

	producer := "lambda.producer." + dynamotest.RandomSuffix() + "@example.org"
	var token string

	t.Run("register through the auth function with a base64 body", func(t *testing.T) {
		body := `{"first_name":"Agnès","last_name":"Varda","email":"` + producer + `","password":"motdepasse1","role":"PRODUCER"}`
		resp := s.send(t, "POST", "/auth/register", "", "$default", []byte(body), true)
		expectStatus(t, resp, http.StatusCreated)
		got := decode(t, resp)
		if got["message"] != "Utilisateur créé avec succès" {
			t.Errorf("message %q", got["message"])
		}
		nu, _ := got["newUser"].(map[string]any)
		if nu["email"] != producer || nu["role"] != "PRODUCER" || !strings.HasPrefix(fmt.Sprint(nu["password"]), "$2") {
			t.Errorf("newUser %v: want the e-mail, role PRODUCER and a bcrypt hash", nu)
		}
	})

	t.Run("login through the auth function returns a token", func(t *testing.T) {
		resp := s.send(t, "POST", "/auth/login", "", "$default", []byte(`{"email":"`+producer+`","password":"motdepasse1"}`), false)
		expectStatus(t, resp, http.StatusOK)
		got := decode(t, resp)
		data, _ := got["data"].(map[string]any)
		if got["message"] != "Connexion réussie" || data["email"] != producer || data["role"] != "PRODUCER" {
			t.Errorf("login answer %v", got)
		}
		token, _ = data["token"].(string)
		if strings.Count(token, ".") != 2 {
			t.Fatalf("token %q is not a JWT", token)
		}
	})

	t.Run("users function answers /users/me for the token and tags the Lambda request id", func(t *testing.T) {
		resp, reqID := s.sendID(t, "GET", "/users/me", token, "$default", nil, false)
		expectStatus(t, resp, http.StatusOK)
		if got := decode(t, resp); got["email"] != producer || got["role"] != "PRODUCER" {
			t.Errorf("/users/me %v, want the caller", got)
		}
		if got := resp.Headers["X-Request-Id"]; got != reqID {
			t.Errorf("X-Request-Id %q, want the Lambda request id %q", got, reqID)
		}
	})

	t.Run("users function refuses /users/me without a token", func(t *testing.T) {
		resp := s.send(t, "GET", "/users/me", "", "$default", nil, false)
		expectStatus(t, resp, http.StatusUnauthorized)
		if got := decode(t, resp)["error"]; got != "Token invalide ou manquant" {
			t.Errorf("error %q", got)
		}
	})

	t.Run("a named stage's prefix is removed before routing", func(t *testing.T) {
		resp := s.send(t, "GET", "/prod/users/me", token, "prod", nil, false)
		expectStatus(t, resp, http.StatusOK)
		if got := decode(t, resp)["email"]; got != producer {
			t.Errorf("email %v, want %s", got, producer)
		}
	})

	t.Run("a payload that is not an API Gateway event is reported as a function error and the instance keeps serving", func(t *testing.T) {
		f := s.fns["UsersFunction"]
		_, _, err := f.InvokeRaw(context.Background(), []byte(`"not an event"`))
		var fe *lambdatest.FunctionError
		if !errors.As(err, &fe) || fe.Type == "" {
			t.Fatalf("error %v, want a function error posted to /error", err)
		}
		resp := s.send(t, "GET", "/users/me", token, "$default", nil, false)
		expectStatus(t, resp, http.StatusOK)
	})

	t.Run("every function has a sample event that gets its documented answer", func(t *testing.T) {
		admin := "lambda.admin." + dynamotest.RandomSuffix() + "@example.org"
		resp := s.send(t, "POST", "/auth/register", "", "$default",
			[]byte(`{"first_name":"Alice","last_name":"Guy","email":"`+admin+`","password":"motdepasse1","role":"ADMIN"}`), false)
		expectStatus(t, resp, http.StatusCreated)
		resp = s.send(t, "POST", "/auth/login", "", "$default", []byte(`{"email":"`+admin+`","password":"motdepasse1"}`), false)
		expectStatus(t, resp, http.StatusOK)
		data, _ := decode(t, resp)["data"].(map[string]any)
		s.checkSamples(t, fmt.Sprint(data["token"]))
	})

	t.Run("the sam local invoke environment file sets only variables the template declares", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join(s.root, "infra", "events", "env.json"))
		if err != nil {
			t.Fatal(err)
		}
		var env map[string]map[string]string
		if err := json.Unmarshal(b, &env); err != nil {
			t.Fatalf("infra/events/env.json: %v", err)
		}
		declared := map[string]bool{}
		for _, kv := range s.env("AuthFunction") {
			declared[strings.SplitN(kv, "=", 2)[0]] = true
		}
		for fn, vars := range env {
			for k := range vars {
				if !declared[k] {
					t.Errorf("infra/events/env.json %s.%s: not a variable of template.yaml (sam ignores it)", fn, k)
				}
			}
		}
		if _, ok := env["Parameters"]["JWT_SECRET"]; ok {
			t.Error("infra/events/env.json: the functions read their secret from SSM (JWT_SECRET_PARAMETER), never from their environment")
		}
	})

	t.Run("a film uploaded as a base64 multipart body is stored and can be watched", func(t *testing.T) {
		if _, ok := s.fns["MoviesFunction"]; !ok {
			t.Skip("MoviesFunction is not in template.yaml")
		}
		video := filestest.MP4()
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		for k, v := range map[string]string{"title": "Cléo de 5 à 7", "synopsis": "Deux heures de la vie de Cléo.", "duration": "90", "release_year": "1962", "language": "fr"} {
			_ = mw.WriteField(k, v)
		}
		for _, f := range []struct {
			part, name string
			data       []byte
		}{
			{"filmFile", "cleo.mp4", video}, {"thumbnail1", "cleo.png", filestest.PNG()},
			{"thumbnail2", "cleo.jpg", filestest.JPEG()}, {"subtitlesSrt", "cleo.srt", filestest.SRT()},
		} {
			w, _ := mw.CreateFormFile(f.part, f.name)
			_, _ = w.Write(f.data)
		}
		_ = mw.Close()
		r := s.route(t, "POST", "/movies/upload")
		ev := event("POST", "/movies/upload", r.Method+" "+r.Path, token, "$default", form.Bytes(), true)
		ev.Headers["content-type"] = mw.FormDataContentType()
		resp, _ := s.invoke(t, r.Function, ev)
		expectStatus(t, resp, http.StatusCreated)
		movie, _ := decode(t, resp)["movie"].(map[string]any)
		if movie["title"] != "Cléo de 5 à 7" || movie["status"] != "PENDING" || movie["selection_status"] != "submitted" ||
			!strings.HasPrefix(fmt.Sprint(movie["trailer"]), "filmFile-") || !strings.HasSuffix(fmt.Sprint(movie["trailer"]), ".mp4") {
			t.Fatalf("movie %v: want the title, PENDING/submitted and a stored filmFile-....mp4", movie)
		}
		id := fmt.Sprint(movie["id_movie"])

		resp = s.send(t, "GET", "/movies/"+id+"/media", token, "$default", nil, false)
		expectStatus(t, resp, http.StatusOK)
		files, _ := decode(t, resp)["files"].(map[string]any)
		trailer, _ := files["trailer"].(map[string]any)
		got, err := httpGet(fmt.Sprint(trailer["url"]))
		if err != nil || !bytes.Equal(got, video) {
			t.Errorf("the film behind the presigned URL (%v) is %d bytes, want the %d uploaded", err, len(got), len(video))
		}

		// The same answer for a client that accepts gzip: compressed by the
		// function, base64-encoded by the adapter, as API Gateway expects.
		rt := s.route(t, "GET", "/movies/"+id+"/media")
		mediaEvent := event("GET", "/movies/"+id+"/media", rt.Method+" "+rt.Path, token, "$default", nil, false)
		mediaEvent.Headers["accept-encoding"] = "gzip, deflate, br"
		zipped, _ := s.invoke(t, rt.Function, mediaEvent)
		raw, _ := base64.StdEncoding.DecodeString(zipped.Body)
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if zipped.StatusCode != http.StatusOK || !zipped.IsBase64Encoded || zipped.Headers["Content-Encoding"] != "gzip" || err != nil {
			t.Fatalf("with gzip accepted: %d, base64 %v, headers %v, %v", zipped.StatusCode, zipped.IsBase64Encoded, zipped.Headers, err)
		}
		plain, _ := io.ReadAll(zr)
		var media map[string]any
		if err := json.Unmarshal(plain, &media); err != nil || media["files"] == nil {
			t.Errorf("the gzipped answer does not hold the media: %v %s", err, plain)
		}
	})

	t.Run("a function whose configuration is incomplete fails its init and never polls", func(t *testing.T) {
		var env []string
		for _, kv := range s.env("AuthFunction") {
			if !strings.HasPrefix(kv, "JWT_SECRET_PARAMETER=") {
				env = append(env, kv)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, err := lambdatest.Start(ctx, s.bins["auth"], env, functionTimeout)
		if err == nil || !strings.Contains(err.Error(), "exited before its first /next") || !strings.Contains(err.Error(), "JWT_SECRET") {
			t.Errorf("error %v, want an exit before /next naming JWT_SECRET", err)
		}
	})

	t.Run("each function's CPU time per invocation sizes its memory", func(t *testing.T) {
		// One typical route per function, sent 20 times: its CPU time (from
		// /proc) and its wall time on this machine, projected to Lambda's
		// memory sizes. At M MB a function has M/1769 of a vCPU: the CPU-bound
		// part stretches by 1769/M; the rest (waiting for DynamoDB or S3)
		// does not. docs/performance.md keeps the table this prints.
		login := []byte(`{"email":"` + producer + `","password":"motdepasse1"}`)
		admin := "lambda.sizing." + dynamotest.RandomSuffix() + "@example.org"
		expectStatus(t, s.send(t, "POST", "/auth/register", "", "$default",
			[]byte(`{"first_name":"Alice","last_name":"Guy","email":"`+admin+`","password":"motdepasse1","role":"ADMIN"}`), false), http.StatusCreated)
		resp := s.send(t, "POST", "/auth/login", "", "$default", []byte(`{"email":"`+admin+`","password":"motdepasse1"}`), false)
		expectStatus(t, resp, http.StatusOK)
		data, _ := decode(t, resp)["data"].(map[string]any)
		adminToken := fmt.Sprint(data["token"])
		for _, c := range []struct {
			fn, method, path, token string
			body                    []byte
		}{
			{"AuthFunction", "POST", "/auth/login", "", login},
			{"UsersFunction", "GET", "/users/me", adminToken, nil},
			{"MoviesFunction", "GET", "/movies", "", nil},
			{"VotesFunction", "GET", "/votes/mine", adminToken, nil},
			{"CategoriesFunction", "GET", "/categories", "", nil},
			{"EventsFunction", "GET", "/events", "", nil},
			{"AwardsFunction", "GET", "/awards", adminToken, nil},
			{"ConsoleFunction", "GET", "/", "", nil},
		} {
			f := s.fns[c.fn]
			if f == nil {
				t.Fatalf("%s is not in template.yaml", c.fn)
			}
			before, err := f.CPUTime()
			if err != nil {
				t.Skipf("no /proc here: %v", err)
			}
			const n = 20
			started := time.Now()
			for range n {
				if resp := s.send(t, c.method, c.path, c.token, "$default", c.body, false); resp.StatusCode != http.StatusOK {
					t.Fatalf("%s %s: %d %s", c.method, c.path, resp.StatusCode, resp.Body)
				}
			}
			wall := time.Since(started) / n
			after, err := f.CPUTime()
			if err != nil {
				t.Fatal(err)
			}
			cpu := (after - before) / n
			var line []string
			for _, mb := range []int{256, 512, 1024, 1769} {
				at := cpu * 1769 / time.Duration(mb)
				if wait := wall - cpu; wait > 0 {
					at += wait
				}
				line = append(line, at.Round(100*time.Microsecond).String())
			}
			t.Logf("| %s `%s %s` | %s | %s | %s |", c.fn, c.method, c.path, cpu.Round(100*time.Microsecond), wall.Round(100*time.Microsecond), strings.Join(line, " | "))
		}
	})

	s.report(t)
}

func startStack(t *testing.T) *stack {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := samtemplate.Load(filepath.Join(root, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	fnProps, err := tpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	routes, err := tpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{root: root, fns: map[string]*lambdatest.Function{}, mux: http.NewServeMux(), timing: map[string][]time.Duration{}}
	for _, r := range routes {
		s.mux.Handle(r.Pattern(), routeHandler{r})
	}

	ids := make([]string, 0, len(fnProps))
	groups := make([]string, 0, len(fnProps))
	for id := range fnProps {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		groups = append(groups, samtemplate.Group(id))
	}
	// Five minutes: on an empty build cache, two cores and the rest of go test
	// ./... building beside it, the nine functions have taken more than three.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	buildStart := time.Now()
	s.bins, err = lambdatest.Build(ctx, root, t.TempDir(), groups)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built %d bootstraps in %s", len(groups), time.Since(buildStart).Round(time.Millisecond))
	if bin, ok := s.bins["console"]; ok {
		// What build-ConsoleFunction copies beside the bootstrap (the real
		// build needs npm; the function's serving is what is tested here).
		dir := filepath.Join(filepath.Dir(bin), "console")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>Festival</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The table and bucket the template creates in AWS.
	table := "lambda-" + dynamotest.RandomSuffix()
	if err := dynamo.EnsureTable(ctx, dynamolocal.Client(dynamotest.Endpoint()), table); err != nil {
		t.Fatal(err)
	}
	bucket := "lambda-" + dynamotest.RandomSuffix()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	s3srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithTimeSkewLimit(0)).Server())
	t.Cleanup(s3srv.Close)

	// The functions read their signing secret at cold start from the SSM
	// parameter the template names, as on AWS: a fake SSM answers it.
	secret := "lambda-runtime-test-secret-" + dynamotest.RandomSuffix() + dynamotest.RandomSuffix()
	ssmsrv := httptest.NewServer(fakeSSM(t, secret))
	t.Cleanup(ssmsrv.Close)

	home := t.TempDir() // no developer ~/.aws/config leaks in
	local := map[string]string{
		"TABLE_NAME":  table,
		"BUCKET_NAME": bucket,
		// The API's own URL on AWS (!Sub of the HTTP API): links in e-mails.
		"CONSOLE_URL": "http://127.0.0.1:3000/",
		// No MediaConvert here: the background function's media jobs find
		// no engine (no ffmpeg in a Lambda image) and leave films queued.
		"MEDIACONVERT_ROLE_ARN":  "",
		"MEDIACONVERT_QUEUE_ARN": "",
	}
	templateEnv := readTemplateEnv(t, filepath.Join(root, "template.yaml"))
	s.env = func(id string) []string {
		env := []string{
			// What Lambda sets for a provided.al2023 function.
			"AWS_LAMBDA_FUNCTION_NAME=festival-" + samtemplate.Group(id),
			"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256",
			"AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
			"_HANDLER=bootstrap",
			"LAMBDA_TASK_ROOT=" + filepath.Dir(s.bins[samtemplate.Group(id)]),
			"TZ=:UTC",
			"HOME=" + home,
			"AWS_REGION=" + dynamolocal.Region,
			"AWS_DEFAULT_REGION=" + dynamolocal.Region,
			"AWS_ACCESS_KEY_ID=" + dynamolocal.AccessKey,
			"AWS_SECRET_ACCESS_KEY=" + dynamolocal.SecretKey,
			"AWS_EC2_METADATA_DISABLED=true",
			// The local stack in place of AWS.
			"AWS_ENDPOINT_URL_DYNAMODB=" + dynamotest.Endpoint(),
			"AWS_ENDPOINT_URL_S3=" + s3srv.URL,
			"AWS_ENDPOINT_URL_SSM=" + ssmsrv.URL,
			"S3_FORCE_PATH_STYLE=true",
		}
		return append(env, templateEnv(id, local)...)
	}

	for _, id := range ids {
		f, err := lambdatest.Start(ctx, s.bins[samtemplate.Group(id)], s.env(id), functionTimeout)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		t.Cleanup(f.Stop)
		s.fns[id] = f
	}
	return s
}

// fakeSSM answers GetParameter as SSM does (JSON 1.1 protocol) for the
// template's default parameter names, only when decryption is asked for: the
// signing secret with secret, the first run's setup code (read by the auth
// function alone) with a code of its own.
func fakeSSM(t *testing.T, secret string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Name           string
			WithDecryption bool
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		value := map[string]string{"/festival/jwt-secret": secret, "/festival/setup-code": "lambda-setup-code"}[in.Name]
		if r.Header.Get("X-Amz-Target") != "AmazonSSM.GetParameter" || value == "" || !in.WithDecryption {
			t.Errorf("SSM asked %s for %q (decryption %v)", r.Header.Get("X-Amz-Target"), in.Name, in.WithDecryption)
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"__type":"ParameterNotFound","message":"not found"}`))
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"Parameter": map[string]any{
			"Name": in.Name, "Type": "SecureString", "Value": value, "Version": 1,
		}})
	}
}

// readTemplateEnv returns, per function, the environment template.yaml gives
// it (Globals and the function's own), with references to the template's
// resources and secrets replaced by local values and parameters by their
// defaults. A variable the test cannot give a value fails the test, so a new
// setting in the template cannot go untested here.
func readTemplateEnv(t *testing.T, path string) func(id string, local map[string]string) []string {
	t.Helper()
	type env struct {
		Environment struct {
			Variables map[string]yaml.Node `yaml:"Variables"`
		} `yaml:"Environment"`
	}
	var doc struct {
		Parameters map[string]struct {
			Default *string `yaml:"Default"`
		} `yaml:"Parameters"`
		Globals struct {
			Function env `yaml:"Function"`
		} `yaml:"Globals"`
		Resources map[string]struct {
			Properties env `yaml:"Properties"`
		} `yaml:"Resources"`
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return func(id string, local map[string]string) []string {
		vars := map[string]yaml.Node{}
		for k, v := range doc.Globals.Function.Environment.Variables {
			vars[k] = v
		}
		for k, v := range doc.Resources[id].Properties.Environment.Variables {
			vars[k] = v
		}
		var out []string
		for name, v := range vars {
			val, ok := local[name]
			switch {
			case ok:
			case v.Tag == "!Ref" && doc.Parameters[v.Value].Default != nil:
				val = *doc.Parameters[v.Value].Default
			case v.Kind == yaml.ScalarNode && !strings.HasPrefix(v.Tag, "!"):
				val = v.Value
			default:
				t.Fatalf("%s: template variable %s has no local value in the runtime test", id, name)
			}
			out = append(out, name+"="+val)
		}
		sort.Strings(out)
		return out
	}
}

// event builds the API Gateway HTTP API (payload 2.0) event for a request, as
// API Gateway sends it: lower-case headers, the matched route key, the stage
// prefix in rawPath behind a named stage.
func event(method, rawPath, routeKey, token, stage string, body []byte, b64 bool) events.APIGatewayV2HTTPRequest {
	headers := map[string]string{
		"accept":            "application/json",
		"host":              "abcdef1234.execute-api.us-east-1.amazonaws.com",
		"user-agent":        "lambdatest",
		"x-forwarded-for":   "203.0.113.10",
		"x-forwarded-port":  "443",
		"x-forwarded-proto": "https",
	}
	if body != nil {
		headers["content-type"] = "application/json"
		headers["content-length"] = fmt.Sprint(len(body))
	}
	if token != "" {
		headers["authorization"] = "Bearer " + token
	}
	now := time.Now().UTC()
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: routeKey, RawPath: rawPath, Headers: headers,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey: routeKey, AccountID: "123456789012", Stage: stage, RequestID: "apigw-" + dynamotest.RandomSuffix(),
			APIID: "abcdef1234", DomainName: "abcdef1234.execute-api.us-east-1.amazonaws.com", DomainPrefix: "abcdef1234",
			Time: now.Format("02/Jan/2006:15:04:05 -0700"), TimeEpoch: now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: method, Path: rawPath, Protocol: "HTTP/1.1", SourceIP: "203.0.113.10", UserAgent: "lambdatest",
			},
		},
		IsBase64Encoded: b64,
	}
	if b64 {
		ev.Body = base64.StdEncoding.EncodeToString(body)
	} else {
		ev.Body = string(body)
	}
	return ev
}

// route finds, as API Gateway does, the template route of a request and so
// the function that serves it.
func (s *stack) route(t *testing.T, method, path string) samtemplate.Route {
	t.Helper()
	h, _ := s.mux.Handler(httptest.NewRequest(method, path, nil))
	rh, ok := h.(routeHandler)
	if !ok {
		t.Fatalf("template.yaml has no route for %s %s", method, path)
	}
	return rh.Route
}

func (s *stack) send(t *testing.T, method, rawPath, token, stage string, body []byte, b64 bool) events.APIGatewayV2HTTPResponse {
	t.Helper()
	resp, _ := s.sendID(t, method, rawPath, token, stage, body, b64)
	return resp
}

func (s *stack) sendID(t *testing.T, method, rawPath, token, stage string, body []byte, b64 bool) (events.APIGatewayV2HTTPResponse, string) {
	t.Helper()
	r := s.route(t, method, lambdahttp.StripStage(rawPath, stage))
	return s.invoke(t, r.Function, event(method, rawPath, r.Method+" "+r.Path, token, stage, body, b64))
}

func (s *stack) invoke(t *testing.T, id string, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, string) {
	t.Helper()
	payload, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return s.invokeRaw(t, id, payload)
}

func (s *stack) invokeRaw(t *testing.T, id string, payload []byte) (events.APIGatewayV2HTTPResponse, string) {
	t.Helper()
	f := s.fns[id]
	ctx, cancel := context.WithTimeout(context.Background(), functionTimeout)
	defer cancel()
	start := time.Now()
	resp, reqID, err := f.InvokeRaw(ctx, payload)
	s.timing[id] = append(s.timing[id], time.Since(start))
	if err != nil {
		t.Fatalf("%s: %v\nfunction output:\n%s", id, err, f.Output())
	}
	return resp, reqID
}

// sampleAnswers are the answers the sample events of infra/events get on a
// fresh table: the status, and the message or, for a listing, an array.
var sampleAnswers = map[string]struct {
	status   int
	message  string // "" for a listing, whose body is a JSON array
	contains string // for a page (the console): text the body holds
}{
	"console":    {http.StatusOK, "", "<title>Festival</title>"},
	"auth":       {http.StatusCreated, "Utilisateur créé avec succès", ""},
	"users":      {http.StatusCreated, "Utilisateur créé avec succès", ""},
	"movies":     {http.StatusOK, "", ""},
	"votes":      {http.StatusOK, "", ""},
	"categories": {http.StatusOK, "", ""},
	"events":     {http.StatusOK, "", ""},
	"awards":     {http.StatusOK, "", ""},
}

// tokenPlaceholder starts the authorization header of the samples of
// protected routes; a reader of `sam local invoke` puts a token there, the
// test an admin's.
const tokenPlaceholder = "Bearer <token"

// checkSamples sends infra/events/<group>.json, byte for byte as `sam local
// invoke -e` would, to each function and checks it is a route of that
// function and gets its documented answer.
func (s *stack) checkSamples(t *testing.T, adminToken string) {
	ids := make([]string, 0, len(s.fns))
	for id := range s.fns {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		group := samtemplate.Group(id)
		path := filepath.Join(s.root, "infra", "events", group+".json")
		payload, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: no sample event for `sam local invoke %s -e infra/events/%s.json`: %v", id, id, group, err)
			continue
		}
		if group == "background" {
			// A scheduled run, not an HTTP route: on a fresh table nothing
			// is pending and the run succeeds (invokeRaw fails on an error).
			s.invokeRaw(t, id, payload)
			continue
		}
		var ev events.APIGatewayV2HTTPRequest
		if err := json.Unmarshal(payload, &ev); err != nil || ev.Version != "2.0" {
			t.Errorf("%s: not an API Gateway HTTP API 2.0 event: %v", path, err)
			continue
		}
		r := s.route(t, ev.RequestContext.HTTP.Method, lambdahttp.StripStage(ev.RawPath, ev.RequestContext.Stage))
		if r.Function != id || ev.RouteKey != r.Method+" "+r.Path || ev.RequestContext.RouteKey != ev.RouteKey {
			t.Errorf("%s: %s %s is route %s %s of %s; want a route of %s with that routeKey (got %q)",
				path, ev.RequestContext.HTTP.Method, ev.RawPath, r.Method, r.Path, r.Function, id, ev.RouteKey)
			continue
		}
		want, ok := sampleAnswers[group]
		if !ok {
			t.Errorf("%s: add the answer the sample gets to sampleAnswers", path)
			continue
		}
		if strings.HasPrefix(ev.Headers["authorization"], tokenPlaceholder) {
			ev.Headers["authorization"] = "Bearer " + adminToken
			if payload, err = json.Marshal(ev); err != nil {
				t.Fatal(err)
			}
		}
		resp, _ := s.invokeRaw(t, id, payload)
		if resp.StatusCode != want.status {
			t.Errorf("%s: status %d, want %d: %s", path, resp.StatusCode, want.status, body(t, resp))
			continue
		}
		if want.contains != "" {
			if !strings.Contains(string(body(t, resp)), want.contains) {
				t.Errorf("%s: the page does not hold %q: %s", path, want.contains, body(t, resp))
			}
		} else if want.message == "" {
			var list []any
			if err := json.Unmarshal(body(t, resp), &list); err != nil {
				t.Errorf("%s: answer is not a JSON array: %v: %s", path, err, body(t, resp))
			}
		} else if got := decode(t, resp)["message"]; got != want.message {
			t.Errorf("%s: message %q, want %q", path, got, want.message)
		}
	}
}

// report prints the cold start and the mean invocation time per function.
func (s *stack) report(t *testing.T) {
	ids := make([]string, 0, len(s.fns))
	for id := range s.fns {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var summary []string
	for _, id := range ids {
		var total time.Duration
		for _, d := range s.timing[id] {
			total += d
		}
		n := len(s.timing[id])
		mean := time.Duration(0)
		if n > 0 {
			mean = total / time.Duration(n)
		}
		cold := s.fns[id].ColdStart
		t.Logf("%-20s cold start %8s   %2d invocations, mean %8s", id, cold.Round(10*time.Microsecond), n, mean.Round(10*time.Microsecond))
		summary = append(summary, fmt.Sprintf("%s cold=%s mean=%s n=%d", samtemplate.Group(id), cold.Round(10*time.Microsecond), mean.Round(10*time.Microsecond), n))
	}
	t.Logf("lambda runtime summary: %s", strings.Join(summary, "; "))
}

func httpGet(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return io.ReadAll(resp.Body)
}

func body(t *testing.T, resp events.APIGatewayV2HTTPResponse) []byte {
	t.Helper()
	if !resp.IsBase64Encoded {
		return []byte(resp.Body)
	}
	b, err := base64.StdEncoding.DecodeString(resp.Body)
	if err != nil {
		t.Fatalf("body is flagged base64 but is not: %v", err)
	}
	return b
}

func decode(t *testing.T, resp events.APIGatewayV2HTTPResponse) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body(t, resp), &m); err != nil {
		t.Fatalf("body is not a JSON object: %v: %s", err, body(t, resp))
	}
	return m
}

func expectStatus(t *testing.T, resp events.APIGatewayV2HTTPResponse, want int) {
	t.Helper()
	if resp.StatusCode != want {
		t.Fatalf("status %d, want %d: %s", resp.StatusCode, want, body(t, resp))
	}
	if ct := resp.Headers["Content-Type"]; !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want JSON", ct)
	}
}
