// Package layers checks that the tree's layers hold: each package imports
// only from the layers below it (README, "Code map").
package layers

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/festivalapi/festival/"

// rules say, for the packages under a folder, which folders of the module
// they may import. The most specific folder wins. Imports outside the
// module (the standard library, the AWS SDK...) are not this test's concern.
var rules = []struct {
	folder string
	may    []string
}{
	{"pkg/domain/", []string{"pkg/domain/"}},
	{"pkg/storage/", []string{"pkg/domain/", "pkg/storage/", "pkg/local/"}},
	{"pkg/media", []string{"pkg/domain/", "pkg/media", "pkg/storage/files"}},
	{"pkg/screening", []string{"pkg/domain/", "pkg/media", "pkg/screening", "pkg/storage/files"}},
	{"pkg/service/", []string{"pkg/domain/", "pkg/storage/", "pkg/media", "pkg/screening", "pkg/service/"}},
	{"pkg/api/routes/", []string{"pkg/domain/", "pkg/service/", "pkg/api/web", "pkg/api/auth", "pkg/api/registration", "pkg/api/movieform"}},
	{"pkg/api/", []string{"pkg/domain/", "pkg/service/", "pkg/api/"}},
	{"pkg/app", []string{"pkg/domain/", "pkg/storage/", "pkg/media", "pkg/screening", "pkg/service/", "pkg/api/", "pkg/app"}},
	{"pkg/local/", []string{"pkg/local/"}},
	{"functions/", []string{"pkg/app", "pkg/api/"}},
	{"infra/", []string{"pkg/", "infra/"}},
}

func rule(pkg string) []string {
	best := -1
	for i, r := range rules {
		if strings.HasPrefix(pkg, r.folder) && (best < 0 || len(r.folder) > len(rules[best].folder)) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return rules[best].may
}

func TestNoPackageImportsAboveItsLayer(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}} {{join .TestImports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		may := rule(pkg)
		if may == nil {
			t.Errorf("%s is in no layer: add its folder to the rules and to the README's code map", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok || dep == pkg {
				continue
			}
			allowed := slices.ContainsFunc(may, func(f string) bool { return strings.HasPrefix(dep, f) })
			if strings.HasPrefix(dep, "pkg/api/routes/") && pkg != "pkg/app" {
				allowed = false // a route group is wired by pkg/app alone
			}
			if !allowed {
				t.Errorf("%s -> %s imports above its layer", pkg, dep)
			}
		}
	}
}
