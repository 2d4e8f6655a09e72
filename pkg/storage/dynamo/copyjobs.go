package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/requestlog"
)

// Copy jobs keep the denormalised copies of a record in step with it: a
// user's name, e-mail and role in the films they produce or judge, a
// category's name in its films. The write that changes the record writes
// (or renews) its job in the same transaction, so a change never exists
// without the job that spreads it. Running a job copies the record's
// current values (read when the job runs, so an older job can never bring
// back older values) into every film that embeds it, a page of films at a
// time, saving its place after each page; a run that stops part-way, for
// whatever reason, is taken up where it stopped by the next run. A job is
// removed only by the run that finished it unchanged: a change made while
// it ran renews it, and it runs again from the start. Runs are idempotent.
// See docs/decisions.md, "Copies converge".

// CopyKind is what a job copies.
type CopyKind string

const (
	CopyUser     CopyKind = "user"
	CopyCategory CopyKind = "category"
)

// CopyJob names a pending job.
type CopyJob struct {
	Kind     CopyKind
	SourceID int64
}

type copyJobItem struct {
	PK       string   `dynamodbav:"PK"`
	SK       string   `dynamodbav:"SK"`
	Kind     CopyKind `dynamodbav:"kind"`
	SourceID int64    `dynamodbav:"source_id"`
	Version  int64    `dynamodbav:"version"`
	Cursor   string   `dynamodbav:"cursor"`
	Runs     int64    `dynamodbav:"runs"`
	Error    string   `dynamodbav:"last_error"`
}

// copyPage is how many films one step of a job reads and updates (two
// transactions of transactRoom-1 films and the job's check).
const copyPage = 2 * (transactRoom - 1)

// copyJobOp writes or renews the job of a record, in the transaction that
// changes the record: a new version, and its place back at the start.
func (s *core) copyJobOp(j CopyJob) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(copyJobPK(j.Kind, j.SourceID), skCopyJob),
		UpdateExpression:         aws.String("SET #t = :t, kind = :k, source_id = :id, GSI1PK = :jobs, GSI1SK = :sk, #c = :empty ADD version :one"),
		ExpressionAttributeNames: map[string]string{"#t": "type", "#c": "cursor"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":t": str(typeCopyJob), ":k": str(string(j.Kind)), ":id": num(j.SourceID), ":jobs": str(gsi1CopyJobs),
			":sk": str(copyJobPK(j.Kind, j.SourceID)), ":empty": str(""), ":one": num(1),
		},
	}}
}

// copyBudget bounds the time a request spends running the job it wrote;
// what is left then is for the schedule.
const copyBudget = 5 * time.Second

// runNow runs a job just written, within the request that wrote it and its
// budget, so that its copies are usually in step by the answer. A failure or
// the end of the budget leaves the job pending, its place saved, for the
// next run (RunPendingCopies); the change itself is saved, so that is logged,
// not returned.
func (s *core) runNow(ctx context.Context, j CopyJob) {
	ctx, cancel := context.WithTimeout(ctx, copyBudget)
	defer cancel()
	if err := (&CopyJobs{s}).RunCopyJob(ctx, j); err != nil {
		requestlog.From(ctx).Warn("copy job left pending", "kind", string(j.Kind), "source_id", j.SourceID, "err", err.Error())
	}
}

// RunPendingCopies runs every pending job (the schedule on AWS, a ticker in
// the local server). It returns how many it finished, and the first error.
func (s *CopyJobs) RunPendingCopies(ctx context.Context) (int, error) {
	jobs, err := s.PendingCopyJobs(ctx)
	if err != nil {
		return 0, err
	}
	done := 0
	var first error
	for _, j := range jobs {
		if err := s.RunCopyJob(ctx, j); err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		done++
	}
	return done, first
}

// PendingCopyJobs lists the jobs not finished yet (GSI1 COPYJOBS).
func (s *CopyJobs) PendingCopyJobs(ctx context.Context) ([]CopyJob, error) {
	jobs, _, err := queryRecords(ctx, s.core, s.gsi1Query(gsi1CopyJobs), Page{}, func(it copyJobItem) CopyJob {
		return CopyJob{Kind: it.Kind, SourceID: it.SourceID}
	})
	return jobs, err
}

