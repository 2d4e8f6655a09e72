package texts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// declaredKeys are the Key constants of the package's files, by value, with
// the Go name that declares each.
func declaredKeys(t *testing.T) map[Key]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[Key]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Key" {
					continue
				}
				for i, n := range v.Names {
					lit, ok := v.Values[i].(*ast.BasicLit)
					if !ok {
						t.Fatalf("%s: key %s is not a string literal", name, n.Name)
					}
					k, _ := strconv.Unquote(lit.Value)
					if other, dup := out[Key(k)]; dup {
						t.Errorf("key %q declared twice: %s and %s", k, other, n.Name)
					}
					out[Key(k)] = n.Name
				}
			}
		}
	}
	return out
}

// TestEveryKeyIsInEveryLanguage: each declared key has its text in every
// catalogue, and no catalogue holds a key nobody declares.
func TestEveryKeyIsInEveryLanguage(t *testing.T) {
	t.Parallel()
	declared := declaredKeys(t)
	if len(declared) == 0 {
		t.Fatal("no key declared")
	}
	for _, l := range Langs {
		cat := catalogues[l]
		for k, name := range declared {
			if v, ok := cat[k]; !ok || v == "" {
				t.Errorf("%s (%q) has no %s text", name, k, l)
			}
		}
		for k := range cat {
			if _, ok := declared[k]; !ok {
				t.Errorf("the %s catalogue holds %q, which no constant declares", l, k)
			}
		}
	}
}

var verb = regexp.MustCompile(`%[-+# 0]*(\d+|\*)?(\.(\d+|\*)?)?[a-zA-Z%]`)

// verbs are the format verbs of a text, in order ("%%" included: a text
// that writes a percent sign writes it in every language).
func verbs(s string) []string { return verb.FindAllString(s, -1) }

// TestTheLanguagesTakeTheSameArguments: each text takes the same format
// verbs, in the same order, in every language, so that one call writes any
// of them.
func TestTheLanguagesTakeTheSameArguments(t *testing.T) {
	t.Parallel()
	for k, fr := range catalogues[Default] {
		for _, l := range Langs[1:] {
			if other := catalogues[l][k]; !slices.Equal(verbs(fr), verbs(other)) {
				t.Errorf("%s: %s verbs %v, French %v\n  fr: %q\n  %s: %q", k, l, verbs(other), verbs(fr), fr, l, other)
			}
		}
	}
}

// TestTheEnglishIsNotFrench: an English text with French letters or
// guillemets was left untranslated.
func TestTheEnglishIsNotFrench(t *testing.T) {
	t.Parallel()
	for k, v := range catalogues[English] {
		if strings.ContainsAny(v, "àâçéèêëîïôùûœ«»") {
			t.Errorf("%s: English text looks French: %q", k, v)
		}
	}
}

func TestTWritesAKeyInALanguage(t *testing.T) {
	t.Parallel()
	march := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	tests := []struct {
		lang Lang
		key  Key
		args []any
		want string
	}{
		{French, MovieNotFound, nil, "Film non trouvé"},
		{English, MovieNotFound, nil, "Film not found"},
		{French, AllFieldsFilled, nil, "Tous les champs doivent être remplis "},
		{English, GridSize, []any{12}, "A grid has 1 to 12 criteria"},
		{French, NotWatchedEnough, []any{42.0, 80}, "Vous avez regardé 42.0 % du film ; le festival demande d'en avoir vu 80 % avant de voter"},
		// A Msg argument is written in the same language.
		{English, FormQuestionNamed, []any{"Budget", M(AnswerNumberMin, 3.0)}, "Question “Budget”: the answer must be at least 3"},
		{French, FormQuestionNamed, []any{"Budget", M(AnswerNumberMin, 3.0)}, "Question « Budget » : la réponse doit être au moins 3"},
		// Dates as prose, per language.
		{French, SubmissionsClosed, []any{When(march)}, "Les soumissions de films sont closes depuis le 1 mars 2026 à 09:30 UTC."},
		{English, SubmissionsClosed, []any{When(march)}, "Film submissions have been closed since 1 March 2026 at 09:30 UTC."},
		{English, AnswerFrozen, []any{Stamp(march)}, "the answer is frozen since 2026-03-01 09:30 UTC: only an administrator can still change it"},
		// A text no catalogue holds is written as it is.
		{English, "pas encore une clé", nil, "pas encore une clé"},
		// A language the product does not speak falls back to French.
		{Lang("de"), MovieNotFound, nil, "Film non trouvé"},
	}
	for _, tt := range tests {
		if got := T(tt.lang, tt.key, tt.args...); got != tt.want {
			t.Errorf("T(%s, %s) = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
}

// TestTheCatalogueFilesCompose: each area's parts are listed in fr.go and
// en.go (a part the merge forgot would leave its keys out, which
// TestEveryKeyIsInEveryLanguage reports; this names the file).
func TestTheCatalogueFilesCompose(t *testing.T) {
	t.Parallel()
	for _, l := range Langs {
		list, err := os.ReadFile(string(l) + ".go")
		if err != nil {
			t.Fatal(err)
		}
		parts, _ := filepath.Glob(string(l) + "_*.go")
		for _, p := range parts {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`var (\w+) = map\[Key\]string`).FindSubmatch(src)
			if m == nil {
				t.Errorf("%s declares no map[Key]string", p)
				continue
			}
			if !regexp.MustCompile(`\b` + string(m[1]) + `,`).Match(list) {
				t.Errorf("%s.go does not merge %s (%s)", l, m[1], p)
			}
		}
	}
}
