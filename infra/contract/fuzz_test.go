package contract

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMakeRunsEveryFuzzTarget: each Go fuzz target of the repository is in
// the Makefile's FUZZ_TARGETS, so make test and make fuzz run it.
func TestMakeRunsEveryFuzzTarget(t *testing.T) {
	t.Parallel()
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	fuzzFunc := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`)
	found := 0
	err = filepath.WalkDir(filepath.Join(root, "pkg"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, m := range fuzzFunc.FindAllSubmatch(src, -1) {
			found++
			if target := "./" + filepath.ToSlash(rel) + ":" + string(m[1]); !strings.Contains(string(mk), target) {
				t.Errorf("%s is not in the Makefile's FUZZ_TARGETS", target)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Errorf("found %d fuzz targets, expected at least 10", found)
	}
}
