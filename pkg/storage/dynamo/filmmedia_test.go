package dynamo

import (
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestAFilmsMediaKeepsItsTimeThroughItsStoredForm(t *testing.T) {
	at := festival.NewTime(time.Date(2026, 5, 14, 18, 30, 0, 123e6, time.UTC))
	m := festival.FilmMedia{State: festival.MediaReady, File: "filmFile-1-2.mp4", UpdatedAt: at, Flags: []festival.MediaFlag{},
		Streaming: &festival.Streaming{Version: 3, Segments: []float64{6, 2.5}}}
	av, err := attributevalue.MarshalMap(toStoredMedia(&m))
	if err != nil {
		t.Fatal(err)
	}
	var back storedMedia
	if err := attributevalue.UnmarshalMap(av, &back); err != nil {
		t.Fatal(err)
	}
	got := back.media()
	if !got.UpdatedAt.Equal(at.Time) || got.State != m.State || got.File != m.File || got.Streaming.Version != 3 || len(got.Streaming.Segments) != 2 {
		t.Fatalf("stored %v, read back %+v", av, got)
	}
}
