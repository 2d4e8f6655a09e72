// Command copies is the Lambda function that keeps denormalised copies in
// step: on a schedule, it runs the copy jobs that a request left unfinished.
package main

import "github.com/festivalapi/festival/pkg/app"

func main() { app.RunCopies() }
