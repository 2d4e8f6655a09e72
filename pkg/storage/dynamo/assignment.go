package dynamo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Automatic jury assignment: a plan previewed, then applied all or nothing.
//
// Plan: PK ASSIGNPLAN, SK PLAN#<id> (ids sort by time), with each film it
// changes (id, the version it was planned on, members before and after), its
// state (previewed, applying, applied, rolled_back, stale), the films written
// so far (a number set, updated in the same transaction as the films) and
// expires_at (TTL, a day after the preview). The partition is small: plans
// live a day.
//
// A plan touches more films than one transaction holds, so it is applied in
// transactions of at most transactRoom items, in order. Each writes its films
// conditional on the version the plan was made from and adds their ids to
// the plan's written set, conditional on the plan still being applied by this
// call. If one is refused (a film changed since the preview, a member demoted
// or declaring a conflict meanwhile), the films already written are put back
// as they were, and the plan is rolled_back. An apply that dies part-way (a
// Lambda timeout) leaves the plan applying with its lease run out; the next
// preview or apply puts its films back first (RecoverPlans).
const (
	pkAssignPlans  = "ASSIGNPLAN"
	typeAssignPlan = "ASSIGNPLAN"
	// planTTL is how long a previewed plan can be applied.
	planTTL = 24 * time.Hour
	// planLease is how long an apply holds its plan before another call may
	// take it to be an apply that died.
	planLease = 2 * time.Minute
)

// Plan states.
const (
	PlanPreviewed  = "previewed"
	PlanApplying   = "applying"
	PlanApplied    = "applied"
	PlanRolledBack = "rolled_back"
	PlanStale      = "stale"
)

func planSK(id string) string { return "PLAN#" + id }

// PlanFilm is one film a plan changes.
type PlanFilm struct {
	MovieID int64   `dynamodbav:"m"`
	Version int64   `dynamodbav:"v"`
	Before  []int64 `dynamodbav:"b"`
	After   []int64 `dynamodbav:"a"`
}

type planItem struct {
	PK        string     `dynamodbav:"PK"`
	SK        string     `dynamodbav:"SK"`
	Type      string     `dynamodbav:"type"`
	ID        string     `dynamodbav:"id_plan"`
	State     string     `dynamodbav:"state"`
	Films     []PlanFilm `dynamodbav:"films"`
	Written   []int64    `dynamodbav:"written,numberset,omitempty"`
	Claim     string     `dynamodbav:"claim,omitempty"`
	LeaseTill string     `dynamodbav:"lease_till,omitempty"`
	CreatedAt string     `dynamodbav:"createdAt"`
	CreatedBy int64      `dynamodbav:"created_by"`
	ExpiresAt int64      `dynamodbav:"expires_at"`
}

// VersionedMovie is a film as stored, with its version.
type VersionedMovie struct {
	Movie   festival.Movie
	Version int64
}

// AllMoviesVersioned reads every film with its version: ids 1 to the films'
// counter, by consistent BatchGetItems (films being deleted left out).
func (s *Store) AllMoviesVersioned(ctx context.Context) ([]VersionedMovie, error) {
	last, err := s.readNumber(ctx, key(counterPK(counterMovies), skCounter), "value")
	if err != nil {
		return nil, fmt.Errorf("read films counter: %w", err)
	}
	ids := make([]int64, last)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	return s.moviesVersioned(ctx, ids)
}

func (s *Store) moviesVersioned(ctx context.Context, ids []int64) ([]VersionedMovie, error) {
	films, _, err := batchGetByID(ctx, s, ids, func(id int64) map[string]types.AttributeValue { return key(moviePK(id), skMovie) },
		"", nil, func(item map[string]types.AttributeValue) (*VersionedMovie, int64, error) {
			m, v, err := unmarshalMovie(item)
			if errors.Is(err, festival.ErrNotFound) {
				return nil, 0, nil
			}
			return &VersionedMovie{Movie: m, Version: v}, m.ID, err
		})
	out := make([]VersionedMovie, 0, len(films))
	for _, f := range films {
		if f != nil {
			out = append(out, *f)
		}
	}
	return out, err
}

