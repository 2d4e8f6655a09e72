// Command watermark names the jury member a leaked copy of a film was
// served to, when the festival screens with the per-juror watermark
// (settings screening_watermark): each juror's playlists pick their own
// sequence of the two marked forms of the segments (docs/screening.md).
//
//	go run ./infra/cmd/watermark -film 12 -leak copy.mp4
//
// It reads the film (its stream, its jury) from the local stack's table and
// bucket: DynamoDB Local on DATA_DIR (.data) unless -dynamodb names a running
// one (stop `make run` first, or pass the endpoint it logs as "DynamoDB Local
// ready"), the bucket's folder DATA_DIR/s3 unless -s3 names an S3 endpoint,
// the secret from JWT_SECRET or DATA_DIR/jwt-secret. The copy must keep the
// film's timing (start where the film starts); its size and quality may
// differ. It exits 0 when it names a juror, 1 when it cannot, 2 on an error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"
	"github.com/spf13/afero"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/files"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdout)
	stop()
	os.Exit(code)
}

// options are the command's flags and environment.
type options struct {
	film               int64
	leak, data, cache  string
	dynamodb, s3       string
	table, bucket, jwt string
	candidates         []int64
}

func parse(args []string, getenv func(string) string, out io.Writer) (options, error) {
	fs := flag.NewFlagSet("watermark", flag.ContinueOnError)
	fs.SetOutput(out)
	var o options
	var extra string
	fs.Int64Var(&o.film, "film", 0, "the film's id_movie")
	fs.StringVar(&o.leak, "leak", "", "the leaked copy (any file ffmpeg reads)")
	fs.StringVar(&o.data, "data", envOr(getenv, "DATA_DIR", ".data"), "the local stack's data folder (DATA_DIR)")
	fs.StringVar(&o.cache, "cache", envOr(getenv, "CACHE_DIR", ".cache"), "where DynamoDB Local is installed (CACHE_DIR)")
	fs.StringVar(&o.dynamodb, "dynamodb", getenv("AWS_ENDPOINT_URL_DYNAMODB"), "a running DynamoDB Local's endpoint (default: start one on the data folder)")
	fs.StringVar(&o.s3, "s3", getenv("AWS_ENDPOINT_URL_S3"), "an S3 endpoint (default: the data folder's bucket)")
	fs.StringVar(&extra, "candidates", "", "more user ids to compare (comma-separated), besides the film's jury")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.film <= 0 || o.leak == "" {
		return o, errors.New("usage: watermark -film <id_movie> -leak <file>")
	}
	for _, s := range strings.FieldsFunc(extra, func(r rune) bool { return r == ',' || r == ' ' }) {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return o, fmt.Errorf("-candidates: %q is not a user id", s)
		}
		o.candidates = append(o.candidates, id)
	}
	o.table, o.bucket = envOr(getenv, "TABLE_NAME", "festival"), envOr(getenv, "BUCKET_NAME", "festival-files")
	o.jwt = getenv("JWT_SECRET")
	if o.jwt == "" {
		b, err := os.ReadFile(filepath.Join(o.data, "jwt-secret"))
		if err != nil {
			return o, fmt.Errorf("JWT_SECRET is not set and the local stack's secret cannot be read: %w", err)
		}
		o.jwt = strings.TrimSpace(string(b))
	}
	return o, nil
}

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) int {
	o, err := parse(args, getenv, out)
	if err != nil {
		fmt.Fprintln(out, "watermark:", err)
		return 2
	}
	if _, err := os.Stat(o.leak); err != nil {
		fmt.Fprintln(out, "watermark:", err)
		return 2
	}
	film, candidates, objects, closeAll, err := open(ctx, o)
	defer closeAll()
	if err != nil {
		fmt.Fprintln(out, "watermark:", err)
		return 2
	}
	return name(ctx, out, objects, screening.NewSecret(o.jwt), film, candidates, o.leak)
}

// candidate is a user a copy may have been served to.
type candidate struct {
	ID   int64
	Name string
}

