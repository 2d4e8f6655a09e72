package samtemplate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"gopkg.in/yaml.v3"

	"github.com/festivalapi/festival/infra/samtemplate"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// templatePath is template.yaml at the module root, two folders up.
var templatePath = filepath.Join("..", "..", "template.yaml")

// specRoutes are the routes of the specification's endpoint tables
// (spec/festival-api.md, "Endpoints"), with :param written {param} as SAM
// writes it, and the function of the route group that must serve each.
var specRoutes = []samtemplate.Route{
	{Method: "POST", Path: "/auth/register", Function: "AuthFunction"},
	{Method: "POST", Path: "/auth/login", Function: "AuthFunction"},
	{Method: "POST", Path: "/auth/register-film", Function: "AuthFunction"},

	{Method: "GET", Path: "/users/me", Function: "UsersFunction"},
	{Method: "PUT", Path: "/users/me", Function: "UsersFunction"},
	{Method: "GET", Path: "/users", Function: "UsersFunction"},
	{Method: "GET", Path: "/users/{id}", Function: "UsersFunction"},
	{Method: "POST", Path: "/users", Function: "UsersFunction"},
	{Method: "PUT", Path: "/users/{id}", Function: "UsersFunction"},
	{Method: "DELETE", Path: "/users/{id}", Function: "UsersFunction"},

	{Method: "GET", Path: "/movies", Function: "MoviesFunction"},
	{Method: "GET", Path: "/movies/{id}", Function: "MoviesFunction"},
	{Method: "GET", Path: "/movies/mine", Function: "MoviesFunction"},
	{Method: "POST", Path: "/movies/upload", Function: "MoviesFunction"},
	{Method: "GET", Path: "/movies/assigned", Function: "MoviesFunction"},
	{Method: "PUT", Path: "/movies/{id}", Function: "MoviesFunction"},
	{Method: "PUT", Path: "/movies/{id}/status", Function: "MoviesFunction"},
	{Method: "PUT", Path: "/movies/{id}/categories", Function: "MoviesFunction"},
	{Method: "PUT", Path: "/movies/{id}/juries", Function: "MoviesFunction"},
	{Method: "PUT", Path: "/movies/{id}/collaborators", Function: "MoviesFunction"},
	{Method: "PUT", Path: "/movies/{id}/jury-candidate", Function: "MoviesFunction"},
	{Method: "DELETE", Path: "/movies/{id}", Function: "MoviesFunction"},

	{Method: "GET", Path: "/votes/mine", Function: "VotesFunction"},
	{Method: "GET", Path: "/votes/mine/{id_movie}", Function: "VotesFunction"},
	{Method: "POST", Path: "/votes/mine/{id_movie}", Function: "VotesFunction"},
	{Method: "GET", Path: "/votes", Function: "VotesFunction"},
	{Method: "DELETE", Path: "/votes/movie/{id_movie}", Function: "VotesFunction"},
	{Method: "DELETE", Path: "/votes/{id}", Function: "VotesFunction"},

	{Method: "GET", Path: "/categories", Function: "CategoriesFunction"},

	{Method: "GET", Path: "/events", Function: "EventsFunction"},
	{Method: "POST", Path: "/events", Function: "EventsFunction"},
	{Method: "PUT", Path: "/events/{id}", Function: "EventsFunction"},
}

func load(t *testing.T) (*samtemplate.Template, map[string]samtemplate.FunctionProps) {
	t.Helper()
	tpl, err := samtemplate.Load(templatePath)
	if err != nil {
		t.Fatal(err)
	}
	fns, err := tpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) == 0 {
		t.Fatal("template.yaml declares no function")
	}
	return tpl, fns
}

