// Command votes is the Lambda function of the votes route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupVotes, (*app.Deps).Votes) }
