package mailbox_test

import (
	"context"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/mailbox"
)

func TestADeliveryKeptTwiceIsKeptOnce(t *testing.T) {
	box, err := mailbox.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e := festival.Email{ID: "20260301-abc-7", To: "agnes@example.org", Subject: "Film reçu", Text: "Bonjour"}
	for range 2 {
		if err := box.Send(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	other := e
	other.ID = "20260301-abc-8"
	if err := box.Send(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	if got, err := box.List(); err != nil || len(got) != 2 || got[0].SentAt.IsZero() {
		t.Fatalf("mailbox: %+v, %v (want two e-mails, dated)", got, err)
	}
	if err := box.Send(context.Background(), festival.Email{ID: "../escape"}); err == nil {
		t.Error("a delivery id with a path was written")
	}
}
