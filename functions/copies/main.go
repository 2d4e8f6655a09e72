// Command copies is the scheduled Lambda function: every minute it runs the
// copy jobs that a request left unfinished (denormalised copies in step) and
// delivers the outbox's due messages.
package main

import "github.com/festivalapi/festival/pkg/app/background"

func main() { background.Run() }
