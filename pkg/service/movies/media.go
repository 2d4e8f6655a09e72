package movies

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/requestlog"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// MediaFile is one stored file of a film with a short-lived download URL.
type MediaFile struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Media is the answer of GET /movies/:id/media: presigned GET URLs for the
// film's stored files, keyed by record field (trailer, thumbnail, ...).
type Media struct {
	MovieID   int64                `json:"id_movie"`
	ExpiresAt festival.Time        `json:"expiresAt"`
	Files     map[string]MediaFile `json:"files"`
}

// canSee reports whether the caller may watch a film's files: an admin, the
// owning producer, or a jury member assigned to it.
func canSee(c festival.Actor, m festival.Movie) bool {
	if c.Is(festival.RoleAdmin) || m.OwnerID == c.ID {
		return true
	}
	if c.Is(festival.RoleJury) {
		for _, j := range m.Juries {
			if j.ID == c.ID {
				return true
			}
		}
	}
	return false
}

// Media presigns the film's files for the caller; the bucket stays private.
func (s *Service) Media(ctx context.Context, c festival.Actor, id int64) (Media, error) {
	m, blind, err := s.filmToWatch(ctx, c, id)
	if err != nil {
		return Media{}, err
	}
	if !canSee(c, m) {
		return Media{}, apperr.E(apperr.Forbidden, texts.NoMediaAccess)
	}
	if c.Role == festival.RoleJury && m.HasJury(c.ID) {
		// The jury's progress counts the films each member opened.
		if err := s.viewings.RecordWatch(ctx, id, c.ID); err != nil {
			return Media{}, err
		}
	}
	out := Media{MovieID: id, Files: map[string]MediaFile{}}
	film := m.Trailer
	if juror := !c.Is(festival.RoleAdmin) && m.OwnerID != c.ID; juror && (m.Media.Streams() != nil || blind) {
		// Once the film streams, its jury watches the stream: keys counted,
		// segments watermarked. The clear file would bypass both. Under
		// blind judging the jury watches nothing else: the file as uploaded
		// carries its maker's metadata (title, author, the editing
		// software's paths), which the stream's encoding drops.
		film = nil
	}
	for field, name := range map[string]*string{
		"trailer": film, "thumbnail": m.Thumbnail, "display_picture": m.DisplayPicture,
		"picture1": m.Picture1, "picture2": m.Picture2, "picture3": m.Picture3, "subtitle": m.Subtitle,
	} {
		if name == nil {
			continue
		}
		url, expires, err := s.files.PresignGet(ctx, files.Key(id, *name))
		if err != nil {
			return Media{}, err
		}
		out.Files[field] = MediaFile{Name: *name, URL: url}
		out.ExpiresAt = festival.NewTime(expires)
	}
	if len(out.Files) == 0 {
		out.ExpiresAt = festival.NewTime(s.now())
	}
	return out, nil
}

// filmToWatch reads the film whose files c asks for and, for a juror,
// whether the festival judges blind (the film and the settings in one
// request, as one film alone).
func (s *Service) filmToWatch(ctx context.Context, c festival.Actor, id int64) (festival.Movie, bool, error) {
	if !c.Is(festival.RoleJury) {
		m, err := s.film(ctx, id)
		return m, false, err
	}
	m, st, err := s.films.GetMovieAndSettings(ctx, id)
	return m, st.Blinds(festival.AudienceJury), storeErr(err)
}

// directParts are the parts that may be uploaded straight to S3 and the
// record field each one fills.
var directParts = map[string]struct {
	kind  files.Kind
	field func(*festival.Movie) **string
}{
	"filmFile":     {files.Video, func(m *festival.Movie) **string { return &m.Trailer }},
	"subtitlesSrt": {files.Subtitle, func(m *festival.Movie) **string { return &m.Subtitle }},
}

// UploadStarted is the answer of POST /movies/:id/uploads.
type UploadStarted struct {
	Part      string            `json:"part"`
	Name      string            `json:"name"`
	UploadID  string            `json:"upload_id"`
	PartSize  int64             `json:"part_size"`
	ExpiresAt festival.Time     `json:"expiresAt"`
	Parts     []UploadPartURL   `json:"parts"`
	Complete  map[string]string `json:"complete"`
}

