package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Plans previewed, then applied all or nothing: the automatic jury
// assignment, and bulk decisions (decision_plan.go). The plan's states and
// moves are the domain's (festival.Plan); this file and assignment_apply.go
// persist each move, conditional on the plan being as the move saw it.
//
// Plan: PK ASSIGNPLAN, SK PLAN#<id> (ids sort by time), with its kind (absent
// for an assignment, "decision"), each film it changes (id, the version it
// was planned on; members before and after, or status from and to), its
// state (previewed, applying, applied, rolled_back, stale), the films written
// so far (a number set, updated in the same transaction as the films) and
// expires_at (TTL, a day after the preview). Both kinds share the partition,
// so that one Query finds every apply that died; it is small: plans live a
// day.
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

type planItem struct {
	PK        string              `dynamodbav:"PK"`
	SK        string              `dynamodbav:"SK"`
	Type      string              `dynamodbav:"type"`
	ID        string              `dynamodbav:"id_plan"`
	Kind      string              `dynamodbav:"kind,omitempty"`
	State     string              `dynamodbav:"state"`
	Films     []festival.PlanFilm `dynamodbav:"films"`
	Written   []int64             `dynamodbav:"written,numberset,omitempty"`
	Claim     string              `dynamodbav:"claim,omitempty"`
	LeaseTill string              `dynamodbav:"lease_till,omitempty"`
	CreatedAt string              `dynamodbav:"createdAt"`
	CreatedBy int64               `dynamodbav:"created_by"`
	ExpiresAt int64               `dynamodbav:"expires_at"`
	Edition   string              `dynamodbav:"edition"`
}

func toPlanItem(p festival.Plan) planItem {
	return planItem{
		PK: edAssignPlansPK(editionOrFirst(p.Edition)), SK: planSK(p.ID), Type: typeAssignPlan, Edition: string(editionOrFirst(p.Edition)), ID: p.ID.String(), Kind: string(p.Kind), State: string(p.State), Films: p.Films,
		Written: p.Written, Claim: p.Claim, LeaseTill: p.LeaseTill.String(),
		CreatedAt: p.CreatedAt.String(), CreatedBy: p.CreatedBy, ExpiresAt: p.ExpiresAt.Unix(),
	}
}

func (it planItem) plan() (festival.Plan, error) {
	lease, err := festival.ParseTime(it.LeaseTill)
	if err != nil {
		return festival.Plan{}, fmt.Errorf("assignment plan %s: lease_till: %w", it.ID, err)
	}
	created, err := festival.ParseTime(it.CreatedAt)
	if err != nil {
		return festival.Plan{}, fmt.Errorf("assignment plan %s: createdAt: %w", it.ID, err)
	}
	id, err := festival.ParsePlanID("id_plan", it.ID)
	if err != nil {
		return festival.Plan{}, fmt.Errorf("assignment plan %q: %w", it.ID, err)
	}
	return festival.Plan{
		ID: id, Kind: festival.PlanKind(it.Kind), State: festival.PlanState(it.State), Films: it.Films, Written: it.Written, Claim: it.Claim,
		LeaseTill: lease, CreatedAt: created, CreatedBy: it.CreatedBy, ExpiresAt: time.Unix(it.ExpiresAt, 0),
		Edition: editionOrFirst(festival.EditionID(it.Edition)),
	}, nil
}

func decodePlan(item map[string]types.AttributeValue) (festival.Plan, error) {
	var it planItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return festival.Plan{}, err
	}
	return it.plan()
}

// AllMoviesVersioned reads every film of the current edition (the one a
// plan changes) with its version: ids 1 to the films' counter, by
// consistent BatchGetItems (films being deleted, and other editions',
// left out).
func (s *Plans) AllMoviesVersioned(ctx context.Context) ([]festival.VersionedMovie, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return nil, err
	}
	last, err := s.readNumber(ctx, key(counterPK(counterMovies), skCounter), "value")
	if err != nil {
		return nil, fmt.Errorf("read films counter: %w", err)
	}
	ids := make([]int64, last)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	all, err := s.moviesVersioned(ctx, ids)
	return slices.DeleteFunc(all, func(m festival.VersionedMovie) bool { return m.Movie.Edition != ed }), err
}

