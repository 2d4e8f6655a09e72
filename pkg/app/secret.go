package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	"github.com/aws/aws-sdk-go-v2/service/ssm/types"
)

// SecretParameterEnv names the environment variable that holds the name of
// the SSM SecureString parameter where a deployed function finds its JWT
// signing secret. The secret itself is never in a function's environment on
// AWS (where anyone allowed to read the function's configuration would see
// it); JWT_SECRET stays for the local server and the tests.
const SecretParameterEnv = "JWT_SECRET_PARAMETER"

// ParameterReader is the one SSM call a function makes.
type ParameterReader interface {
	GetParameter(ctx context.Context, in *ssm.GetParameterInput, opts ...func(*ssm.Options)) (*ssm.GetParameterOutput, error)
}

// SecretFromSSM returns getenv, completed with JWT_SECRET read once, at cold
// start, from the SecureString parameter named by JWT_SECRET_PARAMETER, when
// JWT_SECRET itself is not set. newReader is called only then, so a function
// configured with JWT_SECRET builds no SSM client.
func SecretFromSSM(ctx context.Context, getenv func(string) string, newReader func() ParameterReader) (func(string) string, error) {
	name := getenv(SecretParameterEnv)
	if getenv("JWT_SECRET") != "" || name == "" {
		return getenv, nil
	}
	out, err := newReader().GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String(name), WithDecryption: aws.Bool(true)})
	if err != nil {
		return nil, fmt.Errorf("JWT_SECRET: reading the SSM parameter %s: %w", name, err)
	}
	if out.Parameter == nil || aws.ToString(out.Parameter.Value) == "" {
		return nil, fmt.Errorf("JWT_SECRET: the SSM parameter %s has no value", name)
	}
	secret := aws.ToString(out.Parameter.Value)
	return func(k string) string {
		if k == "JWT_SECRET" {
			return secret
		}
		return getenv(k)
	}, nil
}

// SetupCodeParameterEnv names the environment variable that holds the name
// of the SSM SecureString parameter where the auth function finds the
// deployment's setup code: the secret that proves whoever creates the
// festival's first admin in the console owns the deployment. SETUP_CODE
// stays for the local server and the tests.
const SetupCodeParameterEnv = "SETUP_CODE_PARAMETER"

// SetupCodeFromSSM returns getenv, completed with SETUP_CODE read once, at
// cold start, from the parameter named by SETUP_CODE_PARAMETER, when
// SETUP_CODE itself is not set. A parameter that does not exist is no code
// (the setup is then refused: its owner may delete it once the first admin
// exists); any other failure fails the cold start.
func SetupCodeFromSSM(ctx context.Context, getenv func(string) string, newReader func() ParameterReader) (func(string) string, error) {
	name := getenv(SetupCodeParameterEnv)
	if getenv("SETUP_CODE") != "" || name == "" {
		return getenv, nil
	}
	out, err := newReader().GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String(name), WithDecryption: aws.Bool(true)})
	var missing *types.ParameterNotFound
	if errors.As(err, &missing) {
		return getenv, nil
	}
	if err != nil {
		return nil, fmt.Errorf("SETUP_CODE: reading the SSM parameter %s: %w", name, err)
	}
	code := strings.TrimSpace(aws.ToString(out.Parameter.Value))
	return func(k string) string {
		if k == "SETUP_CODE" {
			return code
		}
		return getenv(k)
	}, nil
}
