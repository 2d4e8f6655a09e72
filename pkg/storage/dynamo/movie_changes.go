package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The changes of a film after its creation (movie_writes.go): every write of
// the film item goes through UpdateMovie, one versioned transaction.

// MovieChange changes a film in memory and returns the writes that must go
// in the same transaction as the film (links, audit entry, condition checks).
type MovieChange func(m *festival.Movie) ([]types.TransactWriteItem, error)

// UpdateMovie reads a film, applies change and writes it back with the extra
// writes change returns, all in one transaction conditional on the film's
// version, so two concurrent changes cannot lose each other: the loser reads
// again and reapplies (a few times, then festival.ErrConflict). A transaction
// cancelled by a concurrent one (TransactionConflict) is retried the same
// way after a backoff. A failed condition on
// one of the extra writes (a category or jury member deleted meanwhile) is
// also festival.ErrConflict. change may return an error to abort; nothing is written.
//
// Other record kinds that change a film (votes marking it candidate, awards)
// use this too, so every change of the film item goes through one path.
func (s *Films) UpdateMovie(ctx context.Context, id int64, change MovieChange) (festival.Movie, error) {
	return s.updateMovie(ctx, id, nil, change)
}

// movieRead is a film as read, with its version and the season its
// decisions are released by (zero when not read: decisions go at once).
type movieRead struct {
	movie   festival.Movie
	version int64
	season  festival.Season
	// settings are the festival's settings with its form, when read with
	// the film (nil otherwise): a draft the change completes leaves its
	// draft in the same write.
	settings *festival.Settings
	// current is the current edition, read with the film: a film of
	// another edition is read-only.
	current festival.EditionID
}

// updateMovie is UpdateMovie; first, when set, is the film as the caller
// just read it, used by the first try instead of reading it again.
func (s *Films) updateMovie(ctx context.Context, id int64, first *movieRead, change MovieChange) (festival.Movie, error) {
	return s.updateMovieRetrying(ctx, id, first, change, Retry)
}

// updateMovieRetrying is updateMovie with the retry policy of the change:
// Retry, or RetryMerge for a change that only sets values on the film as it
// is now (SetMovieStatus).
func (s *Films) updateMovieRetrying(ctx context.Context, id int64, first *movieRead, change MovieChange,
	retry func(context.Context, func(int) error) error) (festival.Movie, error) {
	defer s.turns.take(ctx, id)()
	var updated festival.Movie
	err := retry(ctx, func(try int) error {
		read := first
		if try > 0 || first == nil {
			var err error
			if read, err = s.getMovieForChange(ctx, id); err != nil {
				return err
			}
		}
		before, version := read.movie, read.version
		if err := checkCurrent(before.Edition, read.current); err != nil {
			return err
		}
		after := before
		// Give change copies of the embedded arrays so it cannot alter before's.
		after.Categories = slices.Clone(before.Categories)
		after.Collaborators = slices.Clone(before.Collaborators)
		after.Awards = slices.Clone(before.Awards)
		after.Juries = slices.Clone(before.Juries)
		extra, err := change(&after)
		if err != nil {
			return err
		}
		if read.settings != nil && after.Draft && read.settings.Checklist(after, s.now()).Complete {
			after.Draft = false // complete now (new subtitles, an answer...): submitted
		}
		after.ID, after.OwnerID, after.CreatedAt, after.Producer = before.ID, before.OwnerID, before.CreatedAt, before.Producer
		after.Edition = before.Edition
		after.UpdatedAt = festival.NewTime(s.now())
		after.Status = after.SelectionStatus.Guide()
		// A new film file queues its media job; new subtitles re-check.
		queued := festival.QueueMedia(&before, &after, after.UpdatedAt)
		jobs, err := s.mediaJobOps(before, after, queued)
		if err != nil {
			return err
		}
		extra = append(extra, jobs...)
		it := toMovieItem(after, version+1)
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return err
		}
		after = it.movie() // the stored form: embedded arrays sorted as reads show them
		ops := append([]types.TransactWriteItem{{Put: &types.Put{
			TableName: &s.table, Item: item,
			// Not on a film being deleted: its item collection is being
			// removed, and the Put must not add to it (nor drop the tombstone).
			// Its edition is the one read current with it.
			ConditionExpression:       aws.String("#v = :v AND attribute_not_exists(deleting) AND #ed = :ed"),
			ExpressionAttributeNames:  map[string]string{"#v": "version", "#ed": attrEdition},
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(version), ":ed": str(string(read.current))},
		}}}, extra...)
		// What the change owes people (a decision to the producer, a film to
		// newly assigned jury members) is written with it.
		msgs, err := s.messageOps(festival.MovieNotices(before, after, s.now(), read.season))
		if err != nil {
			return err
		}
		ops = append(ops, msgs...)
		withdrawal, err := s.withdrawalOps(before, after)
		if err != nil {
			return err
		}
		ops = append(ops, withdrawal...)
		if before.SelectionStatus != after.SelectionStatus {
			op, err := s.statusLedgerOp(before.Edition, id, before.SelectionStatus, after.SelectionStatus)
			if err != nil {
				return err
			}
			ops = append(ops, op)
		}
		if len(ops) > transactRoom {
			return fmt.Errorf("update film %d: %d writes exceed one transaction", id, len(ops))
		}
		err = s.transact(ctx, ops)
		switch {
		case err == nil:
			updated = after
			return nil
		case conditionFailedAt(err, 0) || transactionConflict(err):
			// The film changed since it was read, or another transaction
			// touched one of the items at the same moment (ordinary
			// contention, e.g. votes on the film): nothing was written, so
			// read and apply again rather than answer 409.
			return Again(festival.ErrConflict)
		case cancelReasons(err) != nil:
			return festival.ErrConflict
		default:
			return fmt.Errorf("update film %d: %w", id, err)
		}
	})
	return updated, err
}

