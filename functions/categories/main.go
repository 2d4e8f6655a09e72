// Command categories is the Lambda function of the categories route group.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.Run(app.GroupCategories, (*app.Deps).Categories) }
