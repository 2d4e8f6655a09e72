// Command movies is the Lambda function of the movies route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupMovies, (*app.Deps).MoviesAPI) }
