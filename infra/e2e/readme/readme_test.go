// Package readme runs the README's quickstart commands, as written, against a
// local API: a newcomer's first minutes must work.
package readme

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// quickstartBlocks returns the shell blocks of the README's Quickstart
// section that talk to the API (the ones after "Try it").
func quickstartBlocks(t *testing.T) []string {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, "## Quickstart")
	end := strings.Index(readme[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("README.md has no Quickstart section")
	}
	section := readme[start : start+1+end]
	try := strings.Index(section, "Try it")
	if try < 0 {
		t.Fatal(`the Quickstart has no "Try it" part`)
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section[try:], -1) {
		blocks = append(blocks, m[1])
	}
	return blocks
}

func TestQuickstartCommandsWorkAsWritten(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	for _, tool := range []string{"bash", "curl", "base64"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the quickstart needs %s: install it (Debian: apt-get install -y %s)", tool, tool)
		}
	}
	blocks := quickstartBlocks(t)
	if len(blocks) < 2 {
		t.Fatalf("found %d command blocks after \"Try it\", want the account and the film submission", len(blocks))
	}
	api := apitest.Start(t)
	script := "set -euo pipefail\n" + strings.ReplaceAll(strings.Join(blocks, "\n"), "localhost:3000", strings.TrimPrefix(api.URL, "http://"))
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the quickstart failed: %v\n%s", err, out)
	}
	for _, want := range []string{
		`"message":"Utilisateur créé avec succès"`,   // the admin, then the producer
		`"email":"agnes@example.org","role":"ADMIN"`, // GET /users/me with the admin's token
		`"message":"Film soumis avec succès"`,
		`"selection_status":"submitted"`,
		`"subtitle":"subtitlesSrt-`, `"display_picture":"poster-`, `"trailer":"filmFile-`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the quickstart's output lacks %s:\n%s", want, out)
		}
	}
}
