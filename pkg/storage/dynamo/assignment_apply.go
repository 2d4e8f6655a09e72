package dynamo

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// ApplyPlan applies a previewed plan, all or nothing (see assignment.go),
// and writes the digest messages (one per member given films, listing
// them) and the audit entry with the last step. It returns how many films
// changed. An unknown or expired plan is festival.ErrNotFound.
func (s *Plans) ApplyPlan(ctx context.Context, actor festival.Actor, id festival.PlanID, digest func(uid int64, films []festival.Movie) festival.Message) (int, error) {
	plan, byID, err := s.claimFresh(ctx, id, festival.PlanAssignment)
	if err != nil {
		return 0, err
	}
	members, err := (&Films{s.core}).JuryMembers(ctx, plan.Members())
	if err != nil {
		return 0, s.releasePlan(ctx, plan, festival.PlanStale, err)
	}
	jury := map[int64]festival.Jury{}
	for _, j := range members {
		jury[j.ID] = j
	}
	now := festival.NewTime(s.now())
	var rest []types.TransactWriteItem
	err = s.writePlan(ctx, plan, byID, planChunks(plan.Films),
		func(chunk []festival.PlanFilm) ([]types.TransactWriteItem, error) {
			return s.planChunkOps(plan, chunk, byID, jury, now)
		},
		func() (err error) {
			rest, err = s.finishPlan(ctx, actor, plan, byID, digest)
			return err
		})
	if err != nil {
		return 0, err
	}
	// Past one transaction's room (a jury of more than ~95 members), the
	// other digests follow; the assignment itself is done.
	if err := s.transactChunks(ctx, rest); err != nil {
		return len(plan.Films), fmt.Errorf("write assignment digests: %w", err)
	}
	return len(plan.Films), nil
}

// claimFresh claims a plan of the given kind for this call (claimPlan) and
// reads its films as stored, by id: a film changed or gone since the preview
// makes the plan stale (festival.StaleFilm), and nothing is written.
func (s *Plans) claimFresh(ctx context.Context, id festival.PlanID, kind festival.PlanKind) (festival.Plan, map[int64]festival.VersionedMovie, error) {
	plan, err := s.claimPlan(ctx, id, festival.NewTimeID(s.now()), kind)
	if err != nil {
		return festival.Plan{}, nil, err
	}
	stored, err := s.moviesVersioned(ctx, plan.MovieIDs())
	if err != nil {
		return festival.Plan{}, nil, s.releasePlan(ctx, plan, festival.PlanPreviewed, err)
	}
	if err := festival.StaleFilm(plan.Films, stored); err != nil {
		return festival.Plan{}, nil, s.releasePlan(ctx, plan, festival.PlanStale, err)
	}
	byID := make(map[int64]festival.VersionedMovie, len(stored))
	for _, m := range stored {
		byID[m.Movie.ID] = m
	}
	return plan, byID, nil
}

// writePlan writes a claimed plan's films chunk by chunk, one transaction
// each (the writes ops makes of a chunk), then calls finish. When a chunk or
// finish is refused, the films already written are put back as byID holds
// them (undoPlan) and the plan is rolled back; a chunk refused because a
// film changed since the preview names it (whyRefused).
func (s *Plans) writePlan(ctx context.Context, plan festival.Plan, byID map[int64]festival.VersionedMovie, chunks iter.Seq[[]festival.PlanFilm],
	ops func([]festival.PlanFilm) ([]types.TransactWriteItem, error), finish func() error) error {
	var written []festival.PlanFilm
	for chunk := range chunks {
		writes, err := ops(chunk)
		if err != nil {
			return s.undoPlan(ctx, plan, written, byID, err)
		}
		if err := s.transact(ctx, writes); err != nil {
			if cancelReasons(err) != nil {
				err = s.whyRefused(ctx, chunk, err)
			}
			return s.undoPlan(ctx, plan, written, byID, err)
		}
		written = append(written, chunk...)
	}
	if err := finish(); err != nil {
		return s.undoPlan(ctx, plan, written, byID, err)
	}
	return nil
}

