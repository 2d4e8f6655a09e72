// Package sesmail sends the festival's e-mails through Amazon SES (API v2).
package sesmail

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// API is the part of SES the mailer uses; *sesv2.Client satisfies it.
type API interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// Mailer sends from one verified address.
type Mailer struct {
	ses  API
	from string
}

// New returns a mailer sending from the address from (an identity verified
// in SES: the template's MailSender parameter).
func New(ses API, from string) *Mailer { return &Mailer{ses: ses, from: from} }

// Send sends one plain-text e-mail. The delivery's id goes in a header, so a
// duplicate (an attempt repeated after a runner stopped mid-way) can be told
// apart by the recipient's mail system.
func (m *Mailer) Send(ctx context.Context, e festival.Email) error {
	utf8 := aws.String("UTF-8")
	_, err := m.ses.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(m.from),
		Destination:      &types.Destination{ToAddresses: []string{e.To}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(e.Subject), Charset: utf8},
			Body:    &types.Body{Text: &types.Content{Data: aws.String(e.Text), Charset: utf8}},
			Headers: []types.MessageHeader{{Name: aws.String("X-Festival-Delivery"), Value: aws.String(e.ID)}},
		}},
	})
	if err != nil {
		return fmt.Errorf("ses: %w", err)
	}
	return nil
}