// UploadPartURL is where to PUT one part; the client must send exactly Size
// bytes and keep the ETag header of the answer.
type UploadPartURL struct {
	Number int32  `json:"number"`
	Size   int64  `json:"size"`
	URL    string `json:"url"`
}

// owned reads a film the caller may change: its producer or an admin.
func (s *Service) owned(ctx context.Context, c festival.Actor, id int64) (festival.Movie, error) {
	m, err := s.film(ctx, id)
	if err != nil {
		return m, err
	}
	if !c.Is(festival.RoleAdmin) && m.OwnerID != c.ID {
		return m, apperr.E(apperr.Forbidden, texts.NotOwner)
	}
	return m, nil
}

// IsDirectPart reports whether a file part may go straight to S3.
func IsDirectPart(part string) bool {
	_, ok := directParts[part]
	return ok
}

func directPart(part string) (files.Kind, error) {
	d, ok := directParts[part]
	if !ok {
		return "", invalidf(texts.DirectPart)
	}
	return d.kind, nil
}

// StartUpload begins a direct multipart upload of a large file to S3 (body
// {part, size}) and presigns one URL per part. Only the owning producer or
// an admin may.
func (s *Service) StartUpload(ctx context.Context, c festival.Actor, id int64, part string, size int64) (UploadStarted, error) {
	kind, err := directPart(part)
	if err != nil {
		return UploadStarted{}, err
	}
	if size <= 0 {
		return UploadStarted{}, invalidf(texts.UploadSize)
	}
	if _, err := s.owned(ctx, c, id); err != nil {
		return UploadStarted{}, err
	}
	up, err := s.files.StartUpload(ctx, id, part, kind, size)
	if err != nil {
		return UploadStarted{}, fileErr(part, kind, err)
	}
	out := UploadStarted{
		Part: part, Name: up.Name, UploadID: up.UploadID, PartSize: up.PartSize,
		ExpiresAt: festival.NewTime(up.Expires), Parts: make([]UploadPartURL, len(up.Parts)),
		Complete: map[string]string{"method": "POST", "path": "/movies/" + strconv.FormatInt(id, 10) + "/uploads/complete"},
	}
	for i, p := range up.Parts {
		out.Parts[i] = UploadPartURL{Number: p.Number, Size: p.Size, URL: p.URL}
	}
	return out, nil
}

// storedName matches the names StoredName makes: <part>-<millis>-<digits><ext>.
var storedName = regexp.MustCompile(`^[A-Za-z0-9_]+-[0-9]+-[0-9]+\.(mp4|srt)$`)

// UploadedPart is one part of a direct upload as S3 acknowledged it.
type UploadedPart struct {
	Number int32
	ETag   string
}

// CompletedUpload names a direct upload to finish, as its start answered it.
type CompletedUpload struct {
	Part, Name, UploadID string
	Parts                []UploadedPart
}