// finishPlan is an apply's last transaction, once every film is written: the
// plan applied, the audit entry, and the digests (one message per member
// given films, festival.Plan.Given) that fit; it returns the writes of the
// digests that did not.
func (s *Plans) finishPlan(ctx context.Context, actor festival.Actor, plan festival.Plan, byID map[int64]festival.VersionedMovie,
	digest func(uid int64, films []festival.Movie) festival.Message) ([]types.TransactWriteItem, error) {
	applied, err := plan.Released(festival.PlanApplied)
	if err != nil {
		return nil, err
	}
	members, given := plan.Given()
	var msgs []festival.Message
	for _, uid := range members {
		films := make([]festival.Movie, len(given[uid]))
		for i, mid := range given[uid] {
			films[i] = byID[mid].Movie
		}
		msgs = append(msgs, digest(uid, films))
	}
	msgOps, err := s.messageOps(msgs)
	if err != nil {
		return nil, err
	}
	room := min(len(msgOps), transactRoom-2)
	first := append([]types.TransactWriteItem{s.planStateOp(plan, applied), s.auditOp(actor, "jury.assignment", "plan:"+plan.ID.String(),
		map[string]string{"films": festival.JoinIDs(plan.MovieIDs(), ","), "members": strconv.Itoa(len(members))})},
		msgOps[:room]...)
	return msgOps[room:], s.transact(ctx, first)
}

// planChunks cuts a plan's films into groups that each fit one transaction
// with their member checks and the plan's update.
func planChunks(films []festival.PlanFilm) iter.Seq[[]festival.PlanFilm] {
	return func(yield func([]festival.PlanFilm) bool) {
		var chunk []festival.PlanFilm
		size, checked := 1, map[int64]bool{} // the plan's update
		for _, f := range films {
			added := f.Added()
			n := 1 + len(added) + len(f.Removed())
			var fresh int
			for _, uid := range added {
				if !checked[uid] {
					fresh++
				}
			}
			if len(chunk) > 0 && size+n+fresh > transactRoom {
				if !yield(chunk) {
					return
				}
				chunk, size, checked = nil, 1, map[int64]bool{}
				fresh = len(added)
			}
			chunk = append(chunk, f)
			size += n + fresh
			for _, uid := range added {
				checked[uid] = true
			}
		}
		if len(chunk) > 0 {
			yield(chunk)
		}
	}
}

// planChunkOps are the writes of one chunk: each film with its new members
// (festival.PlanFilm.Applied, conditional on the planned version), their
// links, one check per member given a film (still JURY, no conflict
// declared with any film of the chunk), and the plan's written set.
func (s *Plans) planChunkOps(plan festival.Plan, chunk []festival.PlanFilm, byID map[int64]festival.VersionedMovie,
	jury map[int64]festival.Jury, now festival.Time) ([]types.TransactWriteItem, error) {
	var ops []types.TransactWriteItem
	filmsOf := map[int64][]int64{} // member -> films of the chunk given to them
	for _, f := range chunk {
		op, err := s.filmPut(f.Applied(byID[f.MovieID].Movie, jury, now), f.Version, f.Version+1)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
		for _, uid := range f.Added() {
			put, err := s.juryLinkPut(editionOrFirst(byID[f.MovieID].Movie.Edition), f.MovieID, uid)
			if err != nil {
				return nil, err
			}
			ops = append(ops, put)
			filmsOf[uid] = append(filmsOf[uid], f.MovieID)
		}
		for _, uid := range f.Removed() {
			ops = append(ops, s.deleteOp(moviePK(f.MovieID), juryLinkSK(uid)))
		}
	}
	for _, uid := range slices.Sorted(maps.Keys(filmsOf)) {
		cond := []string{"#r = :jury"}
		values := map[string]types.AttributeValue{":jury": str(string(festival.RoleJury))}
		for i, mid := range filmsOf[uid] {
			cond = append(cond, fmt.Sprintf("NOT contains(jury_conflicts, :m%d)", i))
			values[fmt.Sprintf(":m%d", i)] = num(mid)
		}
		ops = append(ops, types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: &s.table, Key: key(userPK(uid), skUser), ConditionExpression: aws.String(strings.Join(cond, " AND ")),
			ExpressionAttributeNames: map[string]string{"#r": "role"}, ExpressionAttributeValues: values,
		}})
	}
	return append(ops, s.planWrittenOp(plan, "ADD", chunk)), nil
}

