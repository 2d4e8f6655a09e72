package screening

import (
	"strconv"

	"github.com/festivalapi/festival/pkg/media"
)

// VariantFor is the watermark form (media.VariantA or media.VariantB) of
// segment n (from 1) in the playlists of one user: one bit of
// HMAC-SHA256(secret, "wm|<id>|<version>|<user>|<segment>"). Without the
// secret nobody can tell which sequence belongs to whom, nor forge another
// juror's.
func (s Secret) VariantFor(movieID, version, userID int64, segment int) string {
	sum := s.sum("wm|" + strconv.FormatInt(movieID, 10) + "|" + strconv.FormatInt(version, 10) + "|" +
		strconv.FormatInt(userID, 10) + "|" + strconv.Itoa(segment))
	if sum[0]&1 == 0 {
		return media.VariantA
	}
	return media.VariantB
}
