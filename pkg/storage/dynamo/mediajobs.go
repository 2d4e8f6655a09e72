package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Media jobs (pkg/service/mediajob runs them): one item per film in the
// film's own item collection (PK MOVIE#<id>, SK MEDIAJOB), so the film's
// deletion removes it with the rest, and on GSI1 MEDIAJOBS / <pad id>, the
// queue the runner lists. The write that points a film at a new file puts
// the job (replacing any older one) in the same transaction; the runner
// claims a job with a lease, saves its stage after each step and removes it
// when done, each write conditional on its lease and on the job's file.

// mediaItem is a film's media as stored: its time as the table's other
// times (ISO 8601 text), its flags never null.
type mediaItem struct {
	State     string               `dynamodbav:"state"`
	File      string               `dynamodbav:"file"`
	UpdatedAt string               `dynamodbav:"updatedAt"`
	Facts     *festival.MediaFacts `dynamodbav:"facts"`
	Flags     []festival.MediaFlag `dynamodbav:"flags"`
	Streaming *festival.Streaming  `dynamodbav:"streaming"`
	Error     string               `dynamodbav:"error,omitempty"`
}

func toMediaItem(m *festival.FilmMedia) *mediaItem {
	if m == nil {
		return nil
	}
	flags := m.Flags
	if flags == nil {
		flags = []festival.MediaFlag{}
	}
	return &mediaItem{State: string(m.State), File: m.File, UpdatedAt: m.UpdatedAt.String(), Facts: m.Facts,
		Flags: flags, Streaming: m.Streaming, Error: m.Error}
}

func (it *mediaItem) media() *festival.FilmMedia {
	if it == nil {
		return nil
	}
	at, _ := festival.ParseTime(it.UpdatedAt)
	flags := it.Flags
	if flags == nil {
		flags = []festival.MediaFlag{}
	}
	return &festival.FilmMedia{State: festival.MediaState(it.State), File: it.File, UpdatedAt: at, Facts: it.Facts,
		Flags: flags, Streaming: it.Streaming, Error: it.Error}
}

// MediaJobs are the films' pending media jobs and the film's `media` they write.
type MediaJobs struct{ *core }

type mediaJobItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
	Type       string `dynamodbav:"type"`
	MovieID    int64  `dynamodbav:"id_movie"`
	File       string `dynamodbav:"file"`
	Stage      string `dynamodbav:"stage"`
	Version    int64  `dynamodbav:"media_version"`
	Watermark  bool   `dynamodbav:"watermark"`
	EngineJob  string `dynamodbav:"engine_job,omitempty"`
	Attempts   int    `dynamodbav:"attempts"`
	NotBefore  int64  `dynamodbav:"not_before"` // epoch milliseconds
	Subtitles  int    `dynamodbav:"subtitles"`
	Lease      string `dynamodbav:"lease,omitempty"`
	LeaseUntil int64  `dynamodbav:"lease_until"` // epoch milliseconds
}

func (it mediaJobItem) job() festival.MediaJob {
	return festival.MediaJob{
		MovieID: it.MovieID, File: it.File, Stage: festival.MediaState(it.Stage), Version: it.Version,
		Watermark: it.Watermark, EngineJob: it.EngineJob, Attempts: it.Attempts, NotBefore: time.UnixMilli(it.NotBefore),
		Subtitles: it.Subtitles, Lease: it.Lease, LeaseUntil: time.UnixMilli(it.LeaseUntil),
	}
}

// mediaJobOps are the job writes a film's change owes (festival.QueueMedia,
// festival.SubtitlesChanged): a new job for a new file, or the subtitle
// re-check added to the film's job.
func (s *core) mediaJobOps(before, after festival.Movie, queued bool) ([]types.TransactWriteItem, error) {
	if queued {
		item, err := attributevalue.MarshalMap(mediaJobItem{
			PK: moviePK(after.ID), SK: skMediaJob, GSI1PK: gsi1MediaJobs, GSI1SK: pad(after.ID), Type: typeMediaJob,
			MovieID: after.ID, File: after.Media.File, Stage: string(festival.MediaQueued),
			// Milliseconds of the queueing: a new file never reuses an
			// older encoding's paths or keys.
			Version: s.now().UnixMilli(),
		})
		if err != nil {
			return nil, err
		}
		return []types.TransactWriteItem{{Put: &types.Put{TableName: &s.table, Item: item}}}, nil
	}
	if !festival.SubtitlesChanged(before, after) {
		return nil, nil
	}
	return []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(after.ID), skMediaJob),
		UpdateExpression: aws.String("ADD subtitles :one SET GSI1PK = :q, GSI1SK = :sk, #t = :type, id_movie = :id, " +
			"#f = if_not_exists(#f, :file), stage = if_not_exists(stage, :ready), media_version = if_not_exists(media_version, :v), " +
			"attempts = if_not_exists(attempts, :zero), not_before = if_not_exists(not_before, :zero), lease_until = if_not_exists(lease_until, :zero)"),
		ExpressionAttributeNames: map[string]string{"#t": attrType, "#f": "file"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": num(1), ":q": str(gsi1MediaJobs), ":sk": str(pad(after.ID)),
			":type": str(typeMediaJob), ":id": num(after.ID), ":file": str(after.Media.File),
			":ready": str(string(festival.MediaReady)), ":v": num(0), ":zero": num(0),
		},
	}}}, nil
}

