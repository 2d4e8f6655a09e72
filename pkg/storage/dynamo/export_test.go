package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// KeepLists sets whether the store keeps the public lists in memory, so
// tests can run the index path and the memory path side by side.
func (s *Store) KeepLists(keep bool) { s.core.keepLists = keep }

// Client is the store's DynamoDB client (its key guard, without the
// watch of this store's settings writes), for a second store on its table.
func (s *Store) Client() DB { return s.core.db.(settingsWatch).DB }

// MoveAllDue makes msgs, as the caller read them, due at at in batched
// conditional transactions (what a release does after its query), so tests
// can change some of them in between.
func (s *Store) MoveAllDue(ctx context.Context, msgs []festival.Message, at time.Time) (int, error) {
	ops := make([]types.TransactWriteItem, len(msgs))
	for i, m := range msgs {
		ops[i] = types.TransactWriteItem{Update: s.core.moveDueOp(m, at)}
	}
	return s.core.moveAllDue(ctx, ops)
}

// CurrentEdition, EditionOf and NoteCurrentEdition are the store's view of
// the current edition (edition_scope.go), for its tests.
func (s *Store) CurrentEdition(ctx context.Context) (festival.EditionID, error) {
	return s.core.currentEdition(ctx)
}
func (s *Store) EditionOf(ctx context.Context) (festival.EditionID, error) {
	return s.core.editionOf(ctx)
}
func (s *Store) NoteCurrentEdition(id festival.EditionID) { s.core.noteCurrentEdition(id) }

// KeepCurrentEditionFor sets how long the store trusts the current
// edition it read (editionFreshness), so tests do not depend on timing.
func (s *Store) KeepCurrentEditionFor(d time.Duration) {
	s.core.edition.mu.Lock()
	defer s.core.edition.mu.Unlock()
	s.core.edition.fresh = d
}

// SwitchEdition makes id the current edition as starting the next edition
// leaves the table (no records copied): the current settings and form
// copied to SETTINGS#<the edition that was current>, the settings item
// naming id (written with the defaults when there was none); the store
// knows it at once, as the instance that starts an edition does.
func (s *Store) SwitchEdition(ctx context.Context, id festival.EditionID) error {
	c := s.core
	r, err := c.readSettings(ctx)
	if err != nil {
		return err
	}
	old := r.currentEdition()
	if r.st == nil {
		it := toSettingsItem(festival.DefaultSettings(), 1)
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return err
		}
		if _, err := c.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &c.table, Item: item}); err != nil {
			return err
		}
	}
	for _, sk := range []string{settingsSK, formSK} {
		out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &c.table, Key: key(settingsPK, sk), ConsistentRead: aws.Bool(true)})
		if err != nil {
			return err
		}
		if out.Item == nil {
			continue
		}
		out.Item[attrPK] = str(archivedSettingsPK(old))
		if _, err := c.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &c.table, Item: out.Item}); err != nil {
			return err
		}
	}
	_, err = c.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &c.table, Key: key(settingsPK, settingsSK), UpdateExpression: aws.String("SET #e = :e ADD version :one"),
		ExpressionAttributeNames:  map[string]string{"#e": attrEdition},
		ExpressionAttributeValues: map[string]types.AttributeValue{":e": str(string(id)), ":one": num(1)},
	})
	if err != nil {
		return err
	}
	c.noteCurrentEdition(id)
	return nil
}

// ForgetAdminMarker deletes the first admin's marker, leaving the table as
// one written before the marker existed (setup.go).
func (s *Store) ForgetAdminMarker(ctx context.Context) error {
	_, err := s.core.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &s.core.table, Key: key(adminMarkerPK, adminMarkerPK)})
	return err
}
