package decisions

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/voting"
)

// The stores bulk decisions consume (pkg/app wires the DynamoDB store's
// faces, and the voting service for the results). Their errors are the
// domain's (festival.ErrNotFound, *festival.PlanStaleError,
// *festival.PlanStateError...), which Apply turns into the API's.

// Plans keeps the plans (festival.Plan) and reads the films they change.
type Plans interface {
	// RecoverPlans puts back the films of applies that died part-way.
	RecoverPlans(ctx context.Context) (int, error)
	// AllMoviesVersioned reads every film with its version.
	AllMoviesVersioned(ctx context.Context) ([]festival.VersionedMovie, error)
	// MoviesVersioned reads the films of ids with their versions; ids that
	// are no film are left out.
	MoviesVersioned(ctx context.Context, ids []int64) ([]festival.VersionedMovie, error)
	// SaveDecisionPlan stores a previewed bulk decision; it can be applied
	// until the time returned.
	SaveDecisionPlan(ctx context.Context, actor festival.Actor, id festival.PlanID, films []festival.PlanFilm) (festival.Time, error)
	// ApplyDecisionPlan applies it all or nothing, with each film's ledger
	// entry and the message notice makes of it, and returns how many films
	// changed.
	ApplyDecisionPlan(ctx context.Context, actor festival.Actor, id festival.PlanID, notice func(before, after festival.Movie) (festival.Message, bool)) (int, error)
}

// Settings reads the festival's settings: the season says when a decision's
// message is due.
type Settings interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
}

// Results reads the jury results (*voting.Service): a film's mean score and
// rank, of one category when categoryID > 0.
type Results interface {
	Results(ctx context.Context, categoryID int64) ([]voting.MovieResult, error)
}

// Render returns, for one preview, how the outbox will write a message to
// its recipient (notify.Config.Renderer: the festival's templates, read
// once): pkg/app builds it.
type Render func(ctx context.Context) (func(m festival.Message, to festival.User) (subject, text string, err error), error)

// Stores are the stores the service consumes.
type Stores struct {
	Plans    Plans
	Settings Settings
	Results  Results
}
