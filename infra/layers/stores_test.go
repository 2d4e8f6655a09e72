package layers

import (
	"os/exec"
	"strings"
	"testing"
)

// serviceMayName says whether a service's non-test code may import dep from
// the storage layer: a service declares the interfaces of the stores it
// consumes and pkg/app hands it the DynamoDB store's faces, so no service
// names a storage backend. The S3 files store is the one storage package a
// service takes as it is (no second backend exists for it).
func serviceMayName(dep string) bool {
	return !strings.HasPrefix(dep, "pkg/storage/") || dep == "pkg/storage/files"
}

func TestNoServiceNamesAStorageBackend(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"pkg/service/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if dep, ok := strings.CutPrefix(imp, module); ok && !serviceMayName(dep) {
				t.Errorf("%s imports %s: declare the store's interface in the service and wire it in pkg/app", strings.TrimPrefix(fields[0], module), dep)
			}
		}
	}
}

func TestTheStoreRuleRefusesEveryBackend(t *testing.T) {
	for dep, want := range map[string]bool{
		"pkg/storage/dynamo":     false,
		"pkg/storage/memory":     false,
		"pkg/storage/dynamotest": false,
		"pkg/storage/files":      true,
		"pkg/domain/festival":    true,
		"pkg/service/accounts":   true,
	} {
		if got := serviceMayName(dep); got != want {
			t.Errorf("serviceMayName(%s) = %v, want %v", dep, got, want)
		}
	}
}