// getMovieForChange reads a film with its version and the season, in one
// consistent BatchGetItem: the season says when a decision's message is due.
func (s *Films) getMovieForChange(ctx context.Context, id int64) (*movieRead, error) {
	var sr settingsRead
	var read *movieRead
	err := s.batchGet(ctx, append(settingsKeys(), key(moviePK(id), skMovie)), "", nil,
		func(item map[string]types.AttributeValue) error {
			if ok, err := sr.take(item); ok {
				return err
			}
			m, v, err := unmarshalMovie(item)
			if err == nil {
				read = &movieRead{movie: m, version: v}
			}
			return err
		})
	switch {
	case err == nil && read == nil:
		return nil, festival.ErrNotFound
	case err != nil:
		return nil, fmt.Errorf("get film %d: %w", id, err)
	}
	s.noteSettingsRead(&sr)
	st := sr.settings()
	read.season, read.settings, read.current = st.Season, &st, sr.currentEdition()
	return read, nil
}

// ChangeMovie applies an edit decided in the domain to a film (see
// UpdateMovie). When audit is set, the audit entry, with the details the
// edit returns, joins the same transaction, so the trail records exactly the
// changes that happened.
func (s *Films) ChangeMovie(ctx context.Context, id int64, audit *festival.AuditInfo, edit festival.MovieEdit) (festival.Movie, error) {
	return s.UpdateMovie(ctx, id, s.auditedChange(id, audit, edit))
}

// auditedChange is the MovieChange of an edit, with its audit entry when
// audit is set (the details the edit returns, the fields it changed).
func (s *Films) auditedChange(id int64, audit *festival.AuditInfo, edit festival.MovieEdit) MovieChange {
	return func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		before := *m
		details, err := edit(m)
		if err != nil || audit == nil {
			return nil, err
		}
		return []types.TransactWriteItem{s.auditOp(audit.Actor, audit.Action, movieTarget(id), details, festival.MovieChanges(before, *m)...)}, nil
	}
}