// planWrittenOp adds films to (ADD) or takes them from (DELETE) the plan's
// written set, on the condition that this call still holds the plan, and
// renews its lease (festival.LeaseFrom): an apply that is slow but alive is
// not taken for dead.
func (s *Plans) planWrittenOp(plan festival.Plan, verb string, films []festival.PlanFilm) types.TransactWriteItem {
	set := &types.AttributeValueMemberNS{}
	for _, f := range films {
		set.Value = append(set.Value, strconv.FormatInt(f.MovieID, 10))
	}
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(edAssignPlansPK(plan.Edition), planSK(plan.ID)),
		UpdateExpression:    aws.String(verb + " written :ids SET lease_till = :till"),
		ConditionExpression: aws.String("claim = :claim"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":ids": set, ":claim": str(plan.Claim),
			":till": str(festival.LeaseFrom(s.now()).String())},
	}}
}

// filmPut writes a film item as version to, conditional on it being at
// version from (and not being deleted).
func (s *Plans) filmPut(m festival.Movie, from, to int64) (types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(toMovieItem(m, to))
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{
		TableName: &s.table, Item: item,
		ConditionExpression:       aws.String("#v = :v AND attribute_not_exists(deleting)"),
		ExpressionAttributeNames:  map[string]string{"#v": "version"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(from)},
	}}, nil
}

// whyRefused names the film that made a chunk fail when it is a film that
// changed since the preview (festival.StaleFilm); otherwise the member checks
// failed (a member demoted or declaring a conflict meanwhile):
// festival.ErrConflict.
func (s *Plans) whyRefused(ctx context.Context, chunk []festival.PlanFilm, err error) error {
	now, rerr := s.moviesVersioned(ctx, festival.PlanMovieIDs(chunk))
	if rerr != nil {
		return errors.Join(err, rerr)
	}
	if stale := festival.StaleFilm(chunk, now); stale != nil {
		return stale
	}
	return festival.ErrConflict
}

// undoPlan puts back the films this call wrote, one transaction per film
// (each conditional on being as written: a film someone changed right after
// keeps their change), marks the plan rolled back, and returns cause. before
// holds each film as it was before the plan.
func (s *Plans) undoPlan(ctx context.Context, plan festival.Plan, written []festival.PlanFilm, before map[int64]festival.VersionedMovie, cause error) error {
	if plan.Kind == festival.PlanDecision {
		return s.undoDecisions(ctx, plan, written, before, cause)
	}
	for _, f := range written {
		if err := s.undoFilm(ctx, plan, f, before[f.MovieID].Movie); err != nil {
			return errors.Join(cause, err)
		}
	}
	return s.releasePlan(ctx, plan, festival.PlanRolledBack, cause)
}

// undoFilm puts one film back as it was before the plan: its item (as a
// new version) and what the plan wrote with it (undoOps), and takes it from
// the plan's written set.
func (s *Plans) undoFilm(ctx context.Context, plan festival.Plan, f festival.PlanFilm, before festival.Movie) error {
	before.UpdatedAt = festival.NewTime(s.now())
	op, err := s.filmPut(before, f.Version+1, f.Version+2)
	if err != nil {
		return err
	}
	undo, err := s.undoOps(plan, f, before.Edition)
	if err != nil {
		return err
	}
	ops := append([]types.TransactWriteItem{op}, undo...)
	ops = append(ops, s.planWrittenOp(plan, "DELETE", []festival.PlanFilm{f}))
	err = s.transact(ctx, ops)
	if conditionFailedAt(err, 0) {
		// Changed again since this call wrote it: that change stands.
		return s.transact(ctx, []types.TransactWriteItem{s.planWrittenOp(plan, "DELETE", []festival.PlanFilm{f})})
	}
	return err
}

// undoOps are the writes that take back what a plan wrote with one film
// besides its item: an assignment's jury links; a decision's message
// (decisionUndoOps).
func (s *Plans) undoOps(plan festival.Plan, f festival.PlanFilm, ed festival.EditionID) ([]types.TransactWriteItem, error) {
	if plan.Kind == festival.PlanDecision {
		return s.decisionUndoOps(plan, f, ed)
	}
	var ops []types.TransactWriteItem
	for _, uid := range f.Added() {
		ops = append(ops, s.deleteOp(moviePK(f.MovieID), juryLinkSK(uid)))
	}
	for _, uid := range f.Removed() {
		put, err := s.juryLinkPut(editionOrFirst(ed), f.MovieID, uid)
		if err != nil {
			return nil, err
		}
		ops = append(ops, put)
	}
	return ops, nil
}
