// Command movies is the Lambda function of the movies route group.
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
		log.Fatalf("movies: %v", err)
	}
	lambdahttp.Start(deps.MoviesAPI())
}
