package texts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// frenchLetters and frenchWords tell a French text: an accented letter, a
// guillemet, or one of the small words no identifier or value of the
// product is made of.
var (
	frenchLetters = "àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ«»"
	frenchWords   = regexp.MustCompile(`(?i)(^|[^\pL])(le|la|les|des|du|une|est|sont|doit|pour|avec|sans|vous|votre|vos|dans|aucun|aucune|champ|paramètre|invalide|requis|inconnu|inconnue|introuvable|manquant|réessayez|fichier|identifiant)([^\pL]|$)`)
)

// frenchAllowed are the French literals of product code that are data, not
// texts the product writes for someone: values fixed by the specification
// or stored and compared as they are. Key: the file (from the repository's
// root) and the literal; value: why it stays.
var frenchAllowed = map[string]string{}

// TestNoFrenchOutsideCatalogues finds French string literals in the
// product's Go code (pkg/, functions/, infra/cmd; not tests) outside this
// package: every text the product writes lives in the catalogues, keyed,
// so that it exists in every language.
func TestNoFrenchOutsideCatalogues(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	var found []string
	for _, dir := range []string{"pkg", "functions", filepath.Join("infra", "cmd")} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			switch {
			case d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || rel == filepath.Join("pkg", "domain", "texts")):
				return filepath.SkipDir
			case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
				return nil
			case rel == filepath.Join("pkg", "storage", "storesuite"):
				return nil
			}
			if strings.HasPrefix(rel, filepath.Join("pkg", "storage", "storesuite")) {
				return nil // the store suite's fixtures are test data
			}
			for _, lit := range frenchLiterals(t, path) {
				key := filepath.ToSlash(rel) + ": " + lit
				if _, ok := frenchAllowed[key]; !ok {
					found = append(found, key)
				}
			}
			return nil
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	for _, f := range found {
		t.Errorf("French outside the catalogues: %s", f)
	}
}

// frenchLiterals are the string literals of a Go file that read as French.
func frenchLiterals(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		if strings.ContainsAny(s, frenchLetters) || frenchWords.MatchString(s) {
			out = append(out, s)
		}
		return true
	})
	return out
}

// TestFrenchAllowedStillNeeded keeps the allowlist honest: each entry still
// names a literal of its file.
func TestFrenchAllowedStillNeeded(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	for key := range frenchAllowed {
		file, lit, _ := strings.Cut(key, ": ")
		if !containsLiteral(t, filepath.Join(root, filepath.FromSlash(file)), lit) {
			t.Errorf("allowed French %q is no longer in %s: remove it from frenchAllowed", lit, file)
		}
	}
}

func containsLiteral(t *testing.T, path, want string) bool {
	t.Helper()
	for _, lit := range frenchLiterals(t, path) {
		if lit == want {
			return true
		}
	}
	return false
}