// open reads the film and its candidates from the table and opens the
// bucket; closeAll stops what it started.
func open(ctx context.Context, o options) (festival.Movie, []candidate, media.Objects, func(), error) {
	var stops []func()
	closeAll := func() {
		for _, s := range stops {
			s()
		}
	}
	endpoint := o.dynamodb
	if endpoint == "" {
		inst, err := dynamolocal.Start(ctx, dynamolocal.Options{CacheDir: o.cache, DataDir: filepath.Join(o.data, "dynamodb")})
		if err != nil {
			return festival.Movie{}, nil, nil, closeAll, fmt.Errorf("starting DynamoDB Local on %s: %w", o.data, err)
		}
		stops = append(stops, inst.Stop)
		endpoint = inst.Endpoint
	}
	st := dynamo.New(dynamolocal.Client(endpoint), o.table, time.Now)
	film, err := st.Films.GetMovie(ctx, o.film)
	if err != nil {
		return film, nil, nil, closeAll, fmt.Errorf("film %d: %w", o.film, err)
	}
	var candidates []candidate
	for _, j := range film.Juries {
		candidates = append(candidates, candidate{j.ID, strings.TrimSpace(j.FirstName + " " + j.LastName)})
	}
	if len(o.candidates) > 0 {
		users, err := st.Users.UsersByID(ctx, o.candidates)
		if err != nil {
			return film, nil, nil, closeAll, err
		}
		for _, id := range o.candidates {
			u := users[id]
			candidates = append(candidates, candidate{id, strings.TrimSpace(u.FirstName + " " + u.LastName)})
		}
	}
	s3url := o.s3
	if s3url == "" {
		stop, url, err := serveBucketFolder(filepath.Join(o.data, "s3"))
		if err != nil {
			return film, nil, nil, closeAll, err
		}
		stops = append(stops, stop)
		s3url = url
	}
	client := s3.New(s3.Options{
		Region: dynamolocal.Region, BaseEndpoint: aws.String(s3url), UsePathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider(dynamolocal.AccessKey, dynamolocal.SecretKey, ""),
	})
	return film, candidates, files.New(client, nil, o.bucket, files.Options{}), closeAll, nil
}

// serveBucketFolder serves the local stack's bucket folder (what `make run`
// keeps in DATA_DIR/s3) on a loopback port, read as the local server reads it.
func serveBucketFolder(dir string) (stop func(), url string, err error) {
	if _, err := os.Stat(dir); err != nil {
		return func() {}, "", fmt.Errorf("the local bucket: %w", err)
	}
	backend, err := s3afero.MultiBucket(afero.NewBasePathFs(afero.NewOsFs(), dir))
	if err != nil {
		return func() {}, "", err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return func() {}, "", err
	}
	srv := &http.Server{Handler: gofakes3.New(backend, gofakes3.WithTimeSkewLimit(0)).Server(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return func() { _ = srv.Close() }, "http://" + ln.Addr().String(), nil
}

// name reads the copy's watermark and names the candidate it was served
// to, or says why it cannot.
func name(ctx context.Context, out io.Writer, objects media.Objects, secret screening.Secret, film festival.Movie, candidates []candidate, leak string) int {
	if film.Media == nil || film.Media.Streaming == nil {
		fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkNotStreamed, film.ID))
		return 2
	}
	st := *film.Media.Streaming
	if !st.Watermarked {
		fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkNotMarked, film.ID))
		return 1
	}
	if len(candidates) == 0 {
		fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkNoJuror, film.ID))
		return 2
	}
	dir, err := os.MkdirTemp("", "watermark-")
	if err != nil {
		fmt.Fprintln(out, "watermark:", err)
		return 2
	}
	defer os.RemoveAll(dir)
	// The smallest rendition: the forms are compared at 64x36 anyway.
	refs, err := screening.DecryptForms(ctx, objects, secret, film.ID, st, st.Renditions[len(st.Renditions)-1].Name, dir)
	if err != nil {
		fmt.Fprintln(out, "watermark:", err)
		return 2
	}
	reading, err := screening.Detect(ctx, leak, refs)
	if err != nil {
		fmt.Fprintln(out, "watermark:", err)
		return 2
	}
	ids := make([]int64, len(candidates))
	names := map[int64]string{}
	for i, c := range candidates {
		ids[i], names[c.ID] = c.ID, c.Name
	}
	m, ok := secret.Identify(film.ID, st.Version, reading.Forms, ids)
	if reading.Aligned {
		fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkOffset, reading.Offset))
	} else {
		fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkNotAligned))
	}
	fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkSegments, m.Known, len(reading.Forms), sequence(reading.Forms)))
	if !ok {
		fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkNobody,
			m.UserID, names[m.UserID], 100*m.Agreement, 100*m.RunnerUp, screening.MinKnownSegments, 100*screening.MinAgreement, 100*screening.MaxRunnerUp))
		return 1
	}
	fmt.Fprintln(out, texts.T(texts.Default, texts.WatermarkIdentified,
		m.UserID, names[m.UserID], 100*m.Agreement, m.Known, 100*m.RunnerUp))
	return 0
}

// sequence writes the forms read, "." for an unknown segment.
func sequence(observed []string) string {
	var b strings.Builder
	for _, o := range observed {
		if o == "" {
			o = "."
		}
		b.WriteString(o)
	}
	return b.String()
}

func envOr(getenv func(string) string, k, def string) string {
	if v := getenv(k); v != "" {
		return v
	}
	return def
}
