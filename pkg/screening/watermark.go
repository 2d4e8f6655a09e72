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

// Identification thresholds: a juror is named only when their sequence
// agrees with at least MinAgreement of at least MinKnownSegments segments
// read from the copy, and every other candidate's agrees with at most
// MaxRunnerUp. A stranger's sequence agrees with about half the segments:
// the chance that it reaches 0.9 over 16 segments is 17 in 65,536.
const (
	MinKnownSegments = 16
	MinAgreement     = 0.9
	MaxRunnerUp      = 0.75
)

// Match is the best candidate for a copy's sequence of watermark forms.
type Match struct {
	UserID    int64
	Agreement float64 // share of the known segments where their form is the one read
	Known     int     // segments whose form was read ("" ones are unknown)
	RunnerUp  float64 // the next candidate's agreement (0 with one candidate)
}

// Identify compares the forms read from a copy (observed[i] is segment i+1:
// "A", "B" or "" when unknown) with each candidate's sequence, and names the
// best candidate when it is clearly the one (ok).
func (s Secret) Identify(movieID, version int64, observed []string, candidates []int64) (best Match, ok bool) {
	known := 0
	for _, o := range observed {
		if o != "" {
			known++
		}
	}
	best = Match{Known: known}
	if known == 0 {
		return best, false
	}
	first := true
	for _, user := range candidates {
		agree := 0
		for i, o := range observed {
			if o != "" && o == s.VariantFor(movieID, version, user, i+1) {
				agree++
			}
		}
		a := float64(agree) / float64(known)
		switch {
		case first || a > best.Agreement:
			if !first {
				best.RunnerUp = best.Agreement
			}
			best.UserID, best.Agreement = user, a
		case a > best.RunnerUp:
			best.RunnerUp = a
		}
		first = false
	}
	ok = !first && known >= MinKnownSegments && best.Agreement >= MinAgreement && best.RunnerUp <= MaxRunnerUp
	return best, ok
}
