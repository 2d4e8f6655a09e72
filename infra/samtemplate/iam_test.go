package samtemplate_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/festivalapi/festival/infra/lambdatest"
	"github.com/festivalapi/festival/infra/samtemplate"
)

// awsCalls maps each AWS SDK operation the functions can call to the IAM
// actions it needs. A TransactWriteItems needs the action of each item it
// writes or checks; the store's transactions put, update, delete and check.
// An operation linked into a binary but missing here fails the test below:
// add it, with its actions, and grant them in template.yaml.
var awsCalls = map[string][]string{
	"dynamodb.GetItem":            {"dynamodb:GetItem"},
	"dynamodb.PutItem":            {"dynamodb:PutItem"},
	"dynamodb.UpdateItem":         {"dynamodb:UpdateItem"},
	"dynamodb.DeleteItem":         {"dynamodb:DeleteItem"},
	"dynamodb.Query":              {"dynamodb:Query"},
	"dynamodb.BatchGetItem":       {"dynamodb:BatchGetItem"},
	"dynamodb.TransactWriteItems": {"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem"},
	"s3.PutObject":                {"s3:PutObject"},
	"s3.GetObject":                {"s3:GetObject"},
	"s3.CopyObject":               {"s3:GetObject", "s3:PutObject"},
	"s3.HeadObject":               {"s3:GetObject"},
	"s3.DeleteObject":             {"s3:DeleteObject"},
	"s3.DeleteObjects":            {"s3:DeleteObject"},
	"s3.CreateMultipartUpload":    {"s3:PutObject"},
	"s3.UploadPart":               {"s3:PutObject"},
	"s3.CompleteMultipartUpload":  {"s3:PutObject"},
	"s3.AbortMultipartUpload":     {"s3:AbortMultipartUpload"},
	"s3.ListParts":                {"s3:ListMultipartUploadParts"},
	"s3.ListMultipartUploads":     {"s3:ListBucketMultipartUploads"},
	"s3.ListObjectsV2":            {"s3:ListBucket"},
	// A presigned URL is signed with the function's role: it works only if
	// the role may do what the URL does.
	"s3.PresignGetObject":  {"s3:GetObject"},
	"s3.PresignUploadPart": {"s3:PutObject"},
	"s3.PresignPutObject":  {"s3:PutObject"},
	"ssm.GetParameter":     {"ssm:GetParameter"},
	"sesv2.SendEmail":      {"ses:SendEmail"},
	// A job runs under the stack's MediaConvert role, which the caller
	// passes to MediaConvert.
	"mediaconvert.CreateJob": {"mediaconvert:CreateJob", "iam:PassRole"},
	"mediaconvert.GetJob":    {"mediaconvert:GetJob"},
	"mediaconvert.Probe":     {"mediaconvert:Probe"},
}

// sdkInternals are operations the SDK links for features this stack does not
// use: DynamoDB endpoint discovery (off unless configured) and S3 Express
// directory-bucket sessions (the bucket is a general purpose bucket).
var sdkInternals = map[string]bool{"dynamodb.DescribeEndpoints": true, "s3.CreateSession": true}

// sdkOperation matches the symbol of an operation method of the SDK's
// DynamoDB, S3, SSM, SES and MediaConvert clients (exported names only: the
// operations).
var sdkOperation = regexp.MustCompile(`github\.com/aws/aws-sdk-go-v2/service/(dynamodb|s3|ssm|sesv2|mediaconvert)\.\(\*(Client|PresignClient)\)\.([A-Z][A-Za-z0-9]+)$`)

// linkedCalls builds each function's binary (unstripped, so that it keeps its
// symbol table) and lists the AWS operations the linker kept in it. The Go
// linker drops every method nothing can reach, so this is the set of calls
// the function's code can make, through any path, and nothing of the other
// route groups (each main builds only its own group).
func linkedCalls(t *testing.T, groups []string) map[string][]string {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// The Lambda build's flags but the stripping (-s -w: nm needs the
	// symbols), so the compiled packages are those infra/lambdatest builds:
	// one compile in the build cache serves both tests (GoBuild takes turns).
	root, recipe := makefileRecipe(t)
	if err := lambdatest.GoBuild(ctx, root, dir, recipe.HostEnv(), recipe.Unstripped(), groups); err != nil {
		t.Fatalf("go build: %v", err)
	}
	calls := map[string][]string{}
	for _, g := range groups {
		out, err := exec.CommandContext(ctx, "go", "tool", "nm", filepath.Join(dir, g)).Output()
		if err != nil {
			t.Fatalf("go tool nm %s: %v", g, err)
		}
		seen := map[string]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			m := sdkOperation.FindStringSubmatch(strings.TrimSpace(line))
			if m == nil {
				continue
			}
			op := m[1] + "." + m[3]
			if !seen[op] {
				seen[op] = true
				calls[g] = append(calls[g], op)
			}
		}
		sort.Strings(calls[g])
	}
	return calls
}

// grantedActions gathers the Allow actions of a function's inline statements.
func grantedActions(policies []yaml.Node) map[string]bool {
	granted := map[string]bool{}
	for i := range policies {
		collectActions(&policies[i], granted)
	}
	return granted
}

// TestEveryFunctionMayDoExactlyWhatItsCodeCalls derives each function's AWS
// calls from its binary and holds its policy to them: every call granted, and
// nothing granted that no call needs.
func TestEveryFunctionMayDoExactlyWhatItsCodeCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every function")
	}
	_, fns := load(t)
	ids := sortedIDs(fns)
	groups := make([]string, len(ids))
	for i, id := range ids {
		groups[i] = samtemplate.Group(id)
	}
	calls := linkedCalls(t, groups)
	for i, id := range ids {
		need := map[string]bool{}
		var report []string
		for _, op := range calls[groups[i]] {
			if sdkInternals[op] {
				continue
			}
			actions, known := awsCalls[op]
			if !known {
				t.Errorf("%s calls %s, which iam_test.go does not map to IAM actions", id, op)
			}
			for _, a := range actions {
				need[a] = true
			}
			report = append(report, op)
		}
		granted := grantedActions(fns[id].Policies)
		var needed []string
		for a := range need {
			needed = append(needed, a)
			if !granted[a] {
				t.Errorf("%s calls what needs %s, which its policy does not grant", id, a)
			}
		}
		for a := range granted {
			if !need[a] {
				t.Errorf("%s is granted %s, which none of its calls needs", id, a)
			}
		}
		sort.Strings(needed)
		t.Logf("%s calls %s: needs %s", id, strings.Join(report, ", "), strings.Join(needed, ", "))
		if slices.Contains(needed, "dynamodb:Scan") || slices.Contains(needed, "dynamodb:BatchWriteItem") {
			t.Errorf("%s scans or batch-writes: no request path should", id)
		}
	}
}
