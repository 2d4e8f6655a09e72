// Command withapi runs a command against a whole local API for its duration:
// the local server with in-memory data on free ports, its URL in
// FESTIVAL_URL. `make test` runs the console's browser tests through it. It
// uses the DynamoDB Local of DYNAMODB_TEST_ENDPOINT when set (withdynamo), or
// starts its own. Its festival has the throttle lifted (the tests make many
// accounts from one address); its setup code is in FESTIVAL_SETUP_CODE.
package main

import (
	"context"
	"os"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/runwith"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func main() {
	os.Exit(runwith.Main("withapi", os.Args[1:], func(ctx context.Context, cache string) (runwith.Service, error) {
		srv, err := localserver.Start(ctx, localserver.Options{
			CacheDir:       cache,
			DynamoEndpoint: os.Getenv(dynamotest.EndpointVar),
			Table:          "console-" + dynamotest.RandomSuffix(),
			Bucket:         "console-" + dynamotest.RandomSuffix(),
			Getenv:         os.Getenv,
			Log:            localserver.Discard,
			MediaJobs:      true, // the screening journey plays a film the media job encoded
		})
		if err != nil {
			return runwith.Service{}, err
		}
		if err := srv.Unthrottle(ctx); err != nil { // the browser tests make many accounts from one address
			srv.Close()
			return runwith.Service{}, err
		}
		// The setup code lets a journey create its festival's first admin
		// through the console (tests/firstrun.test.mjs).
		return runwith.Service{What: "local API at " + srv.URL, Env: "FESTIVAL_URL=" + srv.URL,
			More: []string{"FESTIVAL_SETUP_CODE=" + srv.SetupCode}, Stop: srv.Close}, nil
	}))
}
