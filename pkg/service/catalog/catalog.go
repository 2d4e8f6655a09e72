// Package catalog is the business of the festival's admin-managed records:
// categories, festival events and awards. It checks values and turns store
// outcomes into the API's answers; the store makes names unique and writes
// every change with its audit entry.
package catalog

import (
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// Service runs the category, event and award operations.
type Service struct {
	store *dynamo.Store
}

// New returns the catalog service.
func New(st *dynamo.Store) *Service { return &Service{store: st} }
