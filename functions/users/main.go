// Command users is the Lambda function of the users route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupUsers, (*app.Deps).Users) }
