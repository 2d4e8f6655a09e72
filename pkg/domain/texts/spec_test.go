package texts

import (
	"os"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v3"
)

// specKeys are the keys spec.go declares: the texts the specification fixes.
func specKeys(t *testing.T) []Key {
	t.Helper()
	var out []Key
	for k, name := range declaredKeys(t) {
		if specNames[name] {
			out = append(out, k)
		}
	}
	return out
}

// specNames are the constants of spec.go.
var specNames = map[string]bool{
	"AdminOnly": true, "AllFieldsFilled": true, "AllRequired": true, "DatabaseError": true, "EventCreated": true,
	"EventExists": true, "EventNotFound": true, "EventUpdated": true, "MovieNotFound": true, "Internal": true,
	"LoginOK": true, "MissingData": true, "MissingID": true, "TokenInvalid": true, "UserCreated": true,
	"UserExists": true, "UserNotFound": true,
}

// TestTheSpecificationsTextsAreTheContracts: each text the specification
// fixes is, in the French catalogue, byte for byte the text
// docs/openapi.yaml gives for its code (Error's x-spec-texts), and the
// contract lists no other.
func TestTheSpecificationsTextsAreTheContracts(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas struct {
				Error struct {
					SpecTexts map[string]string `yaml:"x-spec-texts"`
				} `yaml:"Error"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	contract := doc.Components.Schemas.Error.SpecTexts
	keys := specKeys(t)
	if len(keys) != len(specNames) {
		t.Fatalf("spec.go declares %d of the %d keys the test knows", len(keys), len(specNames))
	}
	for _, k := range keys {
		want, ok := contract[string(k)]
		if !ok {
			t.Errorf("docs/openapi.yaml's Error x-spec-texts lacks %s (%q)", k, T(French, k))
			continue
		}
		if got := T(French, k); got != want {
			t.Errorf("%s: the catalogue says %q, the contract %q", k, got, want)
		}
	}
	for code := range contract {
		if _, ok := specNames[declaredKeys(t)[Key(code)]]; !ok {
			t.Errorf("x-spec-texts lists %q, which spec.go does not declare", code)
		}
	}
}