// RunCopyJob runs a job until it is finished (then it is removed) or a step
// fails (then it stays, its place saved, and the error says why: the next
// run takes it up). A job that is not there is already done.
func (s *CopyJobs) RunCopyJob(ctx context.Context, j CopyJob) error {
	for {
		it, err := getItem[copyJobItem](ctx, s.core, key(copyJobPK(j.Kind, j.SourceID), skCopyJob))
		if errors.Is(err, festival.ErrNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read copy job %s %d: %w", j.Kind, j.SourceID, err)
		}
		done, err := s.runCopyJob(ctx, it)
		if err != nil {
			s.noteCopyFailure(ctx, it, err)
			return fmt.Errorf("copy job %s %d: %w", j.Kind, j.SourceID, err)
		}
		if done {
			return nil
		}
		// Renewed while it ran: run again, from the start, with the new values.
	}
}

// runCopyJob runs one version of a job from its saved place. It reports
// false when the job was renewed meanwhile.
func (s *CopyJobs) runCopyJob(ctx context.Context, it copyJobItem) (bool, error) {
	target, update, err := s.copyOf(ctx, it)
	if errors.Is(err, festival.ErrNotFound) {
		// The record is gone: its deletion took care of its films.
		return s.finishCopyJob(ctx, it)
	}
	if err != nil {
		return false, err
	}
	cursor := it.Cursor
	for {
		var films []filmRef
		in := s.gsi2Query(target, "")
		in.ProjectionExpression = aws.String("GSI2PK, GSI2SK, PK, SK, id_movie")
		next, err := s.queryPages(ctx, in, Page{Limit: copyPage, Cursor: cursor}, func(item map[string]types.AttributeValue) error {
			var ref filmRef
			if err := attributevalue.UnmarshalMap(item, &ref); err != nil {
				return err
			}
			films = append(films, ref)
			return nil
		})
		if err != nil {
			return false, err
		}
		switch err := s.updateCopies(ctx, it, films, update); {
		case errors.Is(err, errRenewed):
			return false, nil
		case err != nil:
			return false, err
		}
		if next == "" {
			return s.finishCopyJob(ctx, it)
		}
		if ok, err := s.saveCopyPlace(ctx, it, next); err != nil || !ok {
			return false, err
		}
		cursor = next
	}
}

// filmRef is an item of a record's GSI2 partition that points at a film.
type filmRef struct {
	SK      string `dynamodbav:"GSI2SK"`
	MovieID int64  `dynamodbav:"id_movie"`
}

// copyOf reads the record of a job as it is now and returns the GSI2
// partition of its films and the update that copies it into one of them
// (nil when that reference holds no copy of it).
func (s *CopyJobs) copyOf(ctx context.Context, it copyJobItem) (string, func(filmRef) *types.Update, error) {
	switch it.Kind {
	case CopyUser:
		u, err := (&Users{s.core}).GetUser(ctx, it.SourceID)
		if err != nil {
			return "", nil, err
		}
		producer, err := attributevalue.Marshal(festival.Producer{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName})
		if err != nil {
			return "", nil, err
		}
		jury, err := attributevalue.Marshal(festival.Jury{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role})
		if err != nil {
			return "", nil, err
		}
		return userRefPK(u.ID), func(ref filmRef) *types.Update {
			switch {
			case strings.HasPrefix(ref.SK, prefixProducesAny):
				return s.copyUpdate(ref.MovieID, "SET Producer = :v ADD version :one", "attribute_exists(PK)", nil, producer)
			case strings.HasPrefix(ref.SK, prefixJuryOfAny):
				return s.copyUpdate(ref.MovieID, "SET Juries.#id = :v ADD version :one", "attribute_exists(Juries.#id)",
					map[string]string{"#id": idKey(u.ID)}, jury)
			}
			return nil
		}, nil
	case CopyCategory:
		c, err := (&Catalog{s.core}).GetCategory(ctx, it.SourceID)
		if err != nil {
			return "", nil, err
		}
		v, err := attributevalue.Marshal(festival.MovieCategory{ID: c.ID, Name: c.Name})
		if err != nil {
			return "", nil, err
		}
		return categoryRefPK(c.ID), func(ref filmRef) *types.Update {
			if !strings.HasPrefix(ref.SK, prefixMovieRef) {
				return nil
			}
			return s.copyUpdate(ref.MovieID, "SET Categories.#id = :v ADD version :one", "attribute_exists(Categories.#id)",
				map[string]string{"#id": idKey(c.ID)}, v)
		}, nil
	}
	return "", nil, fmt.Errorf("unknown copy job kind %q", it.Kind)
}

