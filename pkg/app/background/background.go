// Package background is the scheduled function's work: the copy jobs a
// request left unfinished and the outbox's due messages, every minute. It is
// its own package so that only that function links the SES client.
package background

import (
	"context"
	"errors"
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

// Run starts the scheduled function: each invocation runs the pending copy
// jobs, writes the jury's reminders due, then delivers the due messages through SES from MAIL_SENDER (the
// template's MailSender); without a sender, messages wait in the outbox.
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
	jury := voting.New(st, time.Now)
	lambda.Start(func(ctx context.Context) error {
		return errors.Join(app.RunPendingCopies(ctx, st, logger), app.RunLedger(ctx, st, logger), app.RunPlanRecovery(ctx, st, logger), app.RunReminders(ctx, jury, logger),
			app.RunOutbox(ctx, outbox, logger))
	})
}
