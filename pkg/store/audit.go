package store

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/festival"
)

type auditItem struct {
	PK        string            `dynamodbav:"PK"`
	SK        string            `dynamodbav:"SK"`
	GSI1PK    string            `dynamodbav:"GSI1PK"`
	GSI1SK    string            `dynamodbav:"GSI1SK"`
	GSI2PK    string            `dynamodbav:"GSI2PK"`
	GSI2SK    string            `dynamodbav:"GSI2SK"`
	Type      string            `dynamodbav:"type"`
	ID        string            `dynamodbav:"id_audit"`
	At        string            `dynamodbav:"at"`
	ActorID   int64             `dynamodbav:"actor_id"`
	ActorRole string            `dynamodbav:"actor_role"`
	Action    string            `dynamodbav:"action"`
	Target    string            `dynamodbav:"target"`
	Details   map[string]string `dynamodbav:"details,omitempty"`
}

// actorPK is the GSI2 partition of one actor's audit entries. It is not the
// user's USER#<id> partition, so that deleting a user keeps what they did.
func actorPK(id int64) string { return fmt.Sprintf("ACTOR#%d", id) }

// auditOp returns the write that records a state change. Every store method
// that changes state on behalf of an admin or a jury member adds it to the
// same transaction as the change, so the trail cannot miss or invent one.
func (s *Store) auditOp(actor festival.Actor, action, target string, details map[string]string) types.TransactWriteItem {
	now := festival.NewTime(s.now())
	var b [6]byte
	_, _ = rand.Read(b[:])
	id := now.String() + "#" + hex.EncodeToString(b[:])
	item, err := attributevalue.MarshalMap(auditItem{
		PK: "AUDIT#" + now.Format("2006-01-02"), SK: id,
		GSI1PK: gsi1Audit, GSI1SK: id,
		GSI2PK: actorPK(actor.ID), GSI2SK: id,
		Type: typeAudit, ID: id, At: now.String(), ActorID: actor.ID, ActorRole: string(actor.Role),
		Action: action, Target: target, Details: details,
	})
	if err != nil {
		panic(fmt.Sprintf("audit item cannot be marshalled: %v", err)) // a programming error: fixed types
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}
}
