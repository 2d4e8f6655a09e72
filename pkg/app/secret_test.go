package app

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	"github.com/aws/aws-sdk-go-v2/service/ssm/types"
)

type fakeSSM struct {
	values map[string]string
	asked  []*ssm.GetParameterInput
}

func (f *fakeSSM) GetParameter(_ context.Context, in *ssm.GetParameterInput, _ ...func(*ssm.Options)) (*ssm.GetParameterOutput, error) {
	f.asked = append(f.asked, in)
	v, ok := f.values[aws.ToString(in.Name)]
	if !ok {
		return nil, errors.New("ParameterNotFound")
	}
	return &ssm.GetParameterOutput{Parameter: &types.Parameter{Name: in.Name, Value: aws.String(v), Type: types.ParameterTypeSecureString}}, nil
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestTheJWTSecretComesFromSSMWhenTheEnvironmentNamesIt(t *testing.T) {
	secret := strings.Repeat("s", 40)
	base := map[string]string{"TABLE_NAME": "t", "BUCKET_NAME": "b"}
	tests := []struct {
		name      string
		env       map[string]string
		ssm       map[string]string
		want      string // the JWTSecret read, "" when an error is expected
		wantErr   string
		wantCalls int
	}{
		{"read from the named parameter, decrypted", map[string]string{SecretParameterEnv: "/festival/jwt-secret"},
			map[string]string{"/festival/jwt-secret": secret}, secret, "", 1},
		{"JWT_SECRET in the environment wins and SSM is not asked", map[string]string{"JWT_SECRET": secret, SecretParameterEnv: "/x"},
			nil, secret, "", 0},
		{"a missing parameter fails the cold start, naming it", map[string]string{SecretParameterEnv: "/festival/none"},
			nil, "", "/festival/none", 1},
		{"a short secret is refused as before", map[string]string{SecretParameterEnv: "/short"},
			map[string]string{"/short": "abc"}, "", "at least 32 characters", 1},
		{"neither set: the configuration error names both", map[string]string{}, nil, "", SecretParameterEnv, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{}
			for k, v := range base {
				vars[k] = v
			}
			for k, v := range tt.env {
				vars[k] = v
			}
			f := &fakeSSM{values: tt.ssm}
			getenv, err := SecretFromSSM(context.Background(), env(vars), func() ParameterReader { return f })
			var cfg Config
			if err == nil {
				cfg, err = ReadConfig(getenv)
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one mentioning %q", err, tt.wantErr)
				}
			} else if err != nil || cfg.JWTSecret != tt.want {
				t.Fatalf("secret %q, error %v", cfg.JWTSecret, err)
			}
			if len(f.asked) != tt.wantCalls {
				t.Fatalf("SSM asked %d times, want %d", len(f.asked), tt.wantCalls)
			}
			for _, in := range f.asked {
				if !aws.ToBool(in.WithDecryption) {
					t.Error("GetParameter without decryption: a SecureString would come back encrypted")
				}
			}
		})
	}
}

// missingSSM answers every read as SSM does for a parameter never created.
type missingSSM struct{ asked int }

func (m *missingSSM) GetParameter(context.Context, *ssm.GetParameterInput, ...func(*ssm.Options)) (*ssm.GetParameterOutput, error) {
	m.asked++
	return nil, &types.ParameterNotFound{}
}

func TestTheSetupCodeComesFromSSMAndAMissingParameterIsNoCode(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		reader ParameterReader
		want   string
		asked  bool
	}{
		{"read from the named parameter, trimmed", map[string]string{SetupCodeParameterEnv: "/festival/setup-code"},
			&fakeSSM{values: map[string]string{"/festival/setup-code": " ABCD-EFGH \n"}}, "ABCD-EFGH", true},
		{"SETUP_CODE in the environment wins", map[string]string{"SETUP_CODE": "LOCAL", SetupCodeParameterEnv: "/x"},
			&fakeSSM{}, "LOCAL", false},
		{"a parameter never created is no code", map[string]string{SetupCodeParameterEnv: "/festival/setup-code"},
			&missingSSM{}, "", true},
		{"no parameter named: no code, SSM not asked", map[string]string{}, &fakeSSM{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			built := false
			getenv, err := SetupCodeFromSSM(context.Background(), env(tt.env), func() ParameterReader { built = true; return tt.reader })
			if err != nil {
				t.Fatal(err)
			}
			if got := getenv("SETUP_CODE"); got != tt.want {
				t.Fatalf("SETUP_CODE = %q, want %q", got, tt.want)
			}
			if built != tt.asked {
				t.Fatalf("SSM asked: %v, want %v", built, tt.asked)
			}
		})
	}
}

func TestAnSSMFailureOtherThanAMissingParameterFailsTheColdStart(t *testing.T) {
	_, err := SetupCodeFromSSM(context.Background(), env(map[string]string{SetupCodeParameterEnv: "/festival/setup-code"}),
		func() ParameterReader { return &fakeSSM{} }) // fakeSSM's untyped error: access denied, throttled...
	if err == nil || !strings.Contains(err.Error(), "/festival/setup-code") {
		t.Fatalf("err = %v, want one naming the parameter", err)
	}
}
