package accounts

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// exportData is what one export holds.
type exportData struct {
	uid      int64
	account  festival.UserJSON
	films    []festival.Movie
	votes    []festival.Vote
	watches  []festival.Watch
	messages []festival.Message
}

// exportedMessage is one message of messages.json.
type exportedMessage struct {
	ID        string                `json:"id_message"`
	Kind      festival.MessageKind  `json:"kind"`
	State     festival.MessageState `json:"state"`
	Subject   string                `json:"subject,omitempty"`
	Text      string                `json:"text,omitempty"`
	CreatedAt festival.Time         `json:"createdAt"`
	SentAt    festival.Time         `json:"sent_at"`
}

// exportedViewing is one film's viewing record in viewings.json.
type exportedViewing struct {
	MovieID    int64           `json:"id_movie"`
	Spans      []festival.Span `json:"spans"`
	KeysIssued int             `json:"keys_issued"`
	KeyFetches []keyFetch      `json:"key_fetches"`
}

type keyFetch struct {
	Minute int           `json:"minute"`
	At     festival.Time `json:"at"`
}

// writeExport writes the zip of d to w: the JSON files, each film's answer
// files (read from the bucket as they are written, at most
// festival.MaxExportedFile each), and README.txt last, which names the
// files left out.
func writeExport(ctx context.Context, w io.Writer, d exportData, bucket Bucket, now time.Time) error {
	z := zip.NewWriter(w)
	viewings := make([]exportedViewing, 0, len(d.watches))
	for _, wt := range d.watches {
		v := exportedViewing{MovieID: wt.MovieID, Spans: wt.Spans, KeysIssued: wt.KeysIssued, KeyFetches: []keyFetch{}}
		if v.Spans == nil {
			v.Spans = []festival.Span{}
		}
		for _, k := range wt.Keys {
			v.KeyFetches = append(v.KeyFetches, keyFetch{Minute: k.Minute, At: festival.NewTime(k.At)})
		}
		viewings = append(viewings, v)
	}
	films, votes := d.films, d.votes
	if films == nil {
		films = []festival.Movie{}
	}
	if votes == nil {
		votes = []festival.Vote{}
	}
	for _, f := range []struct {
		name string
		v    any
	}{
		{"account.json", d.account}, {"films.json", films}, {"messages.json", exportedMessages(d.uid, d.messages)},
		{"viewings.json", viewings}, {"votes.json", votes},
	} {
		if err := writeJSON(z, f.name, f.v, now); err != nil {
			return err
		}
	}
	left, err := writeAnswerFiles(ctx, z, d.films, bucket, now)
	if err != nil {
		return err
	}
	readme, err := z.CreateHeader(&zip.FileHeader{Name: "README.txt", Method: zip.Deflate, Modified: now})
	if err != nil {
		return err
	}
	// Written in the language of the request that asked for it (French
	// when none was negotiated).
	lang := texts.LangOf(ctx)
	text := texts.T(lang, texts.ExportReadme)
	if len(left) > 0 {
		text += texts.T(lang, texts.ExportLeftOut) + "\n- " + strings.Join(left, "\n- ") + "\n"
	}
	if _, err := io.WriteString(readme, text); err != nil {
		return err
	}
	return z.Close()
}

func writeJSON(z *zip.Writer, name string, v any, now time.Time) error {
	f, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeAnswerFiles copies each film's answer files into the zip under
// fichiers/<film id>/<question id>-<file name>, and returns those left out
// (too large, or missing from the bucket).
func writeAnswerFiles(ctx context.Context, z *zip.Writer, films []festival.Movie, bucket Bucket, now time.Time) ([]string, error) {
	var left []string
	for _, m := range films {
		ids := make([]string, 0, len(m.Answers))
		for q, a := range m.Answers {
			if a.File != nil {
				ids = append(ids, q)
			}
		}
		slices.Sort(ids)
		for _, q := range ids {
			f := m.Answers[q].File
			name := fmt.Sprintf("fichiers/%d/%s-%s", m.ID, safeName(q), safeName(f.Name))
			if f.Size > festival.MaxExportedFile {
				left = append(left, texts.T(texts.LangOf(ctx), texts.ExportFileTooBig, name, f.Size, festival.MaxExportedFile))
				continue
			}
			body, err := bucket.MovieFile(ctx, m.ID, f.Key)
			if err != nil {
				left = append(left, texts.T(texts.LangOf(ctx), texts.ExportFileMissing, name))
				continue
			}
			err = copyInto(z, name, body, now)
			_ = body.Close()
			if err != nil {
				return nil, err
			}
		}
	}
	return left, nil
}

func copyInto(z *zip.Writer, name string, body io.Reader, now time.Time) error {
	// Pictures and PDFs are compressed already.
	w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: now})
	if err != nil {
		return err
	}
	_, err = io.Copy(w, io.LimitReader(body, festival.MaxExportedFile))
	return err
}

// safeName keeps a name to one path segment of printable characters.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == '/' || r == '\\' || r == 0x7f {
			return '_'
		}
		return r
	}, s)
	if s == "" || s == "." || s == ".." {
		return "_"
	}
	return s
}