func sortedIDs(fns map[string]samtemplate.FunctionProps) []string {
	ids := make([]string, 0, len(fns))
	for id := range fns {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func TestEveryFunctionRunsTheGoBootstrapOnArm64AndIsBuiltByTheMakefile(t *testing.T) {
	tpl, fns := load(t)
	g := tpl.Globals.Function
	_, recipe := makefileRecipe(t)
	built := recipe.Functions
	for _, id := range sortedIDs(fns) {
		f := fns[id]
		runtime, arch, handler := f.Runtime, f.Architectures, f.Handler
		if runtime == "" {
			runtime = g.Runtime
		}
		if arch == nil {
			arch = g.Architectures
		}
		if handler == "" {
			handler = g.Handler
		}
		if runtime != "provided.al2023" {
			t.Errorf("%s: Runtime %q, want provided.al2023", id, runtime)
		}
		if !slices.Equal(arch, []string{"arm64"}) {
			t.Errorf("%s: Architectures %v, want [arm64]", id, arch)
		}
		if handler != "bootstrap" {
			t.Errorf("%s: Handler %q, want bootstrap", id, handler)
		}
		if bm := tpl.Resources[id].Metadata["BuildMethod"]; bm != "makefile" {
			t.Errorf("%s: Metadata.BuildMethod %v, want makefile (sam build calls make build-%s)", id, bm, id)
		}
		group := samtemplate.Group(id)
		if _, err := os.Stat(filepath.Join("..", "..", "functions", group, "main.go")); err != nil {
			t.Errorf("%s: no functions/%s/main.go for `make build-%s`: %v", id, group, id, err)
		}
		if !slices.Contains(built, group) {
			t.Errorf("%s: %q is missing from the Makefile's FUNCTIONS (%v), so `make build` skips it", id, group, built)
		}
	}
}

func TestEveryFunctionsPoliciesReachOnlyTheTableTheBucketAndTheSecret(t *testing.T) {
	_, fns := load(t)
	for _, id := range sortedIDs(fns) {
		policies := fns[id].Policies
		if len(policies) == 0 && id != "ConsoleFunction" { // the console serves files it carries: no AWS access at all
			t.Errorf("%s: no Policies; it needs at least the table", id)
		}
		for i := range policies {
			if err := checkPolicy(&policies[i]); err != nil {
				t.Errorf("%s: policy %d: %v", id, i+1, err)
			}
		}
	}
}

func TestCheckPolicyRefusesPoliciesBeyondTheTableAndTheBucket(t *testing.T) {
	for name, doc := range map[string]string{
		"managed policy":         `AmazonDynamoDBFullAccess`,
		"crud on another table":  `DynamoDBCrudPolicy: {TableName: other-table}`,
		"s3 on another bucket":   `S3ReadPolicy: {BucketName: !Ref OtherBucket}`,
		"unknown template":       `SQSSendMessagePolicy: {QueueName: !Ref Queue}`,
		"statement on all":       "Statement:\n  - Effect: Allow\n    Action: s3:GetObject\n    Resource: '*'",
		"statement sub literal":  "Statement:\n  - Effect: Allow\n    Action: s3:GetObject\n    Resource: !Sub 'arn:aws:s3:::other/*'",
		"statement other ref":    "Statement:\n  - Effect: Allow\n    Action: s3:GetObject\n    Resource: [!GetAtt Table.Arn, !GetAtt Other.Arn]",
		"statement no resource":  "Statement:\n  - Effect: Allow\n    Action: s3:GetObject",
		"statement notresource":  "Statement:\n  - Effect: Allow\n    Action: s3:GetObject\n    NotResource: !GetAtt Table.Arn",
		"statement join literal": "Statement:\n  - Effect: Allow\n    Action: s3:GetObject\n    Resource: !Join ['', ['arn:aws:s3:::', other]]",
		"scoped action on all":   "Statement:\n  - Effect: Allow\n    Action: [mediaconvert:Probe, mediaconvert:GetJob]\n    Resource: '*'",
		"another account's jobs": "Statement:\n  - Effect: Allow\n    Action: mediaconvert:GetJob\n    Resource: !Sub 'arn:${AWS::Partition}:mediaconvert:${AWS::Region}:123456789012:jobs/*'",
		"pass another role":      "Statement:\n  - Effect: Allow\n    Action: iam:PassRole\n    Resource: !GetAtt OtherRole.Arn",
	} {
		if err := checkPolicy(policyNode(t, doc)); err == nil {
			t.Errorf("%s: accepted, want refused", name)
		}
	}
	for name, doc := range map[string]string{
		"crud on the table":  `DynamoDBCrudPolicy: {TableName: !Ref Table}`,
		"read on the table":  `DynamoDBReadPolicy: {TableName: !Ref Table}`,
		"s3 on the bucket":   `S3CrudPolicy: {BucketName: !Ref Bucket}`,
		"statement objects":  "Statement:\n  - Effect: Allow\n    Action: [s3:AbortMultipartUpload]\n    Resource: !Sub '${Bucket.Arn}/*'",
		"statement indexes":  "Statement:\n  - Effect: Allow\n    Action: dynamodb:Query\n    Resource: [!GetAtt Table.Arn, !Sub '${Table.Arn}/index/*']",
		"probe on all":       "Statement:\n  - Effect: Allow\n    Action: mediaconvert:Probe\n    Resource: '*'",
		"the account's jobs": "Statement:\n  - Effect: Allow\n    Action: mediaconvert:GetJob\n    Resource: !Sub 'arn:${AWS::Partition}:mediaconvert:${AWS::Region}:${AWS::AccountId}:jobs/*'",
		"the stack's queue":  "Statement:\n  - Effect: Allow\n    Action: mediaconvert:CreateJob\n    Resource: !GetAtt MediaConvertQueue.Arn",
		"pass the role":      "Statement:\n  - Effect: Allow\n    Action: iam:PassRole\n    Resource: !GetAtt MediaConvertRole.Arn",
	} {
		if err := checkPolicy(policyNode(t, doc)); err != nil {
			t.Errorf("%s: refused: %v", name, err)
		}
	}
}

func policyNode(t *testing.T, doc string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return n.Content[0]
}

// The SAM policy templates that reach exactly one table or one bucket, and
// the parameter that names it.
var scopedTemplates = map[string][2]string{
	"DynamoDBCrudPolicy":  {"TableName", "Table"},
	"DynamoDBReadPolicy":  {"TableName", "Table"},
	"DynamoDBWritePolicy": {"TableName", "Table"},
	"S3CrudPolicy":        {"BucketName", "Bucket"},
	"S3ReadPolicy":        {"BucketName", "Bucket"},
	"S3WritePolicy":       {"BucketName", "Bucket"},
}

// checkPolicy accepts a policy template scoped to !Ref Table / !Ref Bucket, or
// inline statements whose every Resource references only Table or Bucket.
func checkPolicy(p *yaml.Node) error {
	if p.Kind != yaml.MappingNode || len(p.Content) != 2 {
		return fmt.Errorf("%q is a managed policy or an unknown form; it may reach beyond the table and the bucket", p.Value)
	}
	name, val := p.Content[0].Value, p.Content[1]
	if name == "Statement" {
		return checkStatements(val)
	}
	scope, ok := scopedTemplates[name]
	if !ok {
		return fmt.Errorf("policy template %s is not one known to reach only the table or the bucket", name)
	}
	param := mapValue(val, scope[0])
	if param == nil || param.Tag != "!Ref" || param.Value != scope[1] {
		return fmt.Errorf("%s: %s must be !Ref %s", name, scope[0], scope[1])
	}
	return nil
}

func checkStatements(n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return fmt.Errorf("Statement must be a non-empty list")
	}
	for i, st := range n.Content {
		if mapValue(st, "NotResource") != nil {
			return fmt.Errorf("statement %d: NotResource reaches everything else", i+1)
		}
		res := mapValue(st, "Resource")
		if res == nil {
			return fmt.Errorf("statement %d: no Resource", i+1)
		}
		if res.Tag == "!!str" && res.Value == "*" {
			if err := onlyUnscoped(mapValue(st, "Action")); err != nil {
				return fmt.Errorf("statement %d: %v", i+1, err)
			}
			continue
		}
		items := []*yaml.Node{res}
		if res.Kind == yaml.SequenceNode && res.Tag == "!!seq" {
			items = res.Content
		}
		for _, r := range items {
			if accountJobs(r) {
				continue
			}
			refs, err := references(r)
			if err != nil {
				return fmt.Errorf("statement %d: resource %q: %v", i+1, r.Value, err)
			}
			if len(refs) == 0 {
				return fmt.Errorf("statement %d: resource %q references neither Table nor Bucket", i+1, r.Value)
			}
			for _, ref := range refs {
				if !stackResources[ref] {
					return fmt.Errorf("statement %d: resource references %s, not only Table, Bucket, the secret's parameter, the mail sender's identity or the stack's MediaConvert role and queue", i+1, ref)
				}
			}
		}
	}
	return nil
}

// stackResources are what a function's statements may reach: the table, the
// bucket, the secret's parameter, the setup code's parameter (the auth
// function's alone: TestTheSigningSecretIsReadFromSSMAndNeverInTheEnvironment),
// the mail sender's identity, and the
// stack's MediaConvert role (to pass) and queue (to submit jobs to).
var stackResources = map[string]bool{
	"Table": true, "Bucket": true, "JwtSecretParameterName": true, "SetupCodeParameterName": true, "MailSenderIdentity": true,
	"MediaConvertRole": true, "MediaConvertQueue": true,
}

// unscopedActions are the actions IAM cannot scope to a resource: only
// they may be granted on "*".
var unscopedActions = map[string]bool{"mediaconvert:Probe": true}

func onlyUnscoped(actions *yaml.Node) error {
	list := []*yaml.Node{actions}
	if actions != nil && actions.Kind == yaml.SequenceNode {
		list = actions.Content
	}
	for _, a := range list {
		if a == nil || !unscopedActions[a.Value] {
			return fmt.Errorf("resource \"*\" for an action IAM can scope to a resource")
		}
	}
	return nil
}

// accountJobs reports whether r is the ARN of this account's MediaConvert
// jobs in this region (a job's status is read by its id, which is only
// known once the job exists).
func accountJobs(r *yaml.Node) bool {
	return r.Tag == "!Sub" && r.Value == "arn:${AWS::Partition}:mediaconvert:${AWS::Region}:${AWS::AccountId}:jobs/*"
}

var subVar = regexp.MustCompile(`\$\{([^}!]+)\}`)

// references returns the logical ids an ARN expression is built from. A
// literal part that is not an ARN prefix or a separator is refused: the
// resource could then be anything.
func references(n *yaml.Node) ([]string, error) {
	switch n.Tag {
	case "!Ref":
		return []string{n.Value}, nil
	case "!GetAtt":
		if n.Kind == yaml.SequenceNode && len(n.Content) > 0 {
			return []string{n.Content[0].Value}, nil
		}
		return []string{strings.SplitN(n.Value, ".", 2)[0]}, nil
	case "!Sub":
		var refs []string
		for _, m := range subVar.FindAllStringSubmatch(n.Value, -1) {
			id := strings.SplitN(m[1], ".", 2)[0]
			if !strings.HasPrefix(id, "AWS::") {
				refs = append(refs, id)
			}
		}
		if err := literalIsSuffix(subVar.ReplaceAllString(n.Value, "")); err != nil {
			return nil, err
		}
		return refs, nil
	case "!Join":
		if n.Kind != yaml.SequenceNode || len(n.Content) != 2 || n.Content[1].Kind != yaml.SequenceNode {
			return nil, fmt.Errorf("malformed !Join")
		}
		var refs []string
		for _, part := range n.Content[1].Content {
			if part.Tag == "!!str" {
				if err := literalIsSuffix(part.Value); err != nil {
					return nil, err
				}
				continue
			}
			r, err := references(part)
			if err != nil {
				return nil, err
			}
			refs = append(refs, r...)
		}
		return refs, nil
	}
	return nil, fmt.Errorf("a literal resource is not tied to the template's table or bucket")
}

// literalIsSuffix accepts the literal text around references in an ARN:
// object, film-prefix and index suffixes ("/*", "/movies/*", "/exports/*", "/answers/*", "/index/*"), the
// S3 ARN prefix, and what is left of an SSM parameter ARN once its pseudo
// parameters and the parameter's name are taken out.
func literalIsSuffix(s string) error {
	s = strings.TrimPrefix(s, "arn:aws:s3:::")
	s = strings.TrimPrefix(s, "arn:${AWS::Partition}:s3:::")
	switch s {
	case "", "/*", "/movies/*", "/exports/*", "/answers/*", "/index/*", "arn::ssm:::parameter", "arn::ses:::identity/":
		return nil
	}
	return fmt.Errorf("literal text %q could name another resource", s)
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

type keyElement struct {
	AttributeName string `yaml:"AttributeName"`
	KeyType       string `yaml:"KeyType"`
}

type tableProps struct {
	BillingMode                      string `yaml:"BillingMode"`
	PointInTimeRecoverySpecification struct {
		PointInTimeRecoveryEnabled bool `yaml:"PointInTimeRecoveryEnabled"`
	} `yaml:"PointInTimeRecoverySpecification"`
	AttributeDefinitions []struct {
		AttributeName string `yaml:"AttributeName"`
		AttributeType string `yaml:"AttributeType"`
	} `yaml:"AttributeDefinitions"`
	KeySchema              []keyElement `yaml:"KeySchema"`
	GlobalSecondaryIndexes []struct {
		IndexName  string       `yaml:"IndexName"`
		KeySchema  []keyElement `yaml:"KeySchema"`
		Projection struct {
			ProjectionType string `yaml:"ProjectionType"`
		} `yaml:"Projection"`
	} `yaml:"GlobalSecondaryIndexes"`
}

func resource(t *testing.T, tpl *samtemplate.Template, id, typ string) samtemplate.Resource {
	t.Helper()
	r, ok := tpl.Resources[id]
	if !ok {
		t.Fatalf("template.yaml has no resource %s", id)
	}
	if r.Type != typ {
		t.Fatalf("%s is a %s, want %s", id, r.Type, typ)
	}
	return r
}

func TestTableHasPointInTimeRecoveryAndTheSchemaTheStoreCreatesLocally(t *testing.T) {
	tpl, _ := load(t)
	var got tableProps
	props := resource(t, tpl, "Table", "AWS::DynamoDB::Table").Properties
	if err := props.Decode(&got); err != nil {
		t.Fatal(err)
	}
	if !got.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled {
		t.Error("Table: PointInTimeRecoveryEnabled is not true")
	}
	want := dynamo.TableSchema("festival")
	if got.BillingMode != string(want.BillingMode) {
		t.Errorf("BillingMode %q, want %q", got.BillingMode, want.BillingMode)
	}

	var gotAttrs, wantAttrs []string
	for _, a := range got.AttributeDefinitions {
		gotAttrs = append(gotAttrs, a.AttributeName+":"+a.AttributeType)
	}
	for _, a := range want.AttributeDefinitions {
		wantAttrs = append(wantAttrs, aws.ToString(a.AttributeName)+":"+string(a.AttributeType))
	}
	sort.Strings(gotAttrs)
	sort.Strings(wantAttrs)
	if !slices.Equal(gotAttrs, wantAttrs) {
		t.Errorf("AttributeDefinitions %v, want %v", gotAttrs, wantAttrs)
	}

	keys := func(ks []keyElement) string {
		var s []string
		for _, k := range ks {
			s = append(s, k.AttributeName+":"+k.KeyType)
		}
		return strings.Join(s, ",")
	}
	if g, w := keys(got.KeySchema), keys(toKeyElements(want.KeySchema)); g != w {
		t.Errorf("KeySchema %s, want %s", g, w)
	}

	var gotIdx, wantIdx []string
	for _, i := range got.GlobalSecondaryIndexes {
		gotIdx = append(gotIdx, i.IndexName+"("+keys(i.KeySchema)+") "+i.Projection.ProjectionType)
	}
	for _, i := range want.GlobalSecondaryIndexes {
		wantIdx = append(wantIdx, aws.ToString(i.IndexName)+"("+keys(toKeyElements(i.KeySchema))+") "+string(i.Projection.ProjectionType))
	}
	sort.Strings(gotIdx)
	sort.Strings(wantIdx)
	if !slices.Equal(gotIdx, wantIdx) {
		t.Errorf("GlobalSecondaryIndexes\n got  %v\n want %v (dynamo.TableSchema)", gotIdx, wantIdx)
	}
}

func toKeyElements(ks []types.KeySchemaElement) []keyElement {
	out := make([]keyElement, 0, len(ks))
	for _, k := range ks {
		out = append(out, keyElement{AttributeName: aws.ToString(k.AttributeName), KeyType: string(k.KeyType)})
	}
	return out
}

func TestBucketBlocksPublicAccessAndIsEncrypted(t *testing.T) {
	tpl, _ := load(t)
	var got struct {
		BucketEncryption struct {
			ServerSideEncryptionConfiguration []struct {
				ServerSideEncryptionByDefault struct {
					SSEAlgorithm string `yaml:"SSEAlgorithm"`
				} `yaml:"ServerSideEncryptionByDefault"`
			} `yaml:"ServerSideEncryptionConfiguration"`
		} `yaml:"BucketEncryption"`
		PublicAccessBlockConfiguration map[string]bool `yaml:"PublicAccessBlockConfiguration"`
	}
	props := resource(t, tpl, "Bucket", "AWS::S3::Bucket").Properties
	if err := props.Decode(&got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls", "RestrictPublicBuckets"} {
		if !got.PublicAccessBlockConfiguration[k] {
			t.Errorf("Bucket: PublicAccessBlockConfiguration.%s is not true", k)
		}
	}
	sse := got.BucketEncryption.ServerSideEncryptionConfiguration
	if len(sse) == 0 {
		t.Fatal("Bucket: no BucketEncryption.ServerSideEncryptionConfiguration")
	}
	for _, c := range sse {
		if a := c.ServerSideEncryptionByDefault.SSEAlgorithm; a != "AES256" && a != "aws:kms" && a != "aws:kms:dsse" {
			t.Errorf("Bucket: SSEAlgorithm %q, want AES256 or aws:kms", a)
		}
	}
}

func TestEveryRouteIsDeclaredOnceOnTheFunctionOfItsGroup(t *testing.T) {
	tpl, fns := load(t)
	routes, err := tpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, r := range routes {
		key := r.Method + " " + r.Path
		if prev, dup := seen[key]; dup {
			t.Errorf("%s is declared twice (%s and %s)", key, prev, r.Function)
		}
		seen[key] = r.Function
		// A path under a route group (/movies/...) belongs to that group's
		// function; a path outside every group (/settings) may sit on any.
		group := strings.SplitN(strings.TrimPrefix(r.Path, "/"), "/", 2)[0]
		if _, isGroup := fns[groupFunction(group)]; isGroup && samtemplate.Group(r.Function) != group {
			t.Errorf("%s is served by %s, want the %s group's function", key, r.Function, group)
		}
	}
}

// groupFunction is the logical id of a group's function: movies -> MoviesFunction.
func groupFunction(group string) string {
	if group == "" {
		return ""
	}
	return strings.ToUpper(group[:1]) + group[1:] + "Function"
}

func TestEverySpecRouteIsServedByTheFunctionOfItsGroup(t *testing.T) {
	tpl, fns := load(t)
	routes, err := tpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]string{}
	for _, r := range routes {
		declared[r.Method+" "+r.Path] = r.Function
	}
	byFunction := map[string][]samtemplate.Route{}
	var order []string
	for _, r := range specRoutes {
		if _, ok := byFunction[r.Function]; !ok {
			order = append(order, r.Function)
		}
		byFunction[r.Function] = append(byFunction[r.Function], r)
	}
	for _, fn := range order {
		t.Run(fn, func(t *testing.T) {
			if _, ok := fns[fn]; !ok {
				t.Fatalf("%s is not in template.yaml: its %d spec routes have no function", fn, len(byFunction[fn]))
			}
			for _, r := range byFunction[fn] {
				key := r.Method + " " + r.Path
				got, ok := declared[key]
				switch {
				case !ok:
					t.Errorf("%s (spec) is not declared in template.yaml", key)
				case got != fn:
					t.Errorf("%s is served by %s, want %s", key, got, fn)
				}
			}
		})
	}
}

// collectActions gathers every value under an Action key of a policy.
func collectActions(n *yaml.Node, into map[string]bool) {
	for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "Action" {
			v := n.Content[i+1]
			if v.Kind == yaml.ScalarNode {
				into[v.Value] = true
			}
			for _, a := range v.Content {
				into[a.Value] = true
			}
		}
	}
	for _, c := range n.Content {
		collectActions(c, into)
	}
}
