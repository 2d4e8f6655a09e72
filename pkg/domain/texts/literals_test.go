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
	frenchWords   = regexp.MustCompile(`(?i)(^|[^\pL])(le|la|les|de|des|du|un|une|est|sont|doit|pas|non|pour|avec|sans|sur|vous|votre|vos|dans|aucun|aucune|champ|paramètre|invalide|requis|inconnu|inconnue|introuvable|manquant|réessayez|fichier|identifiant|contenu)([^\pL]|$)`)
)

// frenchAllowed are the French literals of product code that are data, not
// texts the product writes for someone: values fixed by the specification
// or stored and compared as they are. Key: the file (from the repository's
// root) and the literal; value: why it stays.
var frenchAllowed = map[string]string{
	// Values fixed by the specification or stored and compared as they are.
	"pkg/domain/festival/user.go: Par un ami":                                        "KnownByService value fixed by the specification",
	"pkg/domain/festival/user.go: Via le site internet ou application de l'IA":       "KnownByService value fixed by the specification",
	"pkg/domain/festival/user.go: Vu une publicité du festival":                      "KnownByService value fixed by the specification",
	"pkg/domain/festival/answers.go: non":                                            "a yes/no answer's form value, read as false",
	"pkg/domain/festival/mediacheck.go: le":                                          "ffmpeg's pixel format suffix (little-endian), not a word",
	"pkg/app/config.go: Festival du film":                                            "the festival's default name, a setting (FESTIVAL_NAME)",
	"pkg/domain/mailtemplate/render.go: #/mot-de-passe?jeton=":                       "the console's route of a password reset (a URL)",
	"infra/cmd/loadtest/main.go: Un synopsis de festival. ":                          "the load test's seed data",
	"infra/cmd/loadtest/writes.go: Un synopsis de festival, assez long pour peser. ": "the load test's seed data (-writes: a film item of a realistic size)",
	"infra/cmd/loadtest/scale.go: le la les un une des dans sur avec pour sans entre nuit jour ville mer\n\tmontagne enfant mère père frère sœur ami étranger voyage retour secret mémoire guerre paix amour\n\tsilence lumière ombre fleuve forêt désert train hiver été printemps automne lettre photographie\n\tmusique danse usine ferme école hôpital frontière île port marché village histoire rêve colère\n\tespoir départ rencontre découvre cherche perd retrouve quitte attend raconte filme traverse": "the load test's seed data (-scale: words each synopsis is drawn from)",
	// The sample a festival's template is tried on when saved (data).
	"pkg/domain/mailtemplate/mailtemplate.go: Festival du film":                                                   "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: Agnès":                                                              "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: Cléo de 5 à 7":                                                      "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: - Cléo de 5 à 7\n- Le Bonheur\n- Sans toit ni loi":                  "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: Le film a été retenu par un autre festival qui exige une première.": "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: https://festival.example/#/mot-de-passe?jeton=exemple":              "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: retiré par son producteur":                                          "sample data",
	"pkg/domain/mailtemplate/mailtemplate.go: sélectionné":                                                        "sample data (a status word)",
	// The words of the e-mails' fields, stored in a message's parameters
	// and compared by the festival's templates ({{if eq .Status
	// "sélectionné"}}): the mails' per-language catalogue owns them.
	"pkg/domain/festival/entryedit.go: durée":                           "a field's word in the movie.edited mail",
	"pkg/domain/festival/entryedit.go: année de sortie":                 "a field's word in the movie.edited mail",
	"pkg/domain/festival/entryedit.go: nationalité":                     "a field's word in the movie.edited mail",
	"pkg/domain/festival/entryedit.go: commentaire du jury":             "a field's word in the movie.edited mail",
	"pkg/domain/festival/entryedit.go: commentaire de l'administration": "a field's word in the movie.edited mail",
	"pkg/domain/festival/entryedit.go: réponse « ":                      "a field's word in the movie.edited mail",
	"pkg/domain/festival/entryedit.go:  »":                              "a field's word in the movie.edited mail",
	"pkg/domain/festival/media_job.go:  (bloquant : le film ne sera pas confié au jury tant que le fichier n'est pas remplacé)": "a line of the media.checked mail",
	"pkg/service/movies/assign.go: « ": "the titles' quotes in the jury.assignment mail",
	"pkg/service/movies/assign.go:  »": "the titles' quotes in the jury.assignment mail",
}

// frenchDataFiles are files whose literals are data about languages, not
// texts the product writes to anyone.
var frenchDataFiles = map[string]string{
	"pkg/domain/festival/languages.go": "the ISO 639-1 codes and the names of languages main_language may hold",
	"pkg/media/sublang.go":             "the common words of each language the subtitles' detector counts",
}

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
			case d.IsDir() && (d.Name() == "storesuite" || d.Name() == "filestest"):
				return filepath.SkipDir // test support: fixtures are test data
			case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
				return nil
			case frenchDataFiles[filepath.ToSlash(rel)] != "":
				return nil
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
