// Command categories is the Lambda function of the categories route group.
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
		log.Fatalf("categories: %v", err)
	}
	lambdahttp.Start(deps.Categories())
}
