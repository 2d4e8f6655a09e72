package memory

import (
	"context"
	"slices"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// LateCodes is the store of late-entry codes. Using one (the film's
// creation takes a use) is not modelled here.
type LateCodes struct{ db *DB }

// LateCodes returns the festival's late-entry code store.
func (db *DB) LateCodes() *LateCodes { return &LateCodes{db: db} }

// lateCodesListing lists the codes newest first, as the DynamoDB index
// orders them: by creation time, then code.
var lateCodesListing = listing[festival.LateCode]{name: "latecodes", desc: true,
	key: func(c festival.LateCode) string { return c.CreatedAt.String() + "#" + c.Code }}

// CreateLateCode stores a new code in the current edition
// (festival.ErrCodeTaken when it exists there).
func (s *LateCodes) CreateLateCode(ctx context.Context, c festival.LateCode) error {
	if _, err := festival.ParseLateCode("code", c.Code); err != nil {
		return err
	}
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	ed, err := s.db.writableEdition(ctx)
	if err != nil {
		return err
	}
	if _, ok := s.db.lateCodes[editionKey(ed, c.Code)]; ok {
		return festival.ErrCodeTaken
	}
	c.ExpiresAt, c.CreatedAt = storedTime(c.ExpiresAt), storedTime(c.CreatedAt)
	s.db.lateCodes[editionKey(ed, c.Code)] = c
	return nil
}

// GetLateCode reads a code of the edition the request addresses
// (festival.ErrNotFound when there is none).
func (s *LateCodes) GetLateCode(ctx context.Context, code festival.LateCodeID) (festival.LateCode, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	c, ok := s.db.lateCodes[editionKey(s.db.editionOf(ctx), code.String())]
	if !ok {
		return festival.LateCode{}, festival.ErrNotFound
	}
	return c, nil
}

// ListLateCodes lists the codes of the edition the request addresses,
// newest first.
func (s *LateCodes) ListLateCodes(ctx context.Context, p festival.Page) ([]festival.LateCode, string, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	ed := s.db.editionOf(ctx)
	all := make([]festival.LateCode, 0, len(s.db.lateCodes))
	for k, c := range s.db.lateCodes {
		if k == editionKey(ed, c.Code) {
			all = append(all, c)
		}
	}
	key := lateCodesListing.key
	slices.SortFunc(all, func(a, b festival.LateCode) int { return strings.Compare(key(b), key(a)) })
	return lateCodesListing.page(all, p)
}

// DeleteLateCode withdraws a code of the current edition
// (festival.ErrNotFound when there is none).
func (s *LateCodes) DeleteLateCode(ctx context.Context, code festival.LateCodeID) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	ed, err := s.db.writableEdition(ctx)
	if err != nil {
		return err
	}
	if _, ok := s.db.lateCodes[editionKey(ed, code.String())]; !ok {
		return festival.ErrNotFound
	}
	delete(s.db.lateCodes, editionKey(ed, code.String()))
	return nil
}
