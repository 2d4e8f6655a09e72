package samtemplate_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// doc is template.yaml as plain values: intrinsic functions decode to their
// arguments (!Ref Table is "Table", !GetAtt Table.Arn is "Table.Arn").
type doc map[string]any

func loadDoc(t *testing.T) doc {
	t.Helper()
	b, err := os.ReadFile(templatePath)
	if err != nil {
		t.Fatal(err)
	}
	var d doc
	if err := yaml.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// at walks keys down the document; nil where a key is missing.
func at(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := asMap(v)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// asMap reads a YAML mapping: yaml.v3 decodes nested mappings into the
// target's own map type.
func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case doc:
		return m, true
	case map[string]any:
		return m, true
	}
	return nil, false
}

func (d doc) resources(typ string) map[string]any {
	out := map[string]any{}
	all, _ := asMap(at(d, "Resources"))
	for id, r := range all {
		if at(r, "Type") == typ {
			out[id] = r
		}
	}
	return out
}

func (d doc) functionIDs() []string {
	var ids []string
	for id := range d.resources("AWS::Serverless::Function") {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func number(t *testing.T, v any) float64 {
	t.Helper()
	switch n := v.(type) {
	case int:
		return float64(n)
	case float64:
		return n
	}
	t.Fatalf("%v is not a number", v)
	return 0
}

func TestTheStageThrottlesEveryRouteAndTheAuthRoutesHarder(t *testing.T) {
	d := loadDoc(t)
	api := at(d, "Resources", "HttpApi", "Properties")
	if at(api, "DefaultRouteSettings", "ThrottlingBurstLimit") != "ThrottlingBurstLimit" || at(api, "DefaultRouteSettings", "ThrottlingRateLimit") != "ThrottlingRateLimit" {
		t.Errorf("DefaultRouteSettings %v, want the throttling parameters", at(api, "DefaultRouteSettings"))
	}
	for _, route := range []string{"POST /auth/register", "POST /auth/login", "POST /auth/register-film"} {
		s := at(api, "RouteSettings", route)
		if at(s, "ThrottlingBurstLimit") != "AuthThrottlingBurstLimit" || at(s, "ThrottlingRateLimit") != "AuthThrottlingRateLimit" {
			t.Errorf("%s: route settings %v, want the auth throttling parameters", route, s)
		}
	}
	p := func(name string) float64 { return number(t, at(d, "Parameters", name, "Default")) }
	if p("AuthThrottlingBurstLimit") >= p("ThrottlingBurstLimit") || p("AuthThrottlingRateLimit") >= p("ThrottlingRateLimit") {
		t.Error("the /auth routes are not throttled harder than the rest by default")
	}
}

func TestLogsAreJSONOwnedByTheStackAndKeptForTheRetentionParameter(t *testing.T) {
	d := loadDoc(t)
	if n := number(t, at(d, "Parameters", "LogRetentionDays", "Default")); n != 30 {
		t.Errorf("LogRetentionDays defaults to %v, want 30", n)
	}
	groups := d.resources("AWS::Logs::LogGroup")
	for id, g := range groups {
		if at(g, "Properties", "RetentionInDays") != "LogRetentionDays" {
			t.Errorf("%s keeps its logs %v, want !Ref LogRetentionDays", id, at(g, "Properties", "RetentionInDays"))
		}
	}
	api := at(d, "Resources", "HttpApi", "Properties", "AccessLogSettings")
	dest, _ := at(api, "DestinationArn").(string)
	if _, ok := groups[strings.TrimSuffix(dest, ".Arn")]; !ok {
		t.Errorf("access logs go to %v, not to a log group of the stack", dest)
	}
	var format map[string]string
	if err := json.Unmarshal([]byte(at(api, "Format").(string)), &format); err != nil {
		t.Fatalf("access log format is not JSON: %v", err)
	}
	for field, variable := range map[string]string{
		"requestId": "$context.requestId", "status": "$context.status", "integrationError": "$context.integrationErrorMessage",
		"route": "$context.routeKey", "ip": "$context.identity.sourceIp", "latencyMs": "$context.responseLatency",
	} {
		if format[field] != variable {
			t.Errorf("access log %s = %q, want %q", field, format[field], variable)
		}
	}
	for _, id := range d.functionIDs() {
		lc := at(d, "Resources", id, "Properties", "LoggingConfig")
		group, _ := at(lc, "LogGroup").(string)
		if at(lc, "LogFormat") != "JSON" {
			t.Errorf("%s: LoggingConfig %v, want LogFormat JSON", id, lc)
		}
		if _, ok := groups[group]; !ok {
			t.Errorf("%s logs to %q, not to its own log group of the stack", id, group)
		}
		delete(groups, group) // one group per function
	}
}

func TestAlarmsWatchFunctionsTheAPIAndTheTableAndReachTheTopic(t *testing.T) {
	d := loadDoc(t)
	if at(d, "Resources", "AlarmTopic", "Type") != "AWS::SNS::Topic" {
		t.Fatal("no AlarmTopic")
	}
	sub := at(d, "Resources", "AlarmEmailSubscription")
	if at(sub, "Condition") != "HasAlarmEmail" || at(sub, "Properties", "Endpoint") != "AlarmEmail" {
		t.Errorf("the e-mail subscription is not made only when AlarmEmail is set: %v", sub)
	}
	if at(d, "Parameters", "AlarmEmail", "Default") != "" {
		t.Error("AlarmEmail should be optional (empty by default)")
	}
	watched := map[string][]string{} // metric -> what its dimensions name
	for id, a := range d.resources("AWS::CloudWatch::Alarm") {
		if actions, _ := at(a, "Properties", "AlarmActions").([]any); !slices.Contains(actions, any("AlarmTopic")) {
			t.Errorf("%s does not notify AlarmTopic", id)
		}
		b, _ := json.Marshal(a)
		for _, m := range regexp.MustCompile(`"MetricName":"([^"]+)"`).FindAllStringSubmatch(string(b), -1) {
			watched[m[1]] = append(watched[m[1]], string(b))
		}
		if at(a, "Properties", "ExtendedStatistic") == "p99" {
			watched["p99 "+at(a, "Properties", "MetricName").(string)] = nil
		}
	}
	for _, metric := range []string{"Errors", "Throttles", "5xx", "p99 Latency", "ReadThrottleEvents", "WriteThrottleEvents"} {
		if _, ok := watched[metric]; !ok {
			t.Errorf("no alarm on %s", metric)
		}
	}
	for _, metric := range []string{"Errors", "Throttles"} {
		all := strings.Join(watched[metric], " ")
		for _, id := range d.functionIDs() {
			if !strings.Contains(all, `"Value":"`+id+`"`) {
				t.Errorf("the %s alarm does not watch %s", metric, id)
			}
		}
	}
}

func TestTheBucketRefusesRequestsWithoutTLSAndTheTableCannotBeDeleted(t *testing.T) {
	d := loadDoc(t)
	if at(d, "Resources", "Table", "Properties", "DeletionProtectionEnabled") != true {
		t.Error("the table has no deletion protection")
	}
	var denies bool
	for _, p := range d.resources("AWS::S3::BucketPolicy") {
		if at(p, "Properties", "Bucket") != "Bucket" {
			continue
		}
		for _, st := range at(p, "Properties", "PolicyDocument", "Statement").([]any) {
			res, _ := json.Marshal(at(st, "Resource"))
			if at(st, "Effect") == "Deny" && at(st, "Action") == "s3:*" && at(st, "Principal") == "*" &&
				at(st, "Condition", "Bool", "aws:SecureTransport") == "false" &&
				strings.Contains(string(res), `"Bucket.Arn"`) && strings.Contains(string(res), `${Bucket.Arn}/*`) {
				denies = true
			}
		}
	}
	if !denies {
		t.Error("no bucket policy denies every request without TLS, on the bucket and its objects")
	}
}

func TestTheSigningSecretIsReadFromSSMAndNeverInTheEnvironment(t *testing.T) {
	d := loadDoc(t)
	b, _ := os.ReadFile(templatePath)
	if regexp.MustCompile(`(?m)^\s+JWT_SECRET:`).Match(b) || at(d, "Parameters", "JwtSecret") != nil {
		t.Error("the secret is still a parameter or an environment variable")
	}
	if at(d, "Globals", "Function", "Environment", "Variables", "JWT_SECRET_PARAMETER") != "JwtSecretParameterName" {
		t.Error("the functions are not told the SSM parameter's name")
	}
	const arn = "arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter${JwtSecretParameterName}"
	const setupArn = "arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter${SetupCodeParameterName}"
	for _, id := range d.functionIDs() {
		if id == "ConsoleFunction" {
			continue // the web client's files: it holds no secret, nor may read it
		}
		var reads []any
		policies, _ := at(d, "Resources", id, "Properties", "Policies").([]any)
		for _, p := range policies {
			statements, _ := at(p, "Statement").([]any)
			for _, st := range statements {
				if b, _ := json.Marshal(at(st, "Action")); strings.Contains(string(b), "ssm:") {
					reads = append(reads, at(st, "Action"), at(st, "Resource"))
				}
			}
		}
		want := []any{"ssm:GetParameter", arn}
		if id == "AuthFunction" { // and the first run's setup code, which only the auth function checks
			want = append(want, "ssm:GetParameter", setupArn)
		}
		if !slices.Equal(reads, want) {
			t.Errorf("%s: SSM statements %v, want %v", id, reads, want)
		}
	}
}

func TestApiUrlCorsAndAuthMemory(t *testing.T) {
	d := loadDoc(t)
	url, _ := at(d, "Outputs", "ApiUrl", "Value").([]any)
	if len(url) != 3 || url[0] != "IsDefaultStage" || !strings.HasSuffix(url[2].(string), "/${StageName}/") || strings.Contains(url[1].(string), "StageName") {
		t.Errorf("ApiUrl %v, want the root URL for $default and /<stage>/ otherwise", url)
	}
	pattern := regexp.MustCompile(at(d, "Parameters", "CorsAllowOrigin", "AllowedPattern").(string))
	for origin, ok := range map[string]bool{
		"*": false, "https://*": false, "https://festival.example.org": true, "http://localhost:5173": true,
		"http://festival.example.org": false, "https://a.org https://b.org": false,
		at(d, "Parameters", "CorsAllowOrigin", "Default").(string): true,
	} {
		if pattern.MatchString(origin) != ok {
			t.Errorf("CorsAllowOrigin %q accepted: %v, want %v", origin, !ok, ok)
		}
	}
	if at(d, "Resources", "AuthFunction", "Properties", "MemorySize") != "AuthMemorySize" || number(t, at(d, "Parameters", "AuthMemorySize", "Default")) != 1024 {
		t.Error("the auth function does not get the memory measured for bcrypt (docs/performance.md: 1024 MB)")
	}
	if at(d, "Resources", "MoviesFunction", "Properties", "MemorySize") != "MoviesMemorySize" || number(t, at(d, "Parameters", "MoviesMemorySize", "Default")) != 1024 {
		t.Error("the movies function does not get the memory its lists need at 20,000 films (docs/performance.md: 1024 MB)")
	}
}

// TestSamconfigSetsEveryParameterWithAValueTheTemplateAccepts: `sam deploy`
// reads its parameters from samconfig.toml alone (a command line list would
// replace them all), so the file must name each parameter, with a valid value.
func TestSamconfigSetsEveryParameterWithAValueTheTemplateAccepts(t *testing.T) {
	d := loadDoc(t)
	b, err := os.ReadFile("../../samconfig.toml")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^parameter_overrides\s*=\s*"(.*)"\s*$`).FindSubmatch(b)
	if line == nil {
		t.Fatal("samconfig.toml has no parameter_overrides")
	}
	toml := strings.ReplaceAll(string(line[1]), `\"`, `"`)
	set := map[string]string{}
	for _, m := range regexp.MustCompile(`(\w+)="([^"]*)"`).FindAllStringSubmatch(toml, -1) {
		set[m[1]] = m[2]
	}
	params, _ := asMap(at(d, "Parameters"))
	for name, p := range params {
		v, ok := set[name]
		if !ok {
			t.Errorf("samconfig.toml does not set %s", name)
			continue
		}
		if pat, ok := at(p, "AllowedPattern").(string); ok && !regexp.MustCompile(pat).MatchString(v) {
			t.Errorf("%s=%q does not match its AllowedPattern %s", name, v, pat)
		}
		if allowed, ok := at(p, "AllowedValues").([]any); ok {
			found := false
			for _, a := range allowed {
				if fmt.Sprint(a) == v {
					found = true
				}
			}
			if !found {
				t.Errorf("%s=%q is not one of %v", name, v, allowed)
			}
		}
	}
	for name := range set {
		if _, ok := params[name]; !ok {
			t.Errorf("samconfig.toml sets %s, which template.yaml does not declare", name)
		}
	}
}