// PendingMediaJobs lists every pending job (GSI1 MEDIAJOBS), all pages.
func (s *MediaJobs) PendingMediaJobs(ctx context.Context) ([]festival.MediaJob, error) {
	jobs, _, err := queryRecords(ctx, s.core, s.gsi1Query(gsi1MediaJobs), Page{}, mediaJobItem.job)
	if err != nil {
		return nil, fmt.Errorf("pending media jobs: %w", err)
	}
	return jobs, nil
}

// ClaimMediaJob takes a film's job for lease until until, if it is still
// about file, due at now and not held by another lease; ok is false when it
// is not (another runner has it, or it changed or went).
func (s *MediaJobs) ClaimMediaJob(ctx context.Context, movieID int64, file, lease string, now, until time.Time) (festival.MediaJob, bool, error) {
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(moviePK(movieID), skMediaJob),
		UpdateExpression:         aws.String("SET lease = :l, lease_until = :u"),
		ConditionExpression:      aws.String("#f = :f AND lease_until < :now AND not_before <= :now"),
		ExpressionAttributeNames: map[string]string{"#f": "file"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":l": str(lease), ":u": num(until.UnixMilli()), ":f": str(file), ":now": num(now.UnixMilli()),
		},
		ReturnValues: types.ReturnValueAllNew,
	})
	if held, err := versionHeld(err); !held || err != nil {
		return festival.MediaJob{}, false, err
	}
	var it mediaJobItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return festival.MediaJob{}, false, err
	}
	return it.job(), true, nil
}

// leaseHeld is the condition of every write of a claimed job.
func leaseHeld(j festival.MediaJob) (string, map[string]string, map[string]types.AttributeValue) {
	return "lease = :l AND #f = :f", map[string]string{"#f": "file"},
		map[string]types.AttributeValue{":l": str(j.Lease), ":f": str(j.File)}
}

// SaveMediaJob writes a claimed job's stage, engine job, attempts, next
// run, lease time and watermark; false when the lease was lost or the
// job replaced.
func (s *MediaJobs) SaveMediaJob(ctx context.Context, j festival.MediaJob) (bool, error) {
	cond, names, values := leaseHeld(j)
	values[":st"], values[":e"], values[":a"] = str(string(j.Stage)), str(j.EngineJob), num(int64(j.Attempts))
	values[":nb"], values[":lu"] = num(j.NotBefore.UnixMilli()), num(j.LeaseUntil.UnixMilli())
	values[":wm"] = &types.AttributeValueMemberBOOL{Value: j.Watermark}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(moviePK(j.MovieID), skMediaJob),
		UpdateExpression:    aws.String("SET stage = :st, engine_job = :e, attempts = :a, not_before = :nb, lease_until = :lu, watermark = :wm"),
		ConditionExpression: aws.String(cond), ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	})
	return versionHeld(err)
}

// SubtitlesChecked records that the subtitle changes the claimed job
// counted are measured: a change that came meanwhile stays to do.
func (s *MediaJobs) SubtitlesChecked(ctx context.Context, j festival.MediaJob) (bool, error) {
	cond, names, values := leaseHeld(j)
	values[":seen"], values[":zero"] = num(int64(j.Subtitles)), num(0)
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(moviePK(j.MovieID), skMediaJob),
		UpdateExpression:    aws.String("SET subtitles = :zero"),
		ConditionExpression: aws.String(cond + " AND subtitles = :seen"), ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	})
	return versionHeld(err)
}

// FinishMediaJob removes a claimed job, unless a subtitle change came
// meanwhile: then it stays for that re-check.
func (s *MediaJobs) FinishMediaJob(ctx context.Context, j festival.MediaJob) (bool, error) {
	cond, names, values := leaseHeld(j)
	values[":no"] = num(0)
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: &s.table, Key: key(moviePK(j.MovieID), skMediaJob),
		ConditionExpression: aws.String(cond + " AND subtitles = :no"), ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	})
	return versionHeld(err)
}

// DropMediaJob removes a job whose film is gone or points at another file
// (conditional on its file, so a newer job is kept).
func (s *MediaJobs) DropMediaJob(ctx context.Context, movieID int64, file string) error {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: &s.table, Key: key(moviePK(movieID), skMediaJob),
		ConditionExpression:       aws.String("#f = :f"),
		ExpressionAttributeNames:  map[string]string{"#f": "file"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":f": str(file)},
	})
	_, err = versionHeld(err)
	return err
}

// SetFilmMedia writes a film's `media`, with the messages it owes (the
// producer told of a failed check), if the film still points at the file the
// media is about: festival.ErrConflict when it was replaced meanwhile,
// festival.ErrNotFound when the film is gone. The film's version goes up, so
// a whole-film write read before cannot put older media back.
func (s *MediaJobs) SetFilmMedia(ctx context.Context, movieID int64, media festival.FilmMedia, msgs []festival.Message) error {
	v, err := attributevalue.Marshal(toMediaItem(&media))
	if err != nil {
		return err
	}
	ops := []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("SET media = :m ADD version :one"),
		ConditionExpression:       aws.String("attribute_exists(PK) AND attribute_not_exists(deleting) AND trailer = :f AND media.#f = :f"),
		ExpressionAttributeNames:  map[string]string{"#f": "file"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":m": v, ":one": num(1), ":f": str(media.File)},
	}}}
	more, err := s.messageOps(msgs)
	if err != nil {
		return err
	}
	err = Retry(ctx, func(int) error {
		err := s.transact(ctx, append(ops, more...))
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 0):
			return festival.ErrConflict
		case transactionConflict(err):
			return Again(err)
		}
		return err
	})
	if err != nil && !errors.Is(err, festival.ErrConflict) {
		return fmt.Errorf("film %d media: %w", movieID, err)
	}
	return err
}
