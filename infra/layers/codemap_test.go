package layers

import (
	"errors"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The README's code map is where a newcomer looks for a package: every
// package under pkg/ must match a folder of one of its rows, and every
// folder under pkg/ that it names must still hold a package.

// codeMap returns the folders of the code map's table ("### Code map"): the
// `quoted` names of each row's first cell, which may hold `*` wildcards
// (path.Match: a `*` stands for one folder name or part of one).
func codeMap(readme string) ([]string, error) {
	_, section, found := strings.Cut(readme, "\n### Code map\n")
	if !found {
		return nil, errors.New(`no "### Code map" section`)
	}
	quoted := regexp.MustCompile("`([^`]+)`")
	var folders []string
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if rows > 0 {
				break // the table has ended
			}
			continue
		}
		rows++
		cells := strings.Split(line, "|")
		if rows <= 2 || len(cells) < 3 {
			continue // the header and its separator
		}
		for _, m := range quoted.FindAllStringSubmatch(cells[1], -1) {
			if _, err := path.Match(m[1], ""); err != nil {
				return nil, errors.New("code map folder " + m[1] + ": " + err.Error())
			}
			folders = append(folders, m[1])
		}
	}
	if len(folders) == 0 {
		return nil, errors.New("the code map's table names no folder")
	}
	return folders, nil
}

// onMap reports whether a package (its path in the module) matches one of
// the code map's folders.
func onMap(pkg string, folders []string) bool {
	return slices.ContainsFunc(folders, func(f string) bool {
		ok, _ := path.Match(f, pkg)
		return ok
	})
}

func readmeFolders(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	folders, err := codeMap(string(b))
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	return folders
}

func TestEveryPackageIsOnTheCodeMap(t *testing.T) {
	out, err := exec.Command("go", "list", module+"pkg/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		pkgs = append(pkgs, strings.TrimPrefix(p, module))
	}
	folders := readmeFolders(t)
	for _, pkg := range pkgs {
		if !onMap(pkg, folders) {
			t.Errorf("%s is not on the README's code map: add it to the folders of the row of its layer", pkg)
		}
	}
	for _, f := range folders {
		if strings.HasPrefix(f, "pkg/") && !slices.ContainsFunc(pkgs, func(p string) bool { return onMap(p, []string{f}) }) {
			t.Errorf("the README's code map names %s, where no package is: correct or remove it", f)
		}
	}
}

func TestTheCodeMapCheckRefusesAPackageTheMapOmits(t *testing.T) {
	const readme = "# R\n\n### Code map\n\nThe layers.\n\n" +
		"| Folder | What lives there | May import |\n|---|---|---|\n" +
		"| `pkg/domain/festival`, `pkg/service/*` | records; `rules` | nothing |\n" +
		"| `pkg/api/routes/*api` | routes | `pkg/api/web` |\n\n" +
		"| `pkg/storage/*` | a later table is not the map | |\n"
	folders, err := codeMap(readme)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"pkg/domain/festival", "pkg/service/*", "pkg/api/routes/*api"}; !slices.Equal(folders, want) {
		t.Fatalf("folders %q, want %q (first cells only, the table's rows only)", folders, want)
	}
	for pkg, want := range map[string]bool{
		"pkg/domain/festival":         true,
		"pkg/service/movies":          true,
		"pkg/api/routes/settingsapi":  true,
		"pkg/domain/assignment":       false, // its folder is not on the map
		"pkg/storage/memory":          false,
		"pkg/service/movies/upload":   false, // a * is one folder name, not a subtree
		"pkg/api/routes/routehelpers": false,
	} {
		if got := onMap(pkg, folders); got != want {
			t.Errorf("onMap(%s) = %v, want %v", pkg, got, want)
		}
	}
	for _, made := range []string{"pkg/newlayer/thing", "pkg/api/routes/routehelpers", "pkg/storage/files/filestest/deeper"} {
		if onMap(made, readmeFolders(t)) {
			t.Errorf("the README's code map covers the made-up package %s", made)
		}
	}
	for name, bad := range map[string]string{
		"no map":       "# R\n\n## Layout\n",
		"empty table":  "### Code map\n\n| Folder | What | May |\n|---|---|---|\n\nText.\n",
		"a bad folder": "### Code map\n\n| Folder | What | May |\n|---|---|---|\n| `pkg/[x` | bad | |\n",
	} {
		if _, err := codeMap(bad); err == nil {
			t.Errorf("%s: codeMap accepts it", name)
		}
	}
}
