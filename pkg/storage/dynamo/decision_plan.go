package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Bulk decisions: a plan of kind festival.PlanDecision (assignment.go keeps
// both kinds), each film moving from one status to another. It is applied
// with the assignment's machinery (claimFresh, writePlan, undoPlan,
// RecoverPlans): in transactions of decisionChunk films, each film written
// conditional on the version the preview saw (and not being deleted), with
// its status ledger entry and its decision message, as a single status
// change writes them (Films.updateMovie); the last transaction marks the
// plan applied with one audit entry for the whole plan.
//
// The message of a film is MESSAGE#<plan id>-<film id> (decisionMessageID),
// so that putting the film back deletes it. Undoing a film also records the
// status going back in the ledger: the ledger is append-only.

// decisionChunk is how many films one transaction of a decision writes: the
// film, its ledger entry and its message each, and the plan's written set.
const decisionChunk = (transactRoom - 1) / 3

// SaveDecisionPlan stores a previewed bulk decision
// (festival.NewDecisionPlan); it can be applied until the time returned.
func (s *Plans) SaveDecisionPlan(ctx context.Context, actor festival.Actor, id festival.PlanID, films []festival.PlanFilm) (festival.Time, error) {
	return s.savePlan(ctx, festival.NewDecisionPlan(id, actor, films, s.now()))
}

// ApplyDecisionPlan applies a previewed bulk decision, all or nothing, and
// returns how many films changed. notice is the message each film's new
// status owes its producer, if any (from the film before and after). An unknown or expired plan (or one of another kind) is
// festival.ErrNotFound; a film changed since the preview is a
// *festival.PlanStaleError, and nothing is changed.
func (s *Plans) ApplyDecisionPlan(ctx context.Context, actor festival.Actor, id festival.PlanID,
	notice func(before, after festival.Movie) (festival.Message, bool)) (int, error) {
	plan, byID, err := s.claimFresh(ctx, id, festival.PlanDecision)
	if err != nil {
		return 0, err
	}
	now := festival.NewTime(s.now())
	err = s.writePlan(ctx, plan, byID, slices.Chunk(plan.Films, decisionChunk),
		func(chunk []festival.PlanFilm) ([]types.TransactWriteItem, error) {
			return s.decisionChunkOps(plan, chunk, byID, notice, now)
		},
		func() error { return s.finishDecisions(ctx, actor, plan) })
	if err != nil {
		return 0, err
	}
	return len(plan.Films), nil
}

// decisionChunkOps are the writes of one chunk: each film with its new
// status (festival.PlanFilm.Decided, conditional on the planned version),
// its ledger entry and its message, and the plan's written set.
func (s *Plans) decisionChunkOps(plan festival.Plan, chunk []festival.PlanFilm, byID map[int64]festival.VersionedMovie,
	notice func(before, after festival.Movie) (festival.Message, bool), now festival.Time) ([]types.TransactWriteItem, error) {
	ops := make([]types.TransactWriteItem, 0, 3*len(chunk)+1)
	for _, f := range chunk {
		before := byID[f.MovieID].Movie
		after := f.Decided(before, now)
		op, err := s.filmPut(after, f.Version, f.Version+1)
		if err != nil {
			return nil, err
		}
		ledger, err := s.statusLedgerOp(before.Edition, f.MovieID, f.From, f.To)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op, ledger)
		if msg, ok := notice(before, after); ok {
			msg.ID = decisionMessageID(plan.ID, f.MovieID)
			put, err := s.messageOps([]festival.Message{msg})
			if err != nil {
				return nil, err
			}
			ops = append(ops, put...)
		}
	}
	return append(ops, s.planWrittenOp(plan, "ADD", chunk)), nil
}

// finishDecisions is an apply's last transaction, once every film is
// written: the plan applied and one audit entry naming its films.
func (s *Plans) finishDecisions(ctx context.Context, actor festival.Actor, plan festival.Plan) error {
	applied, err := plan.Released(festival.PlanApplied)
	if err != nil {
		return err
	}
	to := ""
	if len(plan.Films) > 0 {
		to = string(plan.Films[0].To)
	}
	return s.transact(ctx, []types.TransactWriteItem{s.planStateOp(plan, applied), s.auditOp(actor, "movie.decisions", "plan:"+plan.ID.String(),
		map[string]string{"films": festival.JoinIDs(plan.MovieIDs(), ","), "to": to, "count": strconv.Itoa(len(plan.Films))})})
}

// decisionUndoOps take back what a decision wrote with one film besides its
// item: the ledger records the status going back, and the film's message is
// deleted (a no-op when it had none).
func (s *Plans) decisionUndoOps(plan festival.Plan, f festival.PlanFilm, ed festival.EditionID) ([]types.TransactWriteItem, error) {
	ledger, err := s.statusLedgerOp(ed, f.MovieID, f.To, f.From)
	if err != nil {
		return nil, fmt.Errorf("undo decision on film %d: %w", f.MovieID, err)
	}
	return []types.TransactWriteItem{ledger, s.deleteOp(messagePK(decisionMessageID(plan.ID, f.MovieID)), skMessage)}, nil
}

// undoDecisions is undoPlan for a decision: the films go back decisionChunk
// at a time, one transaction each (a film's writes are the same size as
// when they were written), so that putting back thousands of films takes
// as many transactions as writing them did. A transaction refused (a film
// changed again since this plan wrote it) is done again film by film
// (undoFilm), so that the other films go back and that change stands.
func (s *Plans) undoDecisions(ctx context.Context, plan festival.Plan, written []festival.PlanFilm, before map[int64]festival.VersionedMovie, cause error) error {
	for chunk := range slices.Chunk(written, decisionChunk) {
		if err := s.undoDecisionChunk(ctx, plan, chunk, before); err != nil {
			return errors.Join(cause, err)
		}
	}
	return s.releasePlan(ctx, plan, festival.PlanRolledBack, cause)
}

func (s *Plans) undoDecisionChunk(ctx context.Context, plan festival.Plan, chunk []festival.PlanFilm, before map[int64]festival.VersionedMovie) error {
	ops := make([]types.TransactWriteItem, 0, 3*len(chunk)+1)
	for _, f := range chunk {
		m := before[f.MovieID].Movie
		m.UpdatedAt = festival.NewTime(s.now())
		op, err := s.filmPut(m, f.Version+1, f.Version+2)
		if err != nil {
			return err
		}
		undo, err := s.decisionUndoOps(plan, f, m.Edition)
		if err != nil {
			return err
		}
		ops = append(append(ops, op), undo...)
	}
	err := s.transact(ctx, append(ops, s.planWrittenOp(plan, "DELETE", chunk)))
	if cancelReasons(err) == nil {
		return err
	}
	for _, f := range chunk {
		if err := s.undoFilm(ctx, plan, f, before[f.MovieID].Movie); err != nil {
			return err
		}
	}
	return nil
}
