package lambdatest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Recipe is how `make build` compiles the functions, read from the Makefile,
// the one place that states it: the functions (FUNCTIONS), the environment
// of the compiler (LAMBDA_ENV: the OS, the architecture, no cgo) and the
// flags of go build (LAMBDA_FLAGS).
type Recipe struct {
	Functions []string
	Env       []string // NAME=value
	Flags     []string
}

// makeVar is a simple variable assignment of a Makefile: NAME := value (or
// ?=, =), on one line.
var makeVar = regexp.MustCompile(`(?m)^([A-Z_]+)\s*[:?]?=[ \t]*(.*)$`)

// makeRef is a reference to another variable inside a value: $(NAME).
var makeRef = regexp.MustCompile(`\$\(([A-Z_]+)\)`)

// MakefileRecipe reads the Recipe from the Makefile at the module root.
// A reference to another variable is expanded from the Makefile's own
// assignments (GOARCH_LAMBDA ?= arm64); one to a variable the Makefile does
// not assign is an error rather than an empty word.
func MakefileRecipe(root string) (Recipe, error) {
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		return Recipe{}, err
	}
	vars := map[string]string{}
	for _, m := range makeVar.FindAllStringSubmatch(string(b), -1) {
		if _, seen := vars[m[1]]; !seen {
			vars[m[1]] = strings.TrimSpace(m[2])
		}
	}
	words := func(name string) ([]string, error) {
		v, ok := vars[name]
		if !ok {
			return nil, fmt.Errorf("the Makefile has no %s := line", name)
		}
		var missing string
		v = makeRef.ReplaceAllStringFunc(v, func(ref string) string {
			name := makeRef.FindStringSubmatch(ref)[1]
			val, ok := vars[name]
			if !ok {
				missing = name
			}
			return val
		})
		if missing != "" {
			return nil, fmt.Errorf("the Makefile's %s refers to %s, which it does not assign", name, missing)
		}
		return shellWords(v)
	}
	var r Recipe
	if r.Functions, err = words("FUNCTIONS"); err != nil {
		return r, err
	}
	if r.Env, err = words("LAMBDA_ENV"); err != nil {
		return r, err
	}
	if r.Flags, err = words("LAMBDA_FLAGS"); err != nil {
		return r, err
	}
	return r, nil
}

// Unstripped is the recipe's flags without -ldflags (the Makefile's only
// -ldflags strips the symbol table, which `go tool nm` reads).
func (r Recipe) Unstripped() []string {
	var out []string
	for i := 0; i < len(r.Flags); i++ {
		if r.Flags[i] == "-ldflags" {
			i++
			continue
		}
		out = append(out, r.Flags[i])
	}
	return out
}

// Getenv is the value the recipe gives an environment variable, "" if none.
func (r Recipe) Getenv(name string) string {
	for _, kv := range r.Env {
		if k, v, _ := strings.Cut(kv, "="); k == name {
			return v
		}
	}
	return ""
}

// shellWords splits a recipe's text into words as the shell does for the
// quoting a Makefile uses: single and double quotes group, nothing else is
// special.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, c := range s {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(c)
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c in %q", quote, s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