// copyUpdate is the update of one copy in one film. It bumps the film's
// version, so that a whole-film write read before it cannot put the old copy
// back; its condition skips a film that no longer holds the copy.
func (s *CopyJobs) copyUpdate(movieID int64, expr, cond string, names map[string]string, v types.AttributeValue) *types.Update {
	return &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression: aws.String(expr), ConditionExpression: aws.String(cond), ExpressionAttributeNames: names,
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": v, ":one": num(1)},
	}
}

// errRenewed stops a run whose job was renewed (or finished) meanwhile.
var errRenewed = errors.New("copy job renewed meanwhile")

// updateCopies writes the copies of a page of films. Every write goes in a
// transaction with a check that the job still has the version being run:
// once the record changes again (and its job is renewed), a run that read
// the older values can write nothing more, so no copy is ever set back to an
// older value, whatever runs overlap. 96 films per transaction; a film whose
// condition fails no longer holds the copy (deleted, or the person
// unassigned meanwhile) and is left out; a transaction that meets another
// is sent again under the store's retry policy.
func (s *CopyJobs) updateCopies(ctx context.Context, it copyJobItem, films []filmRef, update func(filmRef) *types.Update) error {
	check := types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(it.PK, skCopyJob),
		ConditionExpression:       aws.String("version = :v"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(it.Version)},
	}}
	var ops []types.TransactWriteItem
	for _, f := range films {
		if u := update(f); u != nil {
			ops = append(ops, types.TransactWriteItem{Update: u})
		}
	}
	for len(ops) > 0 {
		chunk := ops[:min(len(ops), transactRoom-1)]
		ops = ops[len(chunk):]
		err := Retry(ctx, func(int) error {
			if len(chunk) == 0 {
				return nil
			}
			err := s.transact(ctx, append([]types.TransactWriteItem{check}, chunk...))
			switch {
			case err == nil:
				return nil
			case conditionFailedAt(err, 0):
				return errRenewed
			case transactionConflict(err):
				return Again(err)
			}
			reasons := cancelReasons(err)
			if reasons == nil {
				return err
			}
			kept := chunk[:0:0]
			for i, op := range chunk {
				if i+1 >= len(reasons) || reasons[i+1] != "ConditionalCheckFailed" {
					kept = append(kept, op)
				}
			}
			chunk = kept
			return Again(err)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// saveCopyPlace records where the job got to, if it is still the version
// being run; false when it was renewed meanwhile.
func (s *CopyJobs) saveCopyPlace(ctx context.Context, it copyJobItem, cursor string) (bool, error) {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(it.PK, skCopyJob),
		UpdateExpression:          aws.String("SET #c = :c"),
		ConditionExpression:       aws.String("version = :v"),
		ExpressionAttributeNames:  map[string]string{"#c": "cursor"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": str(cursor), ":v": num(it.Version)},
	})
	return versionHeld(err)
}

// finishCopyJob removes the job if it is still the version that was run.
func (s *CopyJobs) finishCopyJob(ctx context.Context, it copyJobItem) (bool, error) {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: &s.table, Key: key(it.PK, skCopyJob),
		ConditionExpression:       aws.String("version = :v"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(it.Version)},
	})
	return versionHeld(err)
}

func versionHeld(err error) (bool, error) {
	var ccf *types.ConditionalCheckFailedException
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &ccf):
		return false, nil
	}
	return false, err
}

// noteCopyFailure counts a failed run on the job and keeps its error, for
// an admin to see; best effort (the job is pending either way).
func (s *CopyJobs) noteCopyFailure(ctx context.Context, it copyJobItem, cause error) {
	msg := cause.Error()
	if len(msg) > 1000 {
		msg = msg[:1000]
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_, _ = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(it.PK, skCopyJob),
		UpdateExpression:          aws.String("SET last_error = :e ADD runs :one"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":e": str(msg), ":one": num(1)},
	})
}