// MoviesVersioned reads the films of ids with their versions, by
// consistent BatchGetItems; ids that are no film (or a film being deleted)
// are left out.
func (s *Plans) MoviesVersioned(ctx context.Context, ids []int64) ([]festival.VersionedMovie, error) {
	return s.moviesVersioned(ctx, ids)
}

func (s *Plans) moviesVersioned(ctx context.Context, ids []int64) ([]festival.VersionedMovie, error) {
	films, _, err := batchGetByID(ctx, s.core, ids, func(id int64) map[string]types.AttributeValue { return key(moviePK(id), skMovie) },
		"", nil, func(item map[string]types.AttributeValue) (*festival.VersionedMovie, int64, error) {
			m, v, err := unmarshalMovie(item)
			if errors.Is(err, festival.ErrNotFound) {
				return nil, 0, nil
			}
			return &festival.VersionedMovie{Movie: m, Version: v}, m.ID, err
		})
	out := make([]festival.VersionedMovie, 0, len(films))
	for _, f := range films {
		if f != nil {
			out = append(out, *f)
		}
	}
	return out, err
}

// SavePlan stores a previewed assignment plan (festival.NewPlan); it can be
// applied until the time returned.
func (s *Plans) SavePlan(ctx context.Context, actor festival.Actor, id festival.PlanID, films []festival.PlanFilm) (festival.Time, error) {
	return s.savePlan(ctx, festival.NewPlan(id, actor, films, s.now()))
}

func (s *Plans) savePlan(ctx context.Context, p festival.Plan) (festival.Time, error) {
	ed, err := s.writableEdition(ctx) // a plan changes the current edition's films
	if err != nil {
		return festival.Time{}, err
	}
	p.Edition = ed
	item, err := attributevalue.MarshalMap(toPlanItem(p))
	if err != nil {
		return festival.Time{}, err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: item})
	if err != nil {
		return festival.Time{}, fmt.Errorf("save plan: %w", err)
	}
	return festival.NewTime(p.ExpiresAt), nil
}

// claimPlan takes a plan of the given kind for this call
// (festival.Plan.Claimed): one update, conditional on the plan being
// claimable (festival.Plan.Claimable) and of that kind; when it is not, the
// plan is read to say why (festival.ClaimRefused; a plan of another kind is
// not found).
func (s *Plans) claimPlan(ctx context.Context, id festival.PlanID, claim string, kind festival.PlanKind) (festival.Plan, error) {
	if _, err := s.RecoverPlans(ctx); err != nil {
		return festival.Plan{}, err
	}
	ed, err := s.writableEdition(ctx) // the current edition's plans
	if err != nil {
		return festival.Plan{}, err
	}
	now := s.now()
	values := map[string]types.AttributeValue{":applying": str(string(festival.PlanApplying)),
		":previewed": str(string(festival.PlanPreviewed)), ":claim": str(claim), ":till": str(festival.LeaseFrom(now).String()), ":now": num(now.Unix())}
	ofKind := "attribute_not_exists(kind)" // an assignment: plans stored before kinds existed have none
	if kind != festival.PlanAssignment {
		ofKind, values[":kind"] = "kind = :kind", str(string(kind))
	}
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(edAssignPlansPK(ed), planSK(id)),
		UpdateExpression:          aws.String("SET #s = :applying, claim = :claim, lease_till = :till"),
		ConditionExpression:       aws.String("#s = :previewed AND expires_at > :now AND " + ofKind),
		ExpressionAttributeNames:  map[string]string{"#s": "state"},
		ExpressionAttributeValues: values,
		ReturnValues:              types.ReturnValueAllNew,
	})
	var ccf *types.ConditionalCheckFailedException
	switch {
	case errors.As(err, &ccf):
		it, err := getItem[planItem](ctx, s.core, key(edAssignPlansPK(ed), planSK(id)))
		switch {
		case errors.Is(err, festival.ErrNotFound) || (err == nil && festival.PlanKind(it.Kind) != kind):
			return festival.Plan{}, festival.ClaimRefused(nil, now)
		case err != nil:
			return festival.Plan{}, err
		}
		stored, err := it.plan()
		if err != nil {
			return festival.Plan{}, err
		}
		return festival.Plan{}, festival.ClaimRefused(&stored, now)
	case err != nil:
		return festival.Plan{}, fmt.Errorf("claim assignment plan: %w", err)
	}
	return decodePlan(out.Attributes)
}

