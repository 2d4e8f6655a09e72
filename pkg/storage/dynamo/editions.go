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

// EDITIONS/EDITIONS lists the festival's editions: which is current, when
// each started and was archived. A table that never ran the migration nor
// started an edition has none: its one edition is festival.FirstEdition,
// current, started when the festival did.

type editionsItem struct {
	Current  string         `dynamodbav:"current"`
	Editions []editionEntry `dynamodbav:"editions"`
	Version  int64          `dynamodbav:"version"`
	// Next is a start of the next edition under way (editions_start.go):
	// set first, removed by the switch; a retry finishes it.
	Next *pendingEdition `dynamodbav:"next,omitempty"`
}

// pendingEdition is a start recorded before its first copy: what was asked
// and the categories' new ids, drawn once.
type pendingEdition struct {
	ID         string           `dynamodbav:"id"`
	Name       string           `dynamodbav:"name"`
	CopyJury   bool             `dynamodbav:"copy_jury"`
	From       string           `dynamodbav:"from"`
	Categories map[string]int64 `dynamodbav:"categories"` // old id -> new id
}

func (p pendingEdition) ids() festival.CategoryIDs {
	out := festival.CategoryIDs{}
	for k, v := range p.Categories {
		var old int64
		if _, err := fmt.Sscan(k, &old); err == nil {
			out[old] = v
		}
	}
	return out
}

// list is the editions as GET /editions shows them, newest first.
func (it editionsItem) list() festival.EditionList {
	out := festival.EditionList{Current: festival.EditionID(it.Current), Editions: make([]festival.Edition, 0, len(it.Editions))}
	for i := len(it.Editions) - 1; i >= 0; i-- {
		out.Editions = append(out.Editions, it.Editions[i].edition())
	}
	return out
}

// ListEditions reads the festival's editions (one GetItem; a table that
// has none yet: a second one, the first account, whose creation is when
// the festival's first edition started).
func (s *Settings) ListEditions(ctx context.Context) (festival.EditionList, error) {
	it, _, err := s.readEditions(ctx)
	return it.list(), err
}

// readEditions reads EDITIONS (consistent), or makes up the one edition of
// a table without it (found false).
func (s *Settings) readEditions(ctx context.Context) (editionsItem, bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key(editionsPK, skEditions), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return editionsItem{}, false, fmt.Errorf("read the editions: %w", err)
	}
	if out.Item != nil {
		var it editionsItem
		if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
			return it, false, fmt.Errorf("decode the editions: %w", err)
		}
		return it, true, nil
	}
	started := festival.NewTime(s.now())
	first, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key(userPK(1), skUser),
		ProjectionExpression: aws.String("createdAt")})
	if err != nil {
		return editionsItem{}, false, fmt.Errorf("read the first account: %w", err)
	}
	if at, err := festival.ParseTime(stringAttr(first.Item, "createdAt")); err == nil && !at.IsZero() {
		started = at
	}
	ed := string(festival.FirstEdition)
	return editionsItem{Current: ed, Editions: []editionEntry{{ID: ed, Name: ed, State: string(festival.EditionCurrent), StartedAt: started.String()}}}, false, nil
}

type editionEntry struct {
	ID         string `dynamodbav:"id"`
	Name       string `dynamodbav:"name"`
	State      string `dynamodbav:"state"`
	StartedAt  string `dynamodbav:"started_at"`
	ArchivedAt string `dynamodbav:"archived_at,omitempty"`
}

func (e editionEntry) edition() festival.Edition {
	out := festival.Edition{ID: festival.EditionID(e.ID), Name: e.Name, State: festival.EditionState(e.State)}
	out.StartedAt, _ = festival.ParseTime(e.StartedAt)
	if e.ArchivedAt != "" {
		at, _ := festival.ParseTime(e.ArchivedAt)
		out.ArchivedAt = &at
	}
	return out
}

// putEditionsIfAbsent writes the editions item of a table that has none.
func putEditionsIfAbsent(ctx context.Context, db DB, table string, it editionsItem) error {
	item, err := attributevalue.MarshalMap(it)
	if err != nil {
		return err
	}
	item[attrPK], item[attrSK], item[attrType] = str(editionsPK), str(skEditions), str(typeEditions)
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: &table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	var ccf *types.ConditionalCheckFailedException
	if err != nil && !errors.As(err, &ccf) {
		return fmt.Errorf("write the editions: %w", err)
	}
	return nil
}

// seedSettingsOf writes the default settings naming edition ed, on a table
// that has none.
func seedSettingsOf(ctx context.Context, db DB, table string, ed festival.EditionID, now time.Time) error {
	st := festival.DefaultSettings()
	st.UpdatedAt = festival.NewTime(now)
	item, err := attributevalue.MarshalMap(toSettingsItem(st, 1))
	if err != nil {
		return err
	}
	item[attrEdition] = str(string(ed))
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: &table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if err != nil {
		return fmt.Errorf("write the settings of edition %s: %w", ed, err)
	}
	return nil
}