// Jurors returns every JURY account (one Query of the users, paged).
func (s *Store) Jurors(ctx context.Context) ([]festival.User, error) {
	in := s.gsi1Query(gsi1Users)
	in.FilterExpression = aws.String("#r = :jury")
	in.ExpressionAttributeNames = map[string]string{"#r": "role"}
	in.ExpressionAttributeValues[":jury"] = str(string(festival.RoleJury))
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("list jurors: %w", err)
	}
	out := make([]festival.User, 0, len(items))
	for _, item := range items {
		var it userItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		out = append(out, it.user())
	}
	return out, nil
}

// SavePlan stores a previewed plan; it can be applied for a day.
func (s *Store) SavePlan(ctx context.Context, actor festival.Actor, id string, films []PlanFilm) (festival.Time, error) {
	now := s.now()
	until := now.Add(planTTL)
	item, err := attributevalue.MarshalMap(planItem{
		PK: pkAssignPlans, SK: planSK(id), Type: typeAssignPlan, ID: id, State: PlanPreviewed, Films: films,
		CreatedAt: festival.NewTime(now).String(), CreatedBy: actor.ID, ExpiresAt: until.Unix(),
	})
	if err != nil {
		return festival.Time{}, err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: item})
	if err != nil {
		return festival.Time{}, fmt.Errorf("save assignment plan: %w", err)
	}
	return festival.NewTime(until), nil
}

// ApplyPlan applies a previewed plan, all or nothing (see the top of this
// file), and writes the digest messages (one per member given films, listing
// them) and the audit entry with the last step. It returns how many films
// changed. An unknown or expired plan is festival.ErrNotFound.
func (s *Store) ApplyPlan(ctx context.Context, actor festival.Actor, id string, digest func(uid int64, films []festival.Movie) festival.Message) (int, error) {
	claim := festival.NewTimeID(s.now())
	plan, err := s.claimPlan(ctx, id, claim)
	if err != nil {
		return 0, err
	}
	stored, err := s.moviesVersioned(ctx, ids(plan.Films, func(f PlanFilm) int64 { return f.MovieID }))
	if err != nil {
		return 0, s.releasePlan(ctx, id, claim, PlanPreviewed, err)
	}
	byID := map[int64]VersionedMovie{}
	for _, m := range stored {
		byID[m.Movie.ID] = m
	}
	var memberIDs []int64
	for _, f := range plan.Films {
		if m, ok := byID[f.MovieID]; !ok || m.Version != f.Version {
			return 0, s.releasePlan(ctx, id, claim, PlanStale, &festival.PlanStaleError{MovieID: f.MovieID})
		}
		memberIDs = append(memberIDs, f.After...)
	}
	slices.Sort(memberIDs)
	members, err := s.JuryMembers(ctx, slices.Compact(memberIDs))
	if err != nil {
		return 0, s.releasePlan(ctx, id, claim, PlanStale, err)
	}
	jury := map[int64]festival.Jury{}
	for _, j := range members {
		jury[j.ID] = j
	}
	now := festival.NewTime(s.now())
	var written []PlanFilm
	for chunk := range planChunks(plan.Films) {
		ops, err := s.planChunkOps(id, claim, chunk, byID, jury, now)
		if err != nil {
			return 0, s.undoPlan(ctx, id, claim, written, byID, err)
		}
		if err := s.transact(ctx, ops); err != nil {
			if cancelReasons(err) != nil {
				err = s.whyRefused(ctx, chunk, byID, err)
			}
			return 0, s.undoPlan(ctx, id, claim, written, byID, err)
		}
		written = append(written, chunk...)
	}
	rest, err := s.finishPlan(ctx, actor, id, claim, plan, byID, digest)
	if err != nil {
		return 0, s.undoPlan(ctx, id, claim, written, byID, err)
	}
	// Past one transaction's room (a jury of more than ~95 members), the
	// other digests follow; the assignment itself is done.
	if err := s.transactChunks(ctx, rest); err != nil {
		return len(plan.Films), fmt.Errorf("write assignment digests: %w", err)
	}
	return len(plan.Films), nil
}

