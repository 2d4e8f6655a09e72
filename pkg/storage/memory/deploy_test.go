package memory_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNothingDeployedUsesTheMemoryStore: the memory store is for tests; the
// Lambda functions, the wiring they share and the local server run on
// DynamoDB only.
func TestNothingDeployedUsesTheMemoryStore(t *testing.T) {
	const module = "github.com/festivalapi/festival/"
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}",
		module+"pkg/app/...", module+"functions/...", module+"infra/localserver/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == module+"pkg/storage/memory" || pkg == module+"pkg/storage/storesuite" {
			t.Fatalf("a deployed program depends on %s", pkg)
		}
	}
}
