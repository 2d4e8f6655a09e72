// Command background is the scheduled Lambda function: every minute it runs
// the background jobs (app.NewJobs): the copy jobs a request left unfinished,
// the vote ledger's linking, the recovery of interrupted assignments, the
// jury's reminders and the outbox's due messages.
package main

import "github.com/festivalapi/festival/pkg/app/background"

func main() { background.Run() }
