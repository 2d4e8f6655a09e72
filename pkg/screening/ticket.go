package screening

import (
	"crypto/hmac"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Ticket lets its holder read one film's playlists and keys until it
// expires. Players fetch playlists and keys by URL, without the bearer
// token, so GET /movies/{id}/stream mints a ticket for the token's user and
// the URLs carry it.
type Ticket struct {
	MovieID int64
	UserID  int64
	Role    festival.Role
	Expires time.Time // whole seconds
}

// ErrTicket is every refused ticket: malformed, forged, for another film or
// expired (the error's text says which; the answer is 403 whatever it is).
var ErrTicket = errors.New("screening: ticket refused")

// ticketVersion is the first byte of a ticket's payload: a new format gets a
// new number and old tickets are refused (they expire within PresignTTL).
const ticketVersion = 1

// maxTicketLen bounds what Open decodes: a real ticket is under 80
// characters.
const maxTicketLen = 200

// roleCodes are the roles as one byte in a ticket.
var roleCodes = map[festival.Role]byte{festival.RoleAdmin: 'A', festival.RoleJury: 'J', festival.RoleProducer: 'P'}

// Mint writes a ticket as <payload>.<signature>, both base64url without
// padding: the payload is a version byte, the film, the user and the expiry
// (unsigned varints) and the role (one byte); the signature is
// HMAC-SHA256(secret, "ticket|" + payload).
func (s Secret) Mint(t Ticket) string {
	b := []byte{ticketVersion}
	b = binary.AppendUvarint(b, uint64(t.MovieID))
	b = binary.AppendUvarint(b, uint64(t.UserID))
	b = binary.AppendUvarint(b, uint64(t.Expires.Unix()))
	b = append(b, roleCodes[t.Role])
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + base64.RawURLEncoding.EncodeToString(s.sum("ticket|"+payload))
}

// Open checks a ticket for the film movieID at now: its signature first
// (nothing of a forged ticket is read), then its film and its expiry.
func (s Secret) Open(ticket string, movieID int64, now time.Time) (Ticket, error) {
	if len(ticket) > maxTicketLen {
		return Ticket{}, fmt.Errorf("%w: too long", ErrTicket)
	}
	payload, sig, ok := strings.Cut(ticket, ".")
	if !ok {
		return Ticket{}, fmt.Errorf("%w: malformed", ErrTicket)
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.sum("ticket|"+payload)) {
		return Ticket{}, fmt.Errorf("%w: bad signature", ErrTicket)
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Ticket{}, fmt.Errorf("%w: malformed", ErrTicket)
	}
	t, err := decodeTicket(b)
	if err != nil {
		return Ticket{}, err
	}
	if t.MovieID != movieID {
		return Ticket{}, fmt.Errorf("%w: for another film", ErrTicket)
	}
	if !now.Before(t.Expires) {
		return Ticket{}, fmt.Errorf("%w: expired", ErrTicket)
	}
	return t, nil
}

// decodeTicket reads a signed payload; a signed payload is one this code
// wrote, so a failure here means another format.
func decodeTicket(b []byte) (Ticket, error) {
	bad := fmt.Errorf("%w: malformed", ErrTicket)
	if len(b) == 0 || b[0] != ticketVersion {
		return Ticket{}, bad
	}
	b = b[1:]
	var nums [3]uint64
	for i := range nums {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > 1<<62 {
			return Ticket{}, bad
		}
		nums[i], b = v, b[n:]
	}
	if len(b) != 1 {
		return Ticket{}, bad
	}
	for role, code := range roleCodes {
		if code == b[0] {
			return Ticket{MovieID: int64(nums[0]), UserID: int64(nums[1]), Role: role, Expires: time.Unix(int64(nums[2]), 0).UTC()}, nil
		}
	}
	return Ticket{}, bad
}