// CompleteUpload finishes a direct upload (body {part, name, upload_id,
// parts: [{number, etag}]}), verifies the object (size, and content through a
// ranged read) and only then points the film at it. The file it replaces is
// removed afterwards.
func (s *Service) CompleteUpload(ctx context.Context, c festival.Actor, id int64, in CompletedUpload) (festival.Movie, error) {
	part, name, uploadID, parts := in.Part, in.Name, in.UploadID, in.Parts
	kind, err := directPart(part)
	if err != nil {
		return festival.Movie{}, err
	}
	if uploadID == "" || len(parts) == 0 || !storedName.MatchString(name) || !strings.HasPrefix(name, part+"-") {
		return festival.Movie{}, invalidf(texts.BadCompletion)
	}
	// S3 answers InvalidArgument or MalformedXML to these, which would read
	// as a server failure: they are the client's mistakes, said as such.
	seen := map[int32]bool{}
	for _, p := range parts {
		if p.Number < 1 || p.Number > 10000 || seen[p.Number] || strings.TrimSpace(p.ETag) == "" || len(parts) > 10000 {
			return festival.Movie{}, invalidf(texts.BadParts)
		}
		seen[p.Number] = true
	}
	if _, err := s.owned(ctx, c, id); err != nil {
		return festival.Movie{}, err
	}
	key := files.Key(id, name)
	done := make([]files.CompletedPart, len(parts))
	for i, p := range parts {
		done[i] = files.CompletedPart{Number: p.Number, ETag: p.ETag}
	}
	if err := s.files.CompleteUpload(ctx, key, uploadID, done); err != nil {
		var inv *files.InvalidFileError
		switch {
		case errors.As(err, &inv):
			return festival.Movie{}, fileErr(part, kind, err)
		case errors.Is(err, files.ErrUploadRefused):
			requestlog.From(ctx).Info("direct upload not completed", "id_movie", id, "err", err.Error())
			return festival.Movie{}, invalidf(texts.DirectUploadUnfinished)
		}
		// S3 unavailable, access denied...: not the client's fault, a 500
		// logged with its cause.
		return festival.Movie{}, err
	}
	if _, err := s.files.Verify(ctx, key, kind, 0); err != nil {
		return festival.Movie{}, fileErr(part, kind, err) // Verify removed the object
	}
	var old *string
	m, err := s.change(ctx, id, nil, "", func(m *festival.Movie) (map[string]string, error) {
		ptr := directParts[part].field(m)
		old = *ptr
		n := name
		*ptr = &n
		return nil, nil
	})
	if err != nil {
		s.discardKey(ctx, key)
		return m, err
	}
	if old != nil && *old != name {
		s.discardKey(ctx, files.Key(id, *old))
	}
	return m, nil
}

func (s *Service) discardKey(ctx context.Context, key string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := s.files.Delete(ctx, key); err != nil {
		requestlog.From(ctx).Error("file not removed", "key", key, "err", err.Error())
	}
}

// Viewing is what a jury member played of a film: the merged stretches, the
// seconds they cover and the share of the film (null when its duration is not
// known); and, once the film streams, the server's own count from the keys
// their player fetched (null before).
type Viewing struct {
	Spans          []festival.Span         `json:"spans"`
	WatchedSeconds float64                 `json:"watched_seconds"`
	WatchedShare   *float64                `json:"watched_share"`
	Server         *festival.ServerViewing `json:"server"`
}

// RecordViewing adds a stretch the calling jury member played of a film
// assigned to them (the screening room reports it as it plays).
func (s *Service) RecordViewing(ctx context.Context, c festival.Actor, id int64, span festival.Span) (Viewing, error) {
	m, err := s.film(ctx, id)
	if err != nil {
		return Viewing{}, err
	}
	if !m.HasJury(c.ID) {
		return Viewing{}, apperr.E(apperr.Forbidden, texts.NoMediaAccess)
	}
	w, err := s.viewings.RecordViewing(ctx, id, c.ID, span)
	if err != nil {
		return Viewing{}, storeErr(err)
	}
	return s.viewingOf(w, m), nil
}

// MyViewing is what the calling jury member has played of a film assigned
// to them so far (the screening room shows it when it opens).
func (s *Service) MyViewing(ctx context.Context, c festival.Actor, id int64) (Viewing, error) {
	m, err := s.film(ctx, id)
	if err != nil {
		return Viewing{}, err
	}
	if !m.HasJury(c.ID) {
		return Viewing{}, apperr.E(apperr.Forbidden, texts.NoMediaAccess)
	}
	w, err := s.viewings.WatchOf(ctx, id, c.ID)
	if err != nil {
		return Viewing{}, err
	}
	return s.viewingOf(w, m), nil
}

func (s *Service) viewingOf(w festival.Watch, m festival.Movie) Viewing {
	v := Viewing{Spans: w.Spans}
	if v.Spans == nil {
		v.Spans = []festival.Span{}
	}
	for _, sp := range w.Spans {
		v.WatchedSeconds += float64(sp.Seconds())
	}
	if share, ok := festival.WatchedShare(w.Spans, m.Runtime()); ok {
		v.WatchedShare = &share
	}
	if st := m.Media.Streams(); st != nil {
		count := festival.ServerCount(*st, w.Keys, w.KeysIssued, s.now())
		v.Server = &count
	}
	return v
}
