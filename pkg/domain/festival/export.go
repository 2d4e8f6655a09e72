package festival

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"
)

// A person's export (GET /users/me/export): a zip of what the festival
// keeps about them, written in the bucket under their own prefix, kept
// ExportLifetime, and announced by a message with its link.

// MessageAccountExport tells a person their export is ready, with its link.
const MessageAccountExport MessageKind = "account.export"

// ExportLifetime is how long an export can be downloaded; the bucket's
// lifecycle rule deletes it then (within a day more: S3 runs its rules once
// a day), and the download route refuses it from then on.
const ExportLifetime = 7 * 24 * time.Hour

// MaxExportedFile is the largest answer file an export carries; a larger
// one is named in its README instead.
const MaxExportedFile = 10 << 20

// ExportID names one export: 32 hex digits from crypto/rand, so that an
// export's link cannot be guessed from another's.
type ExportID string

// NewExportID draws a fresh export id.
func NewExportID() ExportID {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return ExportID(hex.EncodeToString(b[:]))
}

// ParseExportID reads an export id from a path; false for anything else.
func ParseExportID(s string) (ExportID, bool) {
	if len(s) != 32 {
		return "", false
	}
	if _, err := hex.DecodeString(s); err != nil {
		return "", false
	}
	for _, c := range s {
		if c >= 'A' && c <= 'F' {
			return "", false // ids are written in lower case
		}
	}
	return ExportID(s), true
}

// Key is the export's object in the bucket: under its owner's prefix, so
// that nobody else's id can reach it.
func (id ExportID) Key(uid int64) string { return fmt.Sprintf("exports/%d/%s.zip", uid, id) }

// ExportExpired reports whether an export written at written can no longer
// be downloaded at now.
func ExportExpired(written, now time.Time) bool { return now.Sub(written) >= ExportLifetime }

// AccountExportMessage is the message that gives a person the link to
// their export.
func AccountExportMessage(uid int64, id ExportID, now time.Time) Message {
	return NewMessage(MessageAccountExport, []int64{uid}, map[string]string{"export": string(id)}, now)
}
