// Command awards is the Lambda function of the awards route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupAwards, (*app.Deps).Awards) }
