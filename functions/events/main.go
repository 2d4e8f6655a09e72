// Command events is the Lambda function of the events route group.
package main

import (
	"context"
	"log"

	"github.com/festivalapi/festival/pkg/app"
	"github.com/festivalapi/festival/pkg/lambdahttp"
)

func main() {
	deps, err := app.FromEnv(context.Background())
	if err != nil {
		log.Fatalf("events: %v", err)
	}
	lambdahttp.Start(deps.Events())
}
