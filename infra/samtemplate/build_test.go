package samtemplate_test

import (
	"debug/elf"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/lambdatest"
)

// lambdaArch is the Go architecture of each Lambda architecture.
var lambdaArch = map[string]struct {
	goarch  string
	machine elf.Machine
}{
	"arm64":  {"arm64", elf.EM_AARCH64},
	"x86_64": {"amd64", elf.EM_X86_64},
}

// TestEveryFunctionCrossCompilesAsMakeBuildShipsIt builds every function of
// the Makefile's FUNCTIONS with its LAMBDA_ENV and LAMBDA_FLAGS (read from
// the Makefile, the one place that states them: lambdatest.MakefileRecipe),
// which is the binary `make build` and `sam build` ship to Lambda: for the
// template's architecture, static, stripped. The other tests run bootstraps
// built for this machine; this one proves the shipped build compiles.
func TestEveryFunctionCrossCompilesAsMakeBuildShipsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles every function")
	}
	root, recipe := makefileRecipe(t)
	tpl, _ := load(t)
	want, ok := lambdaArch[singleArch(t, tpl.Globals.Function.Architectures)]
	if !ok {
		t.Fatalf("template.yaml's architecture %v is not one Lambda offers", tpl.Globals.Function.Architectures)
	}
	for name, v := range map[string]string{"GOOS": "linux", "GOARCH": want.goarch, "CGO_ENABLED": "0"} {
		if got := recipe.Getenv(name); got != v {
			t.Errorf("the Makefile's LAMBDA_ENV sets %s=%q, want %q (template.yaml runs %v on Lambda's Linux)", name, got, v, tpl.Globals.Function.Architectures)
		}
	}
	if !slices.Contains(recipe.Flags, "-trimpath") || !slices.Contains(recipe.Flags, "lambda.norpc") {
		t.Errorf("LAMBDA_FLAGS %q lacks -trimpath or the lambda.norpc tag", recipe.Flags)
	}
	dir := t.TempDir()
	// A cold build cache compiles every package for the target: the test's
	// own deadline (go test -timeout) bounds it, not a guess of ours.
	ctx := t.Context()
	started := time.Now()
	if err := lambdatest.GoBuild(ctx, root, dir, recipe.Env, recipe.Flags, recipe.Functions); err != nil {
		t.Fatal(err)
	}
	t.Logf("built %d functions for %s/%s in %v", len(recipe.Functions), recipe.Getenv("GOOS"), recipe.Getenv("GOARCH"), time.Since(started).Round(time.Millisecond))
	for _, fn := range recipe.Functions {
		f, err := elf.Open(filepath.Join(dir, fn))
		if err != nil {
			t.Errorf("%s: %v", fn, err)
			continue
		}
		if f.Machine != want.machine {
			t.Errorf("%s is built for %v, want %v", fn, f.Machine, want.machine)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Errorf("%s is dynamically linked: provided.al2023 runs it with no loader of ours", fn)
			}
		}
		if f.Section(".symtab") != nil {
			t.Errorf("%s keeps its symbol table: LAMBDA_FLAGS should strip it", fn)
		}
		f.Close()
	}
}

func singleArch(t *testing.T, archs []string) string {
	t.Helper()
	if len(archs) != 1 {
		t.Fatalf("template.yaml's Globals name %v architectures, want one", archs)
	}
	return archs[0]
}

// TestTheMakefileRecipeIsWhatMakeRuns compares the recipe the tests read
// with the command make itself runs for SAM's build of a function.
func TestTheMakefileRecipeIsWhatMakeRuns(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	root, recipe := makefileRecipe(t)
	cmd := exec.Command("make", "-s", "-n", "build-AuthFunction", "ARTIFACTS_DIR=/artifacts", "GO=go")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make -n build-AuthFunction: %v", err)
	}
	got := strings.ReplaceAll(strings.TrimSpace(string(out)), "'", "")
	want := strings.Join(recipe.Env, " ") + " go build " + strings.Join(recipe.Flags, " ") + " -o /artifacts/bootstrap ./functions/auth"
	if got != want {
		t.Errorf("make runs\n  %s\nthe recipe read from the Makefile is\n  %s", got, want)
	}
}

// makefileRecipe is the repository's root (absolute) and the Makefile's
// recipe of a Lambda build.
func makefileRecipe(t *testing.T) (string, lambdatest.Recipe) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	recipe, err := lambdatest.MakefileRecipe(root)
	if err != nil {
		t.Fatal(err)
	}
	return root, recipe
}
