package lambdahttp_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/festivalapi/festival/pkg/api/lambdahttp"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestStripStageRemovesOnlyANamedStagesPrefix(t *testing.T) {
	for _, c := range []struct{ path, stage, want string }{
		{"/users/me", "$default", "/users/me"},
		{"/users/me", "", "/users/me"},
		{"/prod/users/me", "prod", "/users/me"},
		{"/prod", "prod", "/"},
		{"/prod/", "prod", "/"},
		{"/production/users", "prod", "/production/users"}, // a longer segment is not the stage
		{"/users/prod/x", "prod", "/users/prod/x"},         // only a leading prefix
		{"/v1/events/", "v1", "/events/"},
	} {
		if got := lambdahttp.StripStage(c.path, c.stage); got != c.want {
			t.Errorf("StripStage(%q, %q) = %q, want %q", c.path, c.stage, got, c.want)
		}
	}
}

func invoke(t *testing.T, h http.Handler, ev events.APIGatewayV2HTTPRequest) events.APIGatewayV2HTTPResponse {
	t.Helper()
	if ev.Version == "" {
		ev.Version = "2.0"
	}
	ev.RequestContext.HTTP.Path = ev.RawPath
	if ev.RequestContext.Stage == "" {
		ev.RequestContext.Stage = "$default"
	}
	resp, err := lambdahttp.Handler(h)(context.Background(), ev)
	if err != nil {
		t.Fatalf("adapter error: %v", err)
	}
	return resp
}

func get(method, path string) events.APIGatewayV2HTTPRequest {
	ev := events.APIGatewayV2HTTPRequest{RawPath: path}
	ev.RequestContext.HTTP.Method = method
	return ev
}

func TestAHandlerThatAnswersNothingGetsA500JSONBodyNotAnAdapterError(t *testing.T) {
	silent := web.Serve(slog.New(slog.NewTextHandler(io.Discard, nil)), "test",
		http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	resp := invoke(t, silent, get("GET", "/anything"))
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", resp.StatusCode)
	}
	var body web.ErrorBody
	if err := json.Unmarshal([]byte(resp.Body), &body); err != nil || body.Error != texts.T(texts.French, texts.Internal) {
		t.Errorf("body %q, want {\"error\": %q}", resp.Body, texts.T(texts.French, texts.Internal))
	}
}

func TestANamedStageRoutesAsTheDefaultStage(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{id}", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.URL.Path+" id="+r.PathValue("id"))
	})
	for _, c := range []struct{ stage, rawPath string }{
		{"$default", "/users/42"},
		{"prod", "/prod/users/42"},
	} {
		ev := get("GET", c.rawPath)
		ev.RequestContext.Stage = c.stage
		resp := invoke(t, mux, ev)
		if resp.StatusCode != http.StatusOK || resp.Body != "/users/42 id=42" {
			t.Errorf("stage %s, %s: %d %q, want 200 \"/users/42 id=42\"", c.stage, c.rawPath, resp.StatusCode, resp.Body)
		}
	}
}

func TestABase64MultipartBodyReachesTheHandlerIntactAndBinaryAnswersComeBackBase64(t *testing.T) {
	file := []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0xff, 0xfe}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	_ = mw.WriteField("title", "Cléo de 5 à 7")
	fw, _ := mw.CreateFormFile("thumbnail1", "cleo.png")
	_, _ = fw.Write(file)
	_ = mw.Close()

	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f, _, err := r.FormFile("thumbnail1")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		got, _ := io.ReadAll(f)
		if r.FormValue("title") != "Cléo de 5 à 7" || !bytes.Equal(got, file) {
			http.Error(w, "form changed in transit", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(got)
	})
	ev := get("POST", "/movies/upload")
	ev.Headers = map[string]string{"content-type": mw.FormDataContentType()}
	ev.Body = base64.StdEncoding.EncodeToString(form.Bytes())
	ev.IsBase64Encoded = true
	resp := invoke(t, h, ev)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, resp.Body)
	}
	if !resp.IsBase64Encoded {
		t.Fatal("a binary answer is not flagged base64")
	}
	back, err := base64.StdEncoding.DecodeString(resp.Body)
	if err != nil || !bytes.Equal(back, file) {
		t.Errorf("answer %x, want %x (%v)", back, file, err)
	}
}
