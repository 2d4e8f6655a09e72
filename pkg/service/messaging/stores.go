package messaging

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The stores the festival's writing reads and writes, each with only the
// methods the service calls; pkg/app wires the DynamoDB store's faces into
// them.

// Templates is the store of the festival's own message templates.
type Templates interface {
	MessageTemplates(ctx context.Context) ([]mailtemplate.Template, error)
	// SaveMessageTemplate writes one kind's template with its audit entry.
	SaveMessageTemplate(ctx context.Context, actor festival.Actor, t mailtemplate.Template) error
	// DeleteMessageTemplate removes one kind's template in one language
	// (its default applies again) with its audit entry.
	DeleteMessageTemplate(ctx context.Context, actor festival.Actor, kind festival.MessageKind, l texts.Lang) error
}

// Films lists the festival's films: a group is drawn from them.
type Films interface {
	ListMovies(ctx context.Context, f festival.MovieFilter, p festival.Page) ([]festival.Movie, string, error)
}

// Votes lists every vote: the jurors behind are those with assigned films
// they have not voted on.
type Votes interface {
	ListVotes(ctx context.Context, p festival.Page) ([]festival.Vote, string, error)
}

// People reads the accounts a preview is written for, by id.
type People interface {
	UsersByID(ctx context.Context, ids []int64) (map[int64]festival.User, error)
}

// Outbox writes composed messages with one audit entry.
type Outbox interface {
	WriteMessages(ctx context.Context, actor festival.Actor, msgs []festival.Message, details map[string]string) error
}

// Stores are the stores of the service.
type Stores struct {
	Templates Templates
	Films     Films
	Votes     Votes
	People    People
	Outbox    Outbox
}
