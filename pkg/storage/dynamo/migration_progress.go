package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Where the migration to editions got to (migration.go): read when a run
// begins, moved after each page a segment finishes.

// MIGRATION#editions/MIGRATION holds the progress: edition, name, state
// (running, done), segments, cursors (segment -> the last key of its last
// page done, {} before its first, "done" after its last), started_at,
// finished_at.
const (
	migrationRunning = "running"
	migrationDone    = "done"
	cursorDone       = "done" // a segment's cursor once it scanned its last page
)

// begin reads the progress, writing it when the migration starts: it
// returns each segment's start (an empty key for the first page, nil for a
// segment already scanned), or done when the migration is finished.
func (m *Migration) begin(ctx context.Context) ([]map[string]types.AttributeValue, bool, error) {
	out, err := m.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &m.table, Key: key(migrationPK, skMigration), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, false, fmt.Errorf("read the migration's progress: %w", err)
	}
	if out.Item == nil {
		cursors := map[string]types.AttributeValue{}
		for i := range m.opts.Segments {
			cursors[fmt.Sprint(i)] = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}
		}
		_, err := m.db.PutItem(ctx, &dynamodb.PutItemInput{
			TableName: &m.table,
			Item: map[string]types.AttributeValue{
				attrPK: str(migrationPK), attrSK: str(skMigration), attrType: str(typeMigration),
				attrEdition: str(string(m.opts.Edition)), "name": str(m.opts.Name),
				"state": str(migrationRunning), "segments": num(int64(m.opts.Segments)),
				"cursors": &types.AttributeValueMemberM{Value: cursors}, "started_at": str(festival.NewTime(m.now()).String()),
			},
			ConditionExpression: aws.String("attribute_not_exists(PK)"),
		})
		var ccf *types.ConditionalCheckFailedException
		if errors.As(err, &ccf) { // another run started it meanwhile: read what it wrote
			return m.begin(ctx)
		}
		if err != nil {
			return nil, false, fmt.Errorf("write the migration's progress: %w", err)
		}
		out.Item = map[string]types.AttributeValue{"cursors": &types.AttributeValueMemberM{Value: cursors}, "state": str(migrationRunning),
			attrEdition: str(string(m.opts.Edition))}
	}
	return m.cursorsOf(out.Item)
}

// cursorsOf reads the segments' starts of a progress item.
func (m *Migration) cursorsOf(item map[string]types.AttributeValue) ([]map[string]types.AttributeValue, bool, error) {
	if ed := stringAttr(item, attrEdition); ed != string(m.opts.Edition) {
		return nil, false, fmt.Errorf("this table's migration was started for edition %q, not %q: run it with -edition %s", ed, m.opts.Edition, ed)
	}
	if stringAttr(item, "state") == migrationDone {
		return nil, true, nil
	}
	cm, _ := item["cursors"].(*types.AttributeValueMemberM)
	if cm == nil {
		return nil, false, errors.New("the migration's progress has no cursors")
	}
	m.opts.Segments = len(cm.Value) // a migration keeps the segments it started with
	starts := make([]map[string]types.AttributeValue, len(cm.Value))
	for i := range starts {
		switch c := cm.Value[fmt.Sprint(i)].(type) {
		case *types.AttributeValueMemberM:
			starts[i] = c.Value
		case *types.AttributeValueMemberS: // cursorDone
		default:
			return nil, false, fmt.Errorf("the migration's progress lacks segment %d", i)
		}
	}
	return starts, false, nil
}

func stringAttr(item map[string]types.AttributeValue, name string) string {
	if s, ok := item[name].(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

// saveCursor records where segment seg got to.
func (m *Migration) saveCursor(ctx context.Context, seg int, cursor types.AttributeValue) error {
	_, err := m.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &m.table, Key: key(migrationPK, skMigration),
		UpdateExpression:          aws.String("SET cursors.#s = :c"),
		ExpressionAttributeNames:  map[string]string{"#s": fmt.Sprint(seg)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": cursor},
	})
	if err != nil {
		return fmt.Errorf("record segment %d's progress: %w", seg, err)
	}
	return nil
}
