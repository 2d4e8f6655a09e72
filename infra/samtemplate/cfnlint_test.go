package samtemplate_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/festivalapi/festival/infra/samtemplate"
)

// installHint is how to get the validators where a machine lacks them (they
// ship with this project's machine image).
const installHint = "install AWS's validators: pip install cfn-lint==1.51.0 aws-sam-translator==1.110.0"

// samconfigPath is samconfig.toml at the module root: the deploy's settings.
var samconfigPath = filepath.Join("..", "..", "samconfig.toml")

// The transformed template is made once per test binary (the translator
// takes some 20 seconds) and read by every test that checks what
// CloudFormation will deploy.
var transform struct {
	once sync.Once
	dir  string
	path string
	doc  map[string]any
	err  string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if transform.dir != "" {
		os.RemoveAll(transform.dir)
	}
	os.Exit(code)
}

// transformed expands template.yaml into the CloudFormation that `sam
// deploy` sends, with samconfig.toml's parameter values (each the Default
// of its parameter in the output), and returns its path and its content.
func transformed(t *testing.T) (string, map[string]any) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs AWS's SAM translator")
	}
	transform.once.Do(func() {
		transform.err = makeTransform()
	})
	if transform.err != "" {
		t.Fatal(transform.err)
	}
	return transform.path, transform.doc
}

func makeTransform() string {
	if _, err := exec.LookPath("python3"); err != nil {
		return "python3 is not installed: " + installHint
	}
	if out, err := exec.Command("python3", "-c", "import samtranslator").CombinedOutput(); err != nil {
		return "aws-sam-translator is not importable: " + err.Error() + ": " + string(out) + " (" + installHint + ")"
	}
	values, err := samtemplate.DeployParameters(samconfigPath)
	if err != nil {
		return err.Error()
	}
	if transform.dir, err = os.MkdirTemp("", "festival-sam-transform-"); err != nil {
		return err.Error()
	}
	params := filepath.Join(transform.dir, "parameters.json")
	b, _ := json.Marshal(values)
	if err := os.WriteFile(params, b, 0o600); err != nil {
		return err.Error()
	}
	transform.path = filepath.Join(transform.dir, "template.json")
	if out, err := exec.Command("python3", "sam_transform.py", templatePath, transform.path, params).CombinedOutput(); err != nil {
		return "SAM transform: " + err.Error() + "\n" + string(out)
	}
	if b, err = os.ReadFile(transform.path); err != nil {
		return err.Error()
	}
	if err := json.Unmarshal(b, &transform.doc); err != nil {
		return "the transformed template is not JSON: " + err.Error()
	}
	return ""
}

// TestCfnLintFindsNothingInTheTemplateNorInItsTransform runs AWS's own
// validators: cfn-lint on template.yaml, then AWS's SAM translator (the code
// of the AWS::Serverless transform) with the deploy's parameter values and
// cfn-lint on the CloudFormation it produces, which is what CloudFormation
// will actually deploy. Any finding fails; a machine without the validators
// fails with how to install them.
func TestCfnLintFindsNothingInTheTemplateNorInItsTransform(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cfn-lint")
	}
	if _, err := exec.LookPath("cfn-lint"); err != nil {
		t.Fatalf("cfn-lint is not installed: %s", installHint)
	}
	version, err := exec.Command("cfn-lint", "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("cfn-lint --version: %v: %s (%s)", err, version, installHint)
	}
	sam, err := exec.Command("python3", "-c", "import samtranslator; print(samtranslator.__version__)").CombinedOutput()
	if err != nil {
		t.Fatalf("aws-sam-translator is not importable: %v: %s (%s)", err, sam, installHint)
	}
	t.Logf("validators: %s, aws-sam-translator %s", strings.TrimSpace(string(version)), strings.TrimSpace(string(sam)))

	if out, err := exec.Command("cfn-lint", templatePath).CombinedOutput(); err != nil {
		t.Errorf("cfn-lint template.yaml: %v\n%s", err, out)
	}
	path, _ := transformed(t)
	if out, err := exec.Command("cfn-lint", path).CombinedOutput(); err != nil {
		t.Errorf("cfn-lint on the transformed template: %v\n%s", err, out)
	}
}

// TestTheTransformCarriesTheDeploysParameterValues: the template that is
// linted and checked is the one `sam deploy` makes with samconfig.toml's
// values, not with template.yaml's development defaults. The CORS origin
// is the telling one: localhost by default, the festival's site deployed.
func TestTheTransformCarriesTheDeploysParameterValues(t *testing.T) {
	values, err := samtemplate.DeployParameters(samconfigPath)
	if err != nil {
		t.Fatal(err)
	}
	const origin = "https://festival.example.org"
	if values["CorsAllowOrigin"] != origin {
		t.Fatalf("samconfig.toml deploys CorsAllowOrigin %q, want %q", values["CorsAllowOrigin"], origin)
	}
	_, doc := transformed(t)
	for name, v := range values {
		if got := at(doc, "Parameters", name, "Default"); fmt.Sprint(got) != v {
			t.Errorf("parameter %s: %v in the transformed template, samconfig.toml deploys %q", name, got, v)
		}
	}
	// The HTTP API's CORS, which the translator writes into the API's
	// definition from the parameter's value.
	var origins []any
	for id, r := range asMapOrEmpty(at(doc, "Resources")) {
		if at(r, "Type") != "AWS::ApiGatewayV2::Api" {
			continue
		}
		o, _ := at(r, "Properties", "Body", "x-amazon-apigateway-cors", "allowOrigins").([]any)
		if len(o) == 0 {
			t.Errorf("%s: no allowOrigins in its CORS", id)
		}
		origins = append(origins, o...)
	}
	if len(origins) == 0 {
		t.Fatal("the transformed template has no HTTP API with CORS")
	}
	for _, o := range origins {
		if o != origin {
			t.Errorf("the HTTP API allows the origin %v, samconfig.toml deploys %q", o, origin)
		}
	}
}

func asMapOrEmpty(v any) map[string]any {
	m, _ := asMap(v)
	return m
}

func TestParameterOverridesAreReadAsSAMReadsThem(t *testing.T) {
	for _, c := range []struct {
		in   string
		want map[string]string
		ok   bool
	}{
		{`A="x" B=y C="" D="$default"`, map[string]string{"A": "x", "B": "y", "C": "", "D": "$default"}, true},
		{`A="a b \"c\""  B="Festival du film"`, map[string]string{"A": `a b "c"`, "B": "Festival du film"}, true},
		{`A="x" A="y"`, nil, false},
		{`A="x`, nil, false},
		{`=x`, nil, false},
		{`A x`, nil, false},
	} {
		got := map[string]string{}
		err := samtemplate.ParseParameterOverrides(c.in, got)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if c.ok && !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.in, got, c.want)
		}
	}
}
