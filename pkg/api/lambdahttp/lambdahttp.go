// Package lambdahttp runs an ordinary http.Handler as a Lambda function behind
// an API Gateway HTTP API (payload format 2.0).
package lambdahttp

import (
	"context"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// Handler adapts h to API Gateway HTTP API events. Behind a named stage the
// raw path starts with "/<stage>"; that prefix is removed so that routes match
// the same paths as under the $default stage and locally.
func Handler(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	adapter := httpadapter.NewV2(h)
	return func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		ev.RawPath = StripStage(ev.RawPath, ev.RequestContext.Stage)
		return adapter.ProxyWithContext(ctx, ev)
	}
}

// StripStage removes a named stage's prefix from a raw path.
func StripStage(path, stage string) string {
	if stage == "" || stage == "$default" {
		return path
	}
	prefix := "/" + stage
	if path == prefix {
		return "/"
	}
	if strings.HasPrefix(path, prefix+"/") {
		return path[len(prefix):]
	}
	return path
}

// Start runs h as the function's handler; it never returns.
func Start(h http.Handler) { lambda.Start(Handler(h)) }
