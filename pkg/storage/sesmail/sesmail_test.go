package sesmail_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/sesmail"
)

type fakeSES struct {
	got *sesv2.SendEmailInput
	err error
}

func (f *fakeSES) SendEmail(_ context.Context, in *sesv2.SendEmailInput, _ ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	f.got = in
	return &sesv2.SendEmailOutput{MessageId: aws.String("ses-1")}, f.err
}

func TestAnEmailGoesFromTheSenderToItsRecipientInUTF8WithItsDeliveryID(t *testing.T) {
	ses := &fakeSES{}
	m := sesmail.New(ses, "festival@example.org")
	e := festival.Email{ID: "20260301-abc-7", To: "agnes@example.org", Subject: "[Cinéma du Sud] Film reçu : Cléo", Text: "Bonjour Agnès,"}
	if err := m.Send(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	in := ses.got
	msg := in.Content.Simple
	switch {
	case aws.ToString(in.FromEmailAddress) != "festival@example.org",
		len(in.Destination.ToAddresses) != 1 || in.Destination.ToAddresses[0] != e.To,
		aws.ToString(msg.Subject.Data) != e.Subject || aws.ToString(msg.Subject.Charset) != "UTF-8",
		aws.ToString(msg.Body.Text.Data) != e.Text || aws.ToString(msg.Body.Text.Charset) != "UTF-8",
		len(msg.Headers) != 1 || aws.ToString(msg.Headers[0].Value) != e.ID:
		t.Errorf("SendEmail input: %+v / %+v", in, msg)
	}
	ses.err = errors.New("Throttling")
	if err := m.Send(context.Background(), e); err == nil {
		t.Error("a refused send is not an error")
	}
}