// SetMovieStatus is ChangeMovie of an admin's status decision
// (festival.SetStatus, audited as movie.status). Two decisions on one film
// do not truly conflict: each sets a value on the film as it is then, the
// later one wins and both are in the trail (each audit entry names the
// status it moved from). So a decision that loses the race to another write
// reads the film again and applies itself to what won, with the patience of
// a merge (RetryMerge: n racing writers all land within n rounds), instead
// of answering 409 after MaxAttempts.
func (s *Films) SetMovieStatus(ctx context.Context, actor festival.Actor, id int64, to festival.SelectionStatus) (festival.Movie, error) {
	audit := &festival.AuditInfo{Actor: actor, Action: "movie.status"}
	return s.updateMovieRetrying(ctx, id, nil, s.auditedChange(id, audit, festival.SetStatus(to)), RetryMerge)
}

// relinkOps returns the writes that make a film's links of one kind exactly
// want, given the ids it has: a Put for each new id, a ConditionCheck that
// each wanted target still qualifies (so a category deleted or a user demoted
// meanwhile cancels the transaction), and a Delete for each dropped id.
func relinkOps(have, want []int64, put func(int64) (types.TransactWriteItem, error),
	check func(int64) types.TransactWriteItem, drop func(int64) types.TransactWriteItem) ([]types.TransactWriteItem, error) {
	var ops []types.TransactWriteItem
	for _, id := range want {
		if !slices.Contains(have, id) {
			op, err := put(id)
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
		ops = append(ops, check(id))
	}
	for _, id := range have {
		if !slices.Contains(want, id) {
			ops = append(ops, drop(id))
		}
	}
	return ops, nil
}

// ids lists the id of each of xs, in order.
func ids[T any](xs []T, id func(T) int64) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = id(x)
	}
	return out
}

// SetMovieCategories assigns exactly these categories to a film (already
// validated by CategoryNames): the embedded Categories, the link items that
// changed, a check that each category still exists, and the audit entry, in
// one transaction.
func (s *Films) SetMovieCategories(ctx context.Context, actor festival.Actor, id int64, cats []festival.MovieCategory) (festival.Movie, error) {
	want := ids(cats, func(c festival.MovieCategory) int64 { return c.ID })
	return s.UpdateMovie(ctx, id, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		ops, err := relinkOps(ids(m.Categories, func(c festival.MovieCategory) int64 { return c.ID }), want,
			func(cid int64) (types.TransactWriteItem, error) { return s.categoryLinkPut(id, cid) },
			s.categoryInEditionCheck(m.Edition),
			func(cid int64) types.TransactWriteItem { return s.deleteOp(moviePK(id), categoryLinkSK(cid)) })
		if err != nil {
			return nil, err
		}
		change := festival.CategoriesChange(m.Categories, cats)
		m.Categories = slices.Clone(cats)
		return append(ops, s.auditOp(actor, "movie.categories", movieTarget(id), map[string]string{"categories": festival.JoinIDs(want, ",")}, change...)), nil
	})
}

// SetMovieJuries assigns exactly these jury members (already validated by
// JuryMembers) to a film: embedded Juries, the assignment items that changed,
// a check that each member is still a JURY account, and the audit entry, in
// one transaction. A member with a conflict of interest (the film's producer,
// or a collaborator by e-mail) is a *festival.ConflictOfInterestError and nothing is
// written. The check runs on the film as read for the versioned write, so a
// collaborator added concurrently makes the write retry and be checked again.
func (s *Films) SetMovieJuries(ctx context.Context, actor festival.Actor, id int64, juries []festival.Jury) (festival.Movie, error) {
	return s.UpdateMovie(ctx, id, s.juriesChange(actor, id, juries, nil))
}

