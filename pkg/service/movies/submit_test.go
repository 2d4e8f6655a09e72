package movies_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// form is a submission form as the HTTP side hands it over: its files, then
// an error of the form or its end, then its decoded fields.
type form struct {
	files  []movies.File
	err    error
	fields movies.Fields
}

func (f *form) Next() (movies.File, error) {
	if len(f.files) > 0 {
		next := f.files[0]
		f.files = f.files[1:]
		return next, nil
	}
	if f.err != nil {
		return movies.File{}, f.err
	}
	return movies.File{}, io.EOF
}

func (f *form) Fields() movies.Fields { return f.fields }

func file(part string, content []byte) movies.File {
	kind, _ := movies.FileKind(part)
	return movies.File{Part: part, Kind: kind, Body: bytes.NewReader(content)}
}

func titled(title string) movies.Fields {
	return movies.Fields{Film: movies.Submission{MoviePatch: festival.MoviePatch{Title: &title}}}
}

// submitting is a film service on a table and a bucket of its own, with a
// producer to submit as.
type submitting struct {
	svc      *movies.Service
	store    *dynamo.Store
	s3       *s3.Client
	producer festival.Actor
}

func newSubmitting(t *testing.T, st *festival.Settings) submitting {
	t.Helper()
	ctx := context.Background()
	db, table := dynamotest.Table(t)
	store := dynamo.New(db, table, nil)
	if st != nil {
		if err := store.SeedSettings(ctx, *st); err != nil {
			t.Fatal(err)
		}
	}
	client, presign := filestest.NewFakeS3(t, "films")
	id, err := store.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u := festival.User{ID: id, FirstName: "Agnès", LastName: "Varda", Email: "varda@example.org", Role: festival.RoleProducer}
	if err := store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	svc := movies.New(movies.Stores{Films: store, Remover: store, Plans: store, People: store, Producers: store, Catalog: store,
		Settings: store, Viewings: store}, files.New(client, presign, "films", files.Options{}), nil)
	return submitting{svc: svc, store: store, s3: client, producer: festival.Actor{ID: id, Role: festival.RoleProducer}}
}

func (s submitting) objects(t *testing.T) []string {
	t.Helper()
	out, err := s.s3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String("films")})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, *o.Key)
	}
	return keys
}

// TestSubmitTakesATypedSubmission drives the service's one entry point for a
// film upload without HTTP: the files stored as they come, the record
// pointing at them.
func TestSubmitTakesATypedSubmission(t *testing.T) {
	t.Parallel()
	s := newSubmitting(t, nil)
	f := &form{files: []movies.File{file("filmFile", filestest.MP4()), file("poster", filestest.PNG())}, fields: titled("Cléo de 5 à 7")}
	m, err := s.svc.Submit(context.Background(), s.producer, movies.Upload{Form: f})
	if err != nil {
		t.Fatal(err)
	}
	if m.Title != "Cléo de 5 à 7" || m.Trailer == nil || m.DisplayPicture == nil || m.Producer.LastName != "Varda" {
		t.Errorf("film %+v", m)
	}
	if keys := s.objects(t); len(keys) != 2 {
		t.Errorf("objects %v, want the 2 files", keys)
	}
	if got, err := s.store.GetMovie(context.Background(), m.ID); err != nil || *got.Trailer != *m.Trailer {
		t.Errorf("stored film %+v, %v", got, err)
	}
}

// TestSubmitRemovesTheFilesOfAFailedSubmission: whatever fails after a file
// is stored (the form, the fields, a file's content), the answer is that
// failure, and no file nor record is left.
func TestSubmitRemovesTheFilesOfAFailedSubmission(t *testing.T) {
	t.Parallel()
	broken := apperr.E(apperr.Invalid, "formulaire cassé")
	badTitle := apperr.E(apperr.Invalid, "titre refusé")
	for _, c := range []struct {
		name string
		form *form
		want string
	}{
		{"the form breaks after a file", &form{files: []movies.File{file("filmFile", filestest.MP4())}, err: broken}, "formulaire cassé"},
		{"the fields are refused", &form{files: []movies.File{file("filmFile", filestest.MP4())}, fields: movies.Fields{FilmErr: badTitle}}, "titre refusé"},
		{"a file holds the wrong content", &form{files: []movies.File{file("poster", filestest.PNG()), file("filmFile", filestest.PNG())}, fields: titled("X")},
			"Fichier invalide pour la partie filmFile : un film MP4 est attendu (pas un fichier MP4 : boîte ftyp absente)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newSubmitting(t, nil)
			_, err := s.svc.Submit(context.Background(), s.producer, movies.Upload{Form: c.form})
			var e *apperr.Error
			if !errors.As(err, &e) || e.Text(texts.French) != c.want {
				t.Fatalf("%v, want %q", err, c.want)
			}
			if keys := s.objects(t); len(keys) != 0 {
				t.Errorf("objects left behind: %v", keys)
			}
		})
	}
}

// TestSubmitAdmitsBeforeItReadsTheBody: a closed window answers before the
// body is looked at, even a body that is no form.
func TestSubmitAdmitsBeforeItReadsTheBody(t *testing.T) {
	t.Parallel()
	closed := &festival.Settings{Season: festival.Season{SubmissionsCloseAt: festival.NewTime(time.Now().Add(-time.Hour))}}
	notAForm := apperr.E(apperr.Invalid, "pas un formulaire")
	s := newSubmitting(t, closed)
	unread := &form{files: []movies.File{file("filmFile", filestest.MP4())}, fields: titled("X")}
	for _, up := range []movies.Upload{{Form: unread}, {FormErr: notAForm}} {
		_, err := s.svc.Submit(context.Background(), s.producer, up)
		if apperr.CodeOf(err) != apperr.Forbidden {
			t.Errorf("closed window: %v", err)
		}
	}
	if len(unread.files) != 1 {
		t.Error("the form of a refused submission was read")
	}
	s = newSubmitting(t, nil)
	if _, err := s.svc.Submit(context.Background(), s.producer, movies.Upload{FormErr: notAForm}); err != notAForm {
		t.Errorf("open window, no form: %v", err)
	}
}
