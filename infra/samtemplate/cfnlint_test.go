package samtemplate_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// installHint is how to get the validators where a machine lacks them (they
// ship with this project's machine image).
const installHint = "install AWS's validators: pip install cfn-lint==1.51.0 aws-sam-translator==1.110.0"

// TestCfnLintFindsNothingInTheTemplateNorInItsTransform runs AWS's own
// validators: cfn-lint on template.yaml, then AWS's SAM translator (the code
// of the AWS::Serverless transform) and cfn-lint on the CloudFormation it
// produces, which is what CloudFormation will actually deploy. Any finding
// fails; a machine without the validators fails with how to install them.
func TestCfnLintFindsNothingInTheTemplateNorInItsTransform(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cfn-lint")
	}
	if _, err := exec.LookPath("cfn-lint"); err != nil {
		t.Fatalf("cfn-lint is not installed: %s", installHint)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is not installed: %s", installHint)
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
	transformed := filepath.Join(t.TempDir(), "template.json")
	if out, err := exec.Command("python3", "sam_transform.py", templatePath, transformed).CombinedOutput(); err != nil {
		t.Fatalf("SAM transform: %v\n%s", err, out)
	}
	if out, err := exec.Command("cfn-lint", transformed).CombinedOutput(); err != nil {
		t.Errorf("cfn-lint on the transformed template: %v\n%s", err, out)
	}
}
