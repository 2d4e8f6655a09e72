package files_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/files"
)

func TestPutObjectThenGet(t *testing.T) {
	t.Parallel()
	store, client := newStore(t, files.Options{})
	ctx := context.Background()
	key := "movies/7/stream/1/clear/f_360p_00001.ts"
	body := []byte("segment bytes")
	if err := store.PutObject(ctx, key, bytes.NewReader(body), "video/mp2t"); err != nil {
		t.Fatalf("PutObject: %v", err)
	}
	got, ct := getObject(t, client, key)
	if !bytes.Equal(got, body) || ct != "video/mp2t" {
		t.Fatalf("stored %q (%s), want %q (video/mp2t)", got, ct, body)
	}

	rc, err := store.Get(ctx, key)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	defer rc.Close()
	read, err := io.ReadAll(rc)
	if err != nil || !bytes.Equal(read, body) {
		t.Fatalf("Get read %q, %v; want %q", read, err, body)
	}
}

func TestGetMissingIsNotFound(t *testing.T) {
	t.Parallel()
	store, _ := newStore(t, files.Options{})
	_, err := store.Get(context.Background(), "movies/7/none.mp4")
	if !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("Get of a missing key = %v, want festival.ErrNotFound", err)
	}
}