// finishPlan is an apply's last transaction, once every film is written: the
// plan applied, the audit entry, and the digests (one message per member
// given films) that fit; it returns the writes of the digests that did not.
func (s *Store) finishPlan(ctx context.Context, actor festival.Actor, id, claim string, plan planItem, byID map[int64]VersionedMovie,
	digest func(uid int64, films []festival.Movie) festival.Message) ([]types.TransactWriteItem, error) {
	given := map[int64][]festival.Movie{}
	for _, f := range plan.Films {
		for _, uid := range f.After {
			if !slices.Contains(f.Before, uid) {
				given[uid] = append(given[uid], byID[f.MovieID].Movie)
			}
		}
	}
	var msgs []festival.Message
	for _, uid := range slices.Sorted(maps.Keys(given)) {
		msgs = append(msgs, digest(uid, given[uid]))
	}
	msgOps, err := s.messageOps(msgs)
	if err != nil {
		return nil, err
	}
	room := min(len(msgOps), transactRoom-2)
	first := append([]types.TransactWriteItem{s.planStateOp(id, claim, PlanApplied), s.auditOp(actor, "jury.assignment", "plan:"+id,
		map[string]string{"films": festival.JoinIDs(ids(plan.Films, func(f PlanFilm) int64 { return f.MovieID }), ","), "members": strconv.Itoa(len(given))})},
		msgOps[:room]...)
	return msgOps[room:], s.transact(ctx, first)
}

// claimPlan takes a previewed plan for this call (state applying, a lease).
func (s *Store) claimPlan(ctx context.Context, id, claim string) (planItem, error) {
	if _, err := s.RecoverPlans(ctx); err != nil {
		return planItem{}, err
	}
	now := s.now()
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(pkAssignPlans, planSK(id)),
		UpdateExpression:          aws.String("SET #s = :applying, claim = :claim, lease_till = :till"),
		ConditionExpression:       aws.String("#s = :previewed AND expires_at > :now"),
		ExpressionAttributeNames:  map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":applying": str(PlanApplying), ":previewed": str(PlanPreviewed), ":claim": str(claim), ":till": str(festival.NewTime(now.Add(planLease)).String()), ":now": num(now.Unix())},
		ReturnValues:              types.ReturnValueAllNew,
	})
	var ccf *types.ConditionalCheckFailedException
	switch {
	case errors.As(err, &ccf):
		it, err := getItem[planItem](ctx, s, key(pkAssignPlans, planSK(id)))
		switch {
		case errors.Is(err, festival.ErrNotFound) || err == nil && it.ExpiresAt <= now.Unix():
			return planItem{}, festival.ErrNotFound
		case err != nil:
			return planItem{}, err
		}
		return planItem{}, &festival.PlanStateError{State: it.State}
	case err != nil:
		return planItem{}, fmt.Errorf("claim assignment plan: %w", err)
	}
	var it planItem
	return it, attributevalue.UnmarshalMap(out.Attributes, &it)
}

// planStateOp moves a plan this call holds to state.
func (s *Store) planStateOp(id, claim, state string) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(pkAssignPlans, planSK(id)),
		UpdateExpression:          aws.String("SET #s = :state REMOVE claim, lease_till"),
		ConditionExpression:       aws.String("claim = :claim"),
		ExpressionAttributeNames:  map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":state": str(state), ":claim": str(claim)},
	}}
}

// releasePlan ends this call's hold on a plan with state and returns cause.
func (s *Store) releasePlan(ctx context.Context, id, claim, state string, cause error) error {
	if err := s.transact(ctx, []types.TransactWriteItem{s.planStateOp(id, claim, state)}); err != nil {
		return errors.Join(cause, fmt.Errorf("release assignment plan: %w", err))
	}
	return cause
}

