package localserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func post(t *testing.T, url string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}

// TestDataSurvivesARestart is what `make run` promises: a second run sees the
// accounts of the first, and the tokens it issued (the JWT secret is kept in
// the data folder), and the setup code it printed (kept there too, so that
// it holds until the first admin exists). It starts its own DynamoDB Local with a data folder, as
// make run does, and checks that stopping leaves no Java process behind.
func TestDataSurvivesARestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local twice")
	}
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	opts := localserver.Options{
		DataDir: data, CacheDir: filepath.Join(root, ".cache"), Template: filepath.Join(root, "template.yaml"),
		Getenv: func(string) string { return "" }, Log: localserver.Discard,
	}
	srv, err := localserver.Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	status, _ := post(t, srv.URL+"/auth/register", map[string]any{"first_name": "A", "last_name": "B", "email": "keep@example.org", "password": "secret1"})
	if status != http.StatusCreated {
		t.Fatalf("register: %d", status)
	}
	_, login := post(t, srv.URL+"/auth/login", map[string]any{"email": "keep@example.org", "password": "secret1"})
	token := login["data"].(map[string]any)["token"].(string)
	code := srv.SetupCode
	srv.Close()
	if out, _ := exec.Command("pgrep", "-f", "dbPath "+filepath.Join(data, "dynamodb")).Output(); len(strings.TrimSpace(string(out))) > 0 {
		t.Fatalf("DynamoDB Local still runs after Close: pid %s", out)
	}

	srv, err = localserver.Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if code == "" || srv.SetupCode != code {
		t.Fatalf("setup code after restart %q, before %q", srv.SetupCode, code)
	}
	if status, _ := post(t, srv.URL+"/auth/login", map[string]any{"email": "keep@example.org", "password": "secret1"}); status != http.StatusOK {
		t.Fatalf("login after restart: %d", status)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/users/me", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("token of the first run refused after restart: %d", resp.StatusCode)
	}
}
