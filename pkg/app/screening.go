package app

import (
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/service/screeningroom"
)

// mediaSecret is the secret of the stream's keys, tickets and watermark,
// derived from JWT_SECRET under its own label: one secret to configure, two
// keys that cannot stand in for each other.
func (d *Deps) mediaSecret() screening.Secret {
	return screening.NewSecret(d.Config.JWTSecret)
}

// screeningRoom serves a film's stream: tickets, playlists, keys.
func (d *Deps) screeningRoom() *screeningroom.Service {
	st := d.Store
	return screeningroom.New(st.Films, st.Votes, d.files(), d.mediaSecret(), d.Config.PresignTTL, d.Now)
}