// planChunks cuts a plan's films into groups that each fit one transaction
// with their member checks and the plan's update.
func planChunks(films []PlanFilm) func(func([]PlanFilm) bool) {
	return func(yield func([]PlanFilm) bool) {
		var chunk []PlanFilm
		size, checked := 1, map[int64]bool{} // the plan's update
		for _, f := range films {
			n := 1 + len(added(f)) + len(removed(f))
			var fresh int
			for _, uid := range added(f) {
				if !checked[uid] {
					fresh++
				}
			}
			if len(chunk) > 0 && size+n+fresh > transactRoom {
				if !yield(chunk) {
					return
				}
				chunk, size, checked = nil, 1, map[int64]bool{}
				fresh = len(added(f))
			}
			chunk = append(chunk, f)
			size += n + fresh
			for _, uid := range added(f) {
				checked[uid] = true
			}
		}
		if len(chunk) > 0 {
			yield(chunk)
		}
	}
}

func added(f PlanFilm) []int64 {
	var out []int64
	for _, uid := range f.After {
		if !slices.Contains(f.Before, uid) {
			out = append(out, uid)
		}
	}
	return out
}

func removed(f PlanFilm) []int64 { return added(PlanFilm{Before: f.After, After: f.Before}) }

// planChunkOps are the writes of one chunk: each film with its new members
// (conditional on the planned version), their links, one check per member
// given a film (still JURY, no conflict declared with any film of the chunk),
// and the plan's written set.
func (s *Store) planChunkOps(planID, claim string, chunk []PlanFilm, byID map[int64]VersionedMovie, jury map[int64]festival.Jury, now festival.Time) ([]types.TransactWriteItem, error) {
	var ops []types.TransactWriteItem
	filmsOf := map[int64][]int64{} // member -> films of the chunk given to them
	for _, f := range chunk {
		vm := byID[f.MovieID]
		m := vm.Movie
		m.Juries = make([]festival.Jury, 0, len(f.After))
		for _, uid := range f.After {
			m.Juries = append(m.Juries, jury[uid])
		}
		m.UpdatedAt = now
		op, err := s.filmPut(m, f.Version, f.Version+1)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
		for _, uid := range added(f) {
			put, err := s.juryLinkPut(f.MovieID, uid)
			if err != nil {
				return nil, err
			}
			ops = append(ops, put)
			filmsOf[uid] = append(filmsOf[uid], f.MovieID)
		}
		for _, uid := range removed(f) {
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
	return append(ops, s.planWrittenOp(planID, claim, "ADD", chunk)), nil
}

// planWrittenOp adds films to (ADD) or takes them from (DELETE) the plan's
// written set, on the condition that this call still holds the plan, and
// renews its lease: an apply that is slow but alive is not taken for dead.
func (s *Store) planWrittenOp(planID, claim, verb string, films []PlanFilm) types.TransactWriteItem {
	set := &types.AttributeValueMemberNS{}
	for _, f := range films {
		set.Value = append(set.Value, strconv.FormatInt(f.MovieID, 10))
	}
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(pkAssignPlans, planSK(planID)),
		UpdateExpression:    aws.String(verb + " written :ids SET lease_till = :till"),
		ConditionExpression: aws.String("claim = :claim"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":ids": set, ":claim": str(claim),
			":till": str(festival.NewTime(s.now().Add(planLease)).String())},
	}}
}

