package web

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/http"

	"github.com/festivalapi/festival/pkg/domain/texts"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

// Multipart opens a multipart/form-data body for streaming, part by part: a
// film is never held in memory (ParseMultipartForm would buffer it).
func Multipart(r *http.Request) (*Parts, error) {
	media, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || (media != "multipart/form-data" && media != "multipart/mixed") || params["boundary"] == "" || r.Body == nil {
		return nil, apperr.E(apperr.Invalid, texts.BodyNotMultipart)
	}
	body := &closingWatch{r: r.Body, delim: []byte("--" + params["boundary"] + "--")}
	return &Parts{mr: multipart.NewReader(body, params["boundary"]), body: body}, nil
}

// Parts reads a form's parts. Unlike a bare multipart.Reader, it ends with
// io.EOF only after the form's closing boundary: a body cut short (inside a
// part's headers, where the standard reader sees a clean end) is
// io.ErrUnexpectedEOF, so a broken upload is never taken for a shorter form.
type Parts struct {
	mr   *multipart.Reader
	body *closingWatch
}

// NextPart returns the next part, io.EOF after the last one.
func (p *Parts) NextPart() (*multipart.Part, error) {
	part, err := p.mr.NextPart()
	if err == io.EOF && !p.body.seen {
		return nil, io.ErrUnexpectedEOF
	}
	return part, err
}

// closingWatch passes a body through and notes whether the closing
// delimiter went by (it may straddle two reads).
type closingWatch struct {
	r     io.Reader
	delim []byte
	tail  []byte // the last len(delim)-1 bytes read
	seen  bool
}

func (c *closingWatch) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 && !c.seen {
		window := append(c.tail, p[:n]...)
		c.seen = bytes.Contains(window, c.delim)
		if keep := len(c.delim) - 1; len(window) > keep {
			window = window[len(window)-keep:]
		}
		c.tail = append(c.tail[:0], window...)
	}
	return n, err
}
