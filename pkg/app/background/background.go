// Package background is the scheduled function's main (functions/background):
// every minute it runs the background jobs (app.NewJobs: copy jobs, ledger,
// plan recovery, jury reminders, outbox). It is its own package so that only
// that function links the SES client.
package background

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"github.com/festivalapi/festival/pkg/app"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/service/voting"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/sesmail"
)

// Run starts the scheduled function: each invocation runs the background
// jobs once; the outbox delivers through SES from MAIL_SENDER (the template's
// MailSender); without a sender, messages wait in the outbox.
func Run() {
	ctx := context.Background()
	ac, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		log.Fatalf("background: aws config: %v", err)
	}
	logger := app.NewLogger(os.Getenv("LOG_LEVEL"))
	st := dynamo.New(dynamodb.NewFromConfig(ac), os.Getenv("TABLE_NAME"), nil)
	var outbox *notify.Service
	if from := os.Getenv("MAIL_SENDER"); from != "" {
		outbox = notify.New(st, sesmail.New(sesv2.NewFromConfig(ac), from), app.NotifyConfig(os.Getenv), time.Now, logger)
	} else {
		logger.Warn("MAIL_SENDER is not set: messages stay in the outbox")
	}
	jobs := app.NewJobs(st, voting.New(st, time.Now), outbox, logger)
	// The media jobs need the bucket, the engine and the media secret
	// (derived from JWT_SECRET): the function's configuration, as every
	// function reads it.
	d, err := app.FromEnv(ctx)
	if err != nil {
		log.Fatalf("background: %v", err)
	}
	jobs = jobs.WithMedia(d.MediaRunner(st, nil), logger)
	lambda.Start(jobs.Run)
}
