// Package screeningroom serves a film's adaptive stream to the people who
// may watch it (docs/screening.md): a short-lived ticket for the bearer
// token's holder, the playlists written for the ticket's holder at each
// request, and the key of each minute of film, which only the film's
// assigned jury and admins get and which is logged for the jury: the
// server's count of what they watched.
package screeningroom

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/requestlog"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// Service is the screening room.
type Service struct {
	films   Films
	watches Watches
	bucket  Bucket
	secret  screening.Secret
	ttl     time.Duration // a ticket's life: the presigned links' (PRESIGN_TTL)
	now     func() time.Time
}

// New returns the screening room; tickets last ttl, as presigned links do.
func New(films Films, watches Watches, bucket Bucket, secret screening.Secret, ttl time.Duration, now func() time.Time) *Service {
	return &Service{films: films, watches: watches, bucket: bucket, secret: secret, ttl: ttl, now: now}
}

// StreamTicket is the answer of GET /movies/:id/stream.
type StreamTicket struct {
	MovieID    int64         `json:"id_movie"`
	Master     string        `json:"master"` // /movies/<id>/stream/master.m3u8?ticket=...
	ExpiresAt  festival.Time `json:"expiresAt"`
	Renditions []string      `json:"renditions"`
	Subtitle   *string       `json:"subtitle"` // presigned URL of the subtitle file
	Minutes    int           `json:"minutes"`
}

// Ticket mints a ticket to the film's stream for the caller: an admin, its
// producer or a jury member assigned to it (403 otherwise), once the film
// streams (409 before). A jury member's opening counts in their progress,
// as GET /movies/:id/media does.
func (s *Service) Ticket(ctx context.Context, c festival.Actor, id int64) (StreamTicket, error) {
	m, err := s.film(ctx, id)
	if err != nil {
		return StreamTicket{}, err
	}
	if !allowed(c.ID, c.Role, m) {
		return StreamTicket{}, apperr.E(apperr.Forbidden, texts.NoMediaAccess)
	}
	st := m.Media.Streams()
	if st == nil {
		return StreamTicket{}, apperr.E(apperr.Conflict, texts.StreamNotReady)
	}
	if c.Role == festival.RoleJury {
		if err := s.watches.RecordWatch(ctx, id, c.ID); err != nil {
			return StreamTicket{}, err
		}
	}
	t := screening.Ticket{MovieID: id, UserID: c.ID, Role: c.Role, Expires: s.now().Add(s.ttl).Truncate(time.Second)}
	ticket := s.secret.Mint(t)
	out := StreamTicket{
		MovieID: id, Master: streamPath(id, "master.m3u8", ticket), ExpiresAt: festival.NewTime(t.Expires),
		Renditions: make([]string, 0, len(st.Renditions)), Minutes: st.Minutes(),
	}
	for _, r := range st.Renditions {
		out.Renditions = append(out.Renditions, r.Name)
	}
	if m.Subtitle != nil {
		url, _, err := s.bucket.PresignGet(ctx, files.Key(id, *m.Subtitle))
		if err != nil {
			return StreamTicket{}, err
		}
		out.Subtitle = &url
	}
	return out, nil
}

func streamPath(id int64, file, ticket string) string {
	return "/movies/" + strconv.FormatInt(id, 10) + "/stream/" + file + "?ticket=" + ticket
}

// Playlist is one playlist of the film's stream written for the ticket's
// holder: the master (file Master) or a rendition's (its name). The holder
// must still be allowed to watch the film (403: a jury member unassigned
// since the ticket was minted).
func (s *Service) Playlist(ctx context.Context, id int64, ticket string, file PlaylistName) (string, error) {
	t, m, st, err := s.open(ctx, id, ticket)
	if err != nil {
		return "", err
	}
	if file.Master() {
		return screening.Master(*st, ticket), nil
	}
	p, err := screening.Variant(ctx, s.bucket, s.secret, *st, file.Rendition(), t, ticket)
	if errors.Is(err, screening.ErrNoRendition) {
		return "", apperr.E(apperr.NotFound, texts.StreamFileNotFound)
	}
	if err != nil {
		return "", err
	}
	requestlog.From(ctx).Debug("playlist written", "id_movie", m.ID, "id_user", t.UserID, "rendition", file.Rendition())
	return p, nil
}

// Key is the AES-128 key of one minute of the film for the ticket's
// holder: an admin or a jury member still assigned to the film (a
// producer's ticket plays no segment: producers watch their film's file).
// A jury member's fetch is logged: the server's count.
func (s *Service) Key(ctx context.Context, id int64, ticket string, minute int) ([16]byte, error) {
	t, _, st, err := s.open(ctx, id, ticket)
	if err != nil {
		return [16]byte{}, err
	}
	if t.Role != festival.RoleAdmin && t.Role != festival.RoleJury {
		return [16]byte{}, apperr.E(apperr.Forbidden, texts.NoStreamKey)
	}
	if minute < 0 || minute >= st.Minutes() {
		return [16]byte{}, apperr.E(apperr.NotFound, texts.KeyMinuteNotFound)
	}
	if t.Role == festival.RoleJury {
		if _, err := s.watches.RecordKeyFetch(ctx, id, t.UserID, minute, s.now()); err != nil {
			return [16]byte{}, storeErr(err)
		}
	}
	return s.secret.Key(id, st.Version, minute), nil
}

// open checks a ticket for film id and reads the film: 403 for a ticket
// refused or a holder no longer allowed, 404 for a film gone, 409 for a
// film that does not stream (any more: its file was replaced).
func (s *Service) open(ctx context.Context, id int64, ticket string) (screening.Ticket, festival.Movie, *festival.Streaming, error) {
	t, err := s.secret.Open(ticket, id, s.now())
	if err != nil {
		requestlog.From(ctx).Info("stream ticket refused", "id_movie", id, "err", err.Error())
		return t, festival.Movie{}, nil, apperr.E(apperr.Forbidden, texts.BadTicket)
	}
	m, err := s.film(ctx, id)
	if err != nil {
		return t, m, nil, err
	}
	if !allowed(t.UserID, t.Role, m) {
		return t, m, nil, apperr.E(apperr.Forbidden, texts.NoMediaAccess)
	}
	st := m.Media.Streams()
	if st == nil {
		return t, m, nil, apperr.E(apperr.Conflict, texts.StreamNotReady)
	}
	return t, m, st, nil
}

// allowed reports whether user uid of role may watch the film: an admin,
// its producer, or a jury member assigned to it.
func allowed(uid int64, role festival.Role, m festival.Movie) bool {
	switch role {
	case festival.RoleAdmin:
		return true
	case festival.RoleJury:
		return m.HasJury(uid)
	case festival.RoleProducer:
		return m.OwnerID == uid
	}
	return false
}

func (s *Service) film(ctx context.Context, id int64) (festival.Movie, error) {
	m, err := s.films.GetMovie(ctx, id)
	return m, storeErr(err)
}

func storeErr(err error) error {
	if errors.Is(err, festival.ErrNotFound) {
		return apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	return err
}