// planStateOp moves a plan this call holds to the state of next (a
// festival.Plan.Released), conditional on the hold.
func (s *Plans) planStateOp(held, next festival.Plan) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(edAssignPlansPK(held.Edition), planSK(held.ID)),
		UpdateExpression:          aws.String("SET #s = :state REMOVE claim, lease_till"),
		ConditionExpression:       aws.String("claim = :claim"),
		ExpressionAttributeNames:  map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":state": str(string(next.State)), ":claim": str(held.Claim)},
	}}
}

// releasePlan ends this call's hold on a plan with state and returns cause.
func (s *Plans) releasePlan(ctx context.Context, held festival.Plan, state festival.PlanState, cause error) error {
	next, err := held.Released(state)
	if err == nil {
		err = s.transact(ctx, []types.TransactWriteItem{s.planStateOp(held, next)})
	}
	if err != nil {
		return errors.Join(cause, fmt.Errorf("release assignment plan: %w", err))
	}
	return cause
}

// RecoverPlans puts back the films of applies that died part-way (their
// plan festival.Plan.Recoverable) and marks those plans rolled back: the
// current edition's, the only one whose films a plan may change. Preview
// and apply call it first; so does the scheduled runner.
func (s *Plans) RecoverPlans(ctx context.Context) (int, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("PK = :pk"),
		FilterExpression:         aws.String("#s = :applying AND lease_till < :now"),
		ExpressionAttributeNames: map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(edAssignPlansPK(ed)), ":applying": str(string(festival.PlanApplying)),
			":now": str(festival.NewTime(now).String())},
		ConsistentRead: aws.Bool(true),
	}
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return 0, fmt.Errorf("find interrupted assignment plans: %w", err)
	}
	n := 0
	for _, item := range items {
		p, err := decodePlan(item)
		if err != nil {
			return n, err
		}
		if !p.Recoverable(now) {
			continue // the query's filter states the same rule; the domain decides
		}
		done, err := s.recoverPlan(ctx, p)
		if err != nil {
			return n, err
		}
		if done {
			n++
		}
	}
	return n, nil
}

// recoverPlan takes over a plan whose apply died (festival.Plan.TakenOver)
// and undoes what it wrote; false when another call took it first.
func (s *Plans) recoverPlan(ctx context.Context, died festival.Plan) (bool, error) {
	p := died.TakenOver(festival.NewTimeID(s.now()))
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(edAssignPlansPK(p.Edition), planSK(p.ID)),
		UpdateExpression:          aws.String("SET claim = :new"),
		ConditionExpression:       aws.String("claim = :old"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":new": str(p.Claim), ":old": str(died.Claim)},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return false, nil // another call took it
	}
	if err != nil {
		return false, fmt.Errorf("take over assignment plan %s: %w", p.ID, err)
	}
	written := p.WrittenFilms()
	stored, err := s.moviesVersioned(ctx, festival.PlanMovieIDs(written))
	if err != nil {
		return false, err
	}
	var members []festival.Jury
	if p.Kind == festival.PlanAssignment {
		if members, err = s.juryCopies(ctx, festival.MembersBefore(written)); err != nil {
			return false, err
		}
	}
	before := map[int64]festival.VersionedMovie{}
	for _, m := range stored {
		f := written[slices.IndexFunc(written, func(f festival.PlanFilm) bool { return f.MovieID == m.Movie.ID })]
		if p.Kind == festival.PlanDecision {
			m.Movie = f.Undecided(m.Movie)
		} else {
			m.Movie = f.Restored(m.Movie, members)
		}
		before[m.Movie.ID] = m
	}
	return true, s.undoPlan(ctx, p, written, before, nil)
}
