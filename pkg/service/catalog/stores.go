package catalog

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores of the catalogue, one per kind of record, each with only the
// methods the service calls. Every write is audited as the actor's; a
// missing record is festival.ErrNotFound, a name in use festival.ErrNameTaken.
// pkg/app wires the DynamoDB store into them.

// Categories is the store of categories; a rename or deletion reaches the
// films of the category too.
type Categories interface {
	ListCategories(ctx context.Context, p festival.Page) ([]festival.Category, string, error)
	CreateCategory(ctx context.Context, actor festival.Actor, name string) (festival.Category, error)
	RenameCategory(ctx context.Context, actor festival.Actor, id int64, name string) (festival.Category, error)
	DeleteCategory(ctx context.Context, actor festival.Actor, id int64) (festival.Category, error)
}

// Events is the store of the festival's events.
type Events interface {
	ListEvents(ctx context.Context, p festival.Page) ([]festival.Event, string, error)
	GetEvent(ctx context.Context, id int64) (festival.Event, error)
	// CreateEvent creates e, or returns the event that already has its name
	// (created false).
	CreateEvent(ctx context.Context, actor festival.Actor, e festival.Event) (festival.Event, bool, error)
	// UpdateEvent reads the event, applies change and writes it back if
	// nobody changed it meanwhile.
	UpdateEvent(ctx context.Context, actor festival.Actor, id int64, change func(*festival.Event) error) (festival.Event, error)
	DeleteEvent(ctx context.Context, actor festival.Actor, id int64) (festival.Event, error)
}

// Awards is the store of awards, each given to a film.
type Awards interface {
	ListAwards(ctx context.Context, p festival.Page) ([]festival.Award, string, error)
	CreateAward(ctx context.Context, actor festival.Actor, movieID int64, name string) (festival.Award, error)
	DeleteAward(ctx context.Context, actor festival.Actor, id int64) (festival.Award, error)
}

// Stores are the stores of the catalogue.
type Stores struct {
	Categories Categories
	Events     Events
	Awards     Awards
}
