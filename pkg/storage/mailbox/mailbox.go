// Package mailbox is the local server's mail: messages are written as files
// in a folder (one JSON file each, named by the delivery's id) that a
// developer reads at http://127.0.0.1:3000/_mailbox, instead of being sent.
// Writing a delivery that is already there changes nothing, so a message
// delivered twice (a runner that stopped before filing it) is kept once.
package mailbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Box is a mailbox in a folder.
type Box struct {
	dir string
	now func() time.Time
}

// Open returns the mailbox in dir, creating the folder.
func Open(dir string, now func() time.Time) (*Box, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("mailbox: %w", err)
	}
	if now == nil {
		now = time.Now
	}
	return &Box{dir: dir, now: now}, nil
}

// Dir is the mailbox's folder.
func (b *Box) Dir() string { return b.dir }

// Send keeps the e-mail, once per delivery id.
func (b *Box) Send(_ context.Context, e festival.Email) error {
	if e.ID == "" || strings.ContainsAny(e.ID, `/\`) || strings.HasPrefix(e.ID, ".") {
		return fmt.Errorf("mailbox: bad delivery id %q", e.ID)
	}
	e.SentAt = festival.NewTime(b.now())
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(b.dir, e.ID+".json"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil // delivered already
	}
	if err != nil {
		return fmt.Errorf("mailbox: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("mailbox: %w", err)
	}
	return f.Close()
}

// List returns the e-mails kept, newest first.
func (b *Box) List() ([]festival.Email, error) {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return nil, fmt.Errorf("mailbox: %w", err)
	}
	var out []festival.Email
	for _, en := range entries {
		if en.IsDir() || !strings.HasSuffix(en.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(b.dir, en.Name()))
		if err != nil {
			return nil, fmt.Errorf("mailbox: %w", err)
		}
		var e festival.Email
		if err := json.Unmarshal(data, &e); err != nil {
			continue // a file being written
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(x, y festival.Email) int { return y.SentAt.Compare(x.SentAt.Time) })
	return out, nil
}
