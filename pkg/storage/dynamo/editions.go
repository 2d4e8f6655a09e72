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
