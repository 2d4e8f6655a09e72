// Package screening protects a film's adaptive stream (docs/screening.md):
// its segments are encrypted with AES-128, one key per minute of film; keys
// are never stored but derived from the media secret; a stream ticket lets
// the holder of a bearer token fetch playlists and keys from a player that
// cannot send headers; playlists are written per viewer with presigned
// segment URLs; with the watermark, each juror's playlists pick their own
// sequence of the A and B forms of the segments, so a leaked copy names them.
package screening

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"strconv"
)

// Secret is the media secret every key, ticket and watermark sequence is
// derived from. It comes from the JWT secret under its own label, so a
// media key never equals the key that signs tokens.
type Secret [32]byte

// secretLabel separates the media secret from the JWT signing key; a new
// label (v2) would change every key, ticket and watermark sequence at once.
const secretLabel = "festival media v1"

// NewSecret derives the media secret from the JWT secret: HMAC-SHA256 keyed
// with the JWT secret over the label (HKDF's extract-then-expand collapsed
// to one step, enough for a secret that is already uniformly random).
func NewSecret(jwtSecret string) Secret {
	var s Secret
	copy(s[:], mac([]byte(jwtSecret), secretLabel))
	return s
}

// mac is HMAC-SHA256 of the message under key.
func mac(key []byte, message string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(message))
	return h.Sum(nil)
}

// sum is HMAC-SHA256 of the message under the media secret.
func (s Secret) sum(message string) []byte { return mac(s[:], message) }

// Key is the AES-128 key of one minute of one encoding of a film: the first
// 16 bytes of HMAC-SHA256(secret, "key|<id>|<version>|<minute>").
func (s Secret) Key(movieID, version int64, minute int) [16]byte {
	var k [16]byte
	copy(k[:], s.sum("key|"+strconv.FormatInt(movieID, 10)+"|"+strconv.FormatInt(version, 10)+"|"+strconv.Itoa(minute)))
	return k
}

// IV is the initialisation vector of segment n (from 1): n as a 128-bit
// big-endian number. It is the IV HLS implies for a segment whose playlist
// gives no IV attribute (its media sequence number, and the playlists start
// their media sequence at 1), so the playlists need not repeat it.
func IV(segment int) [16]byte {
	var iv [16]byte
	binary.BigEndian.PutUint64(iv[8:], uint64(segment))
	return iv
}