// filmPut writes a film item as version to, conditional on it being at
// version from (and not being deleted).
func (s *Store) filmPut(m festival.Movie, from, to int64) (types.TransactWriteItem, error) {
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
// changed since the preview; otherwise the member checks failed (a member
// demoted or declaring a conflict meanwhile): festival.ErrConflict.
func (s *Store) whyRefused(ctx context.Context, chunk []PlanFilm, byID map[int64]VersionedMovie, err error) error {
	now, rerr := s.moviesVersioned(ctx, ids(chunk, func(f PlanFilm) int64 { return f.MovieID }))
	if rerr != nil {
		return errors.Join(err, rerr)
	}
	current := map[int64]int64{}
	for _, m := range now {
		current[m.Movie.ID] = m.Version
	}
	for _, f := range chunk {
		if current[f.MovieID] != byID[f.MovieID].Version {
			return &festival.PlanStaleError{MovieID: f.MovieID}
		}
	}
	return festival.ErrConflict
}

// undoPlan puts back the films this call wrote, one transaction per film
// (each conditional on being as written: a film someone changed right after
// keeps their change), marks the plan rolled back, and returns cause.
func (s *Store) undoPlan(ctx context.Context, planID, claim string, written []PlanFilm, byID map[int64]VersionedMovie, cause error) error {
	for _, f := range written {
		if err := s.undoFilm(ctx, planID, claim, f, byID[f.MovieID].Movie); err != nil {
			return errors.Join(cause, err)
		}
	}
	return s.releasePlan(ctx, planID, claim, PlanRolledBack, cause)
}

// undoFilm puts one film back as it was before the plan: its item (as a
// new version) and its links, and takes it from the plan's written set.
func (s *Store) undoFilm(ctx context.Context, planID, claim string, f PlanFilm, before festival.Movie) error {
	before.UpdatedAt = festival.NewTime(s.now())
	op, err := s.filmPut(before, f.Version+1, f.Version+2)
	if err != nil {
		return err
	}
	ops := []types.TransactWriteItem{op}
	for _, uid := range added(f) {
		ops = append(ops, s.deleteOp(moviePK(f.MovieID), juryLinkSK(uid)))
	}
	for _, uid := range removed(f) {
		put, err := s.juryLinkPut(f.MovieID, uid)
		if err != nil {
			return err
		}
		ops = append(ops, put)
	}
	ops = append(ops, s.planWrittenOp(planID, claim, "DELETE", []PlanFilm{f}))
	err = s.transact(ctx, ops)
	if conditionFailedAt(err, 0) {
		// Changed again since this call wrote it: that change stands.
		return s.transact(ctx, []types.TransactWriteItem{s.planWrittenOp(planID, claim, "DELETE", []PlanFilm{f})})
	}
	return err
}

// RecoverPlans puts back the films of applies that died part-way (their
// plan still applying, its lease run out) and marks those plans rolled back.
// Preview and apply call it first; so does the scheduled runner.
func (s *Store) RecoverPlans(ctx context.Context) (int, error) {
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("PK = :pk"),
		FilterExpression:          aws.String("#s = :applying AND lease_till < :now"),
		ExpressionAttributeNames:  map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pkAssignPlans), ":applying": str(PlanApplying), ":now": str(festival.NewTime(s.now()).String())},
		ConsistentRead:            aws.Bool(true),
	}
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return 0, fmt.Errorf("find interrupted assignment plans: %w", err)
	}
	n := 0
	for _, item := range items {
		var it planItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return n, err
		}
		// Take the plan over: a new claim, so the call that died cannot
		// write more if it was only slow.
		claim := festival.NewTimeID(s.now())
		_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &s.table, Key: key(pkAssignPlans, planSK(it.ID)),
			UpdateExpression:          aws.String("SET claim = :new"),
			ConditionExpression:       aws.String("claim = :old"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":new": str(claim), ":old": str(it.Claim)},
		})
		var ccf *types.ConditionalCheckFailedException
		if errors.As(err, &ccf) {
			continue // another call took it
		}
		if err != nil {
			return n, fmt.Errorf("take over assignment plan %s: %w", it.ID, err)
		}
		var written []PlanFilm
		for _, f := range it.Films {
			if slices.Contains(it.Written, f.MovieID) {
				written = append(written, f)
			}
		}
		before, err := s.moviesVersioned(ctx, ids(written, func(f PlanFilm) int64 { return f.MovieID }))
		if err != nil {
			return n, err
		}
		var memberIDs []int64
		for _, f := range written {
			memberIDs = append(memberIDs, f.Before...)
		}
		users, err := s.juryCopies(ctx, memberIDs)
		if err != nil {
			return n, err
		}
		byID := map[int64]VersionedMovie{}
		for _, m := range before {
			// The film as the plan left it, with the members it had before
			// (those whose account is gone are not put back).
			f := written[slices.IndexFunc(written, func(f PlanFilm) bool { return f.MovieID == m.Movie.ID })]
			m.Movie.Juries = slices.DeleteFunc(slices.Clone(users), func(j festival.Jury) bool { return !slices.Contains(f.Before, j.ID) })
			byID[m.Movie.ID] = m
		}
		if err := s.undoPlan(ctx, it.ID, claim, written, byID, nil); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
