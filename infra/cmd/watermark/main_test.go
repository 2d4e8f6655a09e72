package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/screening/screeningtest"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

const jwtSecret = "a-jwt-secret-of-at-least-32-characters!!"

func TestNamesTheJurorACopyWasServedTo(t *testing.T) {
	t.Parallel()
	screeningtest.NeedFFmpeg(t)
	ctx := context.Background()
	client, presign := filestest.NewFakeS3(t, "festival-files")
	objects := files.New(client, presign, "festival-files", files.Options{})
	secret := screening.NewSecret(jwtSecret)
	st := screeningtest.WatermarkedFilm(t, objects, secret, 42, 120)
	dir := t.TempDir()
	screeningtest.JurorCopy(t, objects, secret, 42, st, 7, filepath.Join(dir, "shown.ts"))
	leak := filepath.Join(dir, "leak.mp4")
	screeningtest.Run(t, "ffmpeg", "-v", "error", "-i", filepath.Join(dir, "shown.ts"), "-vf", "scale=120:68",
		"-c:v", "libx264", "-preset", "ultrafast", "-b:v", "100k", "-an", leak)
	film := festival.Movie{ID: 42, Juries: []festival.Jury{{ID: 3, FirstName: "Jacques", LastName: "Demy"},
		{ID: 7, FirstName: "Agnès", LastName: "Varda"}, {ID: 12, FirstName: "Chris", LastName: "Marker"}},
		Media: &festival.FilmMedia{State: festival.MediaReady, Streaming: &st}}

	var out bytes.Buffer
	if code := name(ctx, &out, objects, secret, film, []candidate{{3, "Jacques Demy"}, {7, "Agnès Varda"}, {12, "Chris Marker"}}, leak); code != 0 ||
		!strings.Contains(out.String(), "juré identifié : #7 Agnès Varda (accord 100 % sur ") {
		t.Fatalf("exit %d:\n%s", code, out.String())
	}

	out.Reset()
	if code := name(ctx, &out, objects, secret, film, []candidate{{3, "Jacques Demy"}, {12, "Chris Marker"}}, leak); code != 1 ||
		!strings.Contains(out.String(), "aucun juré ne peut être nommé") {
		t.Fatalf("without the juror among the candidates, exit %d:\n%s", code, out.String())
	}
}

func TestSaysWhyItCannot(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	secret := screening.NewSecret(jwtSecret)
	cands := []candidate{{7, "Agnès Varda"}}
	cases := []struct {
		name  string
		media *festival.FilmMedia
		code  int
		want  string
	}{
		{"no stream", &festival.FilmMedia{State: festival.MediaFailed}, 2, "n'est pas diffusé en streaming"},
		{"no media", nil, 2, "n'est pas diffusé en streaming"},
		{"not watermarked", &festival.FilmMedia{State: festival.MediaReady, Streaming: &festival.Streaming{Segments: []float64{6}}}, 1, "n'est pas tatoué"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		if code := name(ctx, &out, nil, secret, festival.Movie{ID: 5, Media: c.media}, cands, "leak.mp4"); code != c.code || !strings.Contains(out.String(), c.want) {
			t.Errorf("%s: exit %d, %s", c.name, code, out.String())
		}
	}
	var out bytes.Buffer
	film := festival.Movie{ID: 5, Media: &festival.FilmMedia{Streaming: &festival.Streaming{Watermarked: true}}}
	if code := name(ctx, &out, nil, secret, film, nil, "leak.mp4"); code != 2 || !strings.Contains(out.String(), "-candidates") {
		t.Errorf("no jury: exit %d, %s", code, out.String())
	}
}

func TestFlagsAndTheLocalSecret(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	if err := os.WriteFile(filepath.Join(data, "jwt-secret"), []byte(jwtSecret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := func(k string) string { return map[string]string{"DATA_DIR": data}[k] }
	o, err := parse([]string{"-film", "12", "-leak", "copy.mp4", "-candidates", "4,9"}, env, &bytes.Buffer{})
	if err != nil || o.film != 12 || o.jwt != jwtSecret || o.table != "festival" || o.bucket != "festival-files" || len(o.candidates) != 2 {
		t.Fatalf("%+v %v", o, err)
	}
	for _, args := range [][]string{{"-leak", "x.mp4"}, {"-film", "3"}, {"-film", "3", "-leak", "x", "-candidates", "a"}} {
		if _, err := parse(args, env, &bytes.Buffer{}); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	if _, err := parse([]string{"-film", "3", "-leak", "x"}, func(string) string { return "" }, &bytes.Buffer{}); err == nil ||
		!strings.Contains(err.Error(), "JWT_SECRET") {
		t.Errorf("no secret anywhere: %v", err)
	}
	var out bytes.Buffer
	if code := run(context.Background(), []string{"-film", "3", "-leak", filepath.Join(data, "missing.mp4")}, env, &out); code != 2 {
		t.Errorf("a missing copy: exit %d, %s", code, out.String())
	}
}