// AssignJuries is JuryMembers then SetMovieJuries with one read less: the
// film and the members come in one BatchGetItem, and the versioned write uses
// the film read there on its first try. Unknown members, or members whose
// role is not JURY, are an *festival.UnknownIDsError (before a missing film's
// festival.ErrNotFound, as JuryMembers answers first).
func (s *Films) AssignJuries(ctx context.Context, actor festival.Actor, id int64, userIDs []int64) (festival.Movie, error) {
	// The settings item comes too: it names the current edition.
	keys := []map[string]types.AttributeValue{key(moviePK(id), skMovie), settingsKeys()[0]}
	var sr settingsRead
	seen := map[int64]bool{}
	for _, uid := range userIDs {
		if !seen[uid] {
			seen[uid] = true
			keys = append(keys, key(userPK(uid), skUser))
		}
	}
	var film *movieRead
	members := map[int64]festival.Jury{}
	declared := map[int64][]int64{} // conflicts members declared
	err := s.batchGet(ctx, keys, "", nil, func(item map[string]types.AttributeValue) error {
		if ok, err := sr.take(item); ok {
			return err
		}
		if sk, _ := item[attrSK].(*types.AttributeValueMemberS); sk != nil && sk.Value == skMovie {
			m, v, err := unmarshalMovie(item)
			switch {
			case errors.Is(err, festival.ErrNotFound):
				return nil // being deleted: gone
			case err != nil:
				return err
			}
			film = &movieRead{movie: m, version: v}
			return nil
		}
		var j festival.Jury
		if err := attributevalue.UnmarshalMap(item, &j); err != nil {
			return err
		}
		var d struct {
			Conflicts []int64 `dynamodbav:"jury_conflicts"`
		}
		if err := attributevalue.UnmarshalMap(item, &d); err != nil {
			return err
		}
		members[j.ID], declared[j.ID] = j, d.Conflicts
		return nil
	})
	if err != nil {
		return festival.Movie{}, fmt.Errorf("assign juries to film %d: %w", id, err)
	}
	juries, err := juriesIn(userIDs, members)
	if err != nil {
		return festival.Movie{}, err
	}
	if film == nil {
		return festival.Movie{}, festival.ErrNotFound
	}
	s.noteSettingsRead(&sr)
	film.current = sr.currentEdition()
	return s.updateMovie(ctx, id, film, s.juriesChange(actor, id, juries, declared))
}

// juriesChange assigns exactly juries to a film (see SetMovieJuries);
// declared are the conflicts members declared, as read (the ConditionCheck
// on each member holds the write to what is stored when it commits).
func (s *Films) juriesChange(actor festival.Actor, id int64, juries []festival.Jury, declared map[int64][]int64) MovieChange {
	want := ids(juries, func(j festival.Jury) int64 { return j.ID })
	return func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		var conflicted []int64
		for _, j := range juries {
			if festival.ConflictOfInterest(*m, festival.User{ID: j.ID, Email: j.Email, JuryConflicts: declared[j.ID]}) {
				conflicted = append(conflicted, j.ID)
			}
		}
		if len(conflicted) > 0 {
			slices.Sort(conflicted)
			return nil, &festival.ConflictOfInterestError{IDs: conflicted}
		}
		if err := festival.CheckJuryAllowed(*m, want); err != nil {
			return nil, err // held back by its media checks, as stored
		}
		ops, err := relinkOps(ids(m.Juries, func(j festival.Jury) int64 { return j.ID }), want,
			func(uid int64) (types.TransactWriteItem, error) { return s.juryLinkPut(m.Edition, id, uid) },
			func(uid int64) types.TransactWriteItem { return s.isJuryCheck(id, uid) },
			func(uid int64) types.TransactWriteItem { return s.deleteOp(moviePK(id), juryLinkSK(uid)) })
		if err != nil {
			return nil, err
		}
		change := festival.JuriesChange(m.Juries, juries)
		m.Juries = slices.Clone(juries)
		return append(ops, s.auditOp(actor, "movie.juries", movieTarget(id), map[string]string{"juries": festival.JoinIDs(want, ",")}, change...)), nil
	}
}

// isJuryCheck holds a transaction to the user still being a JURY account
// that has not declared a conflict with the film.
func (s *Films) isJuryCheck(movieID, userID int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(userPK(userID), skUser),
		ConditionExpression:       aws.String("#r = :jury AND NOT contains(jury_conflicts, :mid)"),
		ExpressionAttributeNames:  map[string]string{"#r": "role"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":jury": str(string(festival.RoleJury)), ":mid": num(movieID)},
	}}
}

func movieTarget(id int64) string { return fmt.Sprintf("movie:%d", id) }
