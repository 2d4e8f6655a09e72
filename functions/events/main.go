// Command events is the Lambda function of the events route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupEvents, (*app.Deps).Events) }
