// Command auth is the Lambda function of the auth route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupAuth, (*app.Deps).Auth) }
