// Command withdynamo runs a command with one in-memory DynamoDB Local for its
// whole duration, its endpoint in DYNAMODB_TEST_ENDPOINT: `make test` runs
// `go test ./...` through it so that every test package shares one instance.
package main

import (
	"context"
	"os"

	"github.com/festivalapi/festival/infra/runwith"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func main() {
	os.Exit(runwith.Main("withdynamo", os.Args[1:], func(ctx context.Context, cache string) (runwith.Service, error) {
		inst, err := dynamolocal.Start(ctx, dynamolocal.Options{CacheDir: cache})
		if err != nil {
			return runwith.Service{}, err
		}
		return runwith.Service{
			What: "DynamoDB Local (in memory) at " + inst.Endpoint,
			Env:  dynamotest.EndpointVar + "=" + inst.Endpoint,
			Stop: inst.Stop,
		}, nil
	}))
}
