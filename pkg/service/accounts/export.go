package accounts

import (
	"context"
	"errors"
	"io"
	"net/url"
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// WithExports gives the service what the export of a person's data needs
// (GET /users/me/export); without it, Export is an error.
func (s *Service) WithExports(x Exports) *Service {
	s.exports = &x
	return s
}

// Export builds the caller's export in the request: it gathers their data,
// streams the zip to the bucket (exports/<uid>/<id>.zip) as it is written,
// then writes the message with its link and the audit entry user.export.
// Memory stays bounded whatever the size of the answer files; for a
// producer of 20 films it takes well under a second (measured, see the
// e2e test). A failure leaves no object and no message.
func (s *Service) Export(ctx context.Context, c festival.Actor) error {
	if s.exports == nil {
		return errors.New("accounts: exports are not wired")
	}
	d, err := s.gather(ctx, c)
	if err != nil {
		return err
	}
	id := festival.NewExportID()
	pr, pw := io.Pipe()
	written := make(chan error, 1)
	go func() {
		err := writeExport(ctx, pw, d, s.exports.Bucket, s.now())
		_ = pw.CloseWithError(err)
		written <- err
	}()
	err = s.exports.Bucket.PutStream(ctx, id.Key(c.ID), pr, "application/zip")
	// An upload that stopped early must not leave the writer blocked.
	_ = pr.CloseWithError(errors.New("accounts: export upload ended"))
	if werr := <-written; werr != nil {
		return werr
	}
	if err != nil {
		return err
	}
	return s.exports.Sources.RecordExport(ctx, c, festival.AccountExportMessage(c.ID, id, s.now()))
}

// gather reads what the export holds: the account, the films as their
// producer reads them, the messages addressed to them, their viewing records
// and their votes.
func (s *Service) gather(ctx context.Context, c festival.Actor) (exportData, error) {
	var d exportData
	u, err := s.caller(ctx, c)
	if err != nil {
		return d, err
	}
	d.account = u.Public()
	if d.films, _, err = s.exports.Movies.Mine(ctx, c, festival.Page{}); err != nil {
		return d, err
	}
	src := s.exports.Sources
	if d.votes, _, err = src.VotesOf(ctx, c.ID, festival.Page{}); err != nil {
		return d, err
	}
	if d.watches, err = src.WatchesOf(ctx, c.ID); err != nil {
		return d, err
	}
	if d.messages, err = src.MessagesTo(ctx, c.ID); err != nil {
		return d, err
	}
	d.uid = c.ID
	return d, nil
}

// Download is where the caller's export id can be downloaded: a fresh
// presigned link to its zip. Only its owner reaches it (the key is under
// their prefix); an id that is not one, an export that never was or is
// older than festival.ExportLifetime is 404.
func (s *Service) Download(ctx context.Context, c festival.Actor, raw string) (string, error) {
	if s.exports == nil {
		return "", errors.New("accounts: exports are not wired")
	}
	id, ok := festival.ParseExportID(raw)
	if !ok {
		return "", apperr.E(apperr.NotFound, texts.ExportNotFound)
	}
	key := id.Key(c.ID)
	written, _, err := s.exports.Bucket.Stat(ctx, key)
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return "", apperr.E(apperr.NotFound, texts.ExportNotFound)
	case err != nil:
		return "", err
	case festival.ExportExpired(written, s.now()):
		return "", apperr.E(apperr.NotFound, texts.ExportNotFound)
	}
	return s.exports.Bucket.PresignDownload(ctx, key, exportFilename(s.now()))
}

// exportFilename is the name the browser saves an export under.
func exportFilename(now time.Time) string {
	return url.PathEscape("mes-donnees-" + now.UTC().Format("2006-01-02") + ".zip")
}

// exportedMessages are the messages as an export shows them: the text sent
// only where the person was its only recipient (a message to several keeps
// the text rendered for the first of them, who may be someone else).
func exportedMessages(uid int64, msgs []festival.Message) []exportedMessage {
	out := make([]exportedMessage, 0, len(msgs))
	for _, m := range msgs {
		e := exportedMessage{ID: m.ID, Kind: m.Kind, State: m.State, CreatedAt: m.CreatedAt, SentAt: m.SentAt}
		if slices.Equal(m.To, []int64{uid}) {
			e.Subject, e.Text = m.Subject, m.Text
		}
		out = append(out, e)
	}
	return out
}
