package dynamo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
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
	// Changes are the fields moved, before and after (festival.AuditChange).
	Changes []festival.AuditChange `dynamodbav:"changes,omitempty"`
}

// auditOp returns the write that records a state change. Every store method
// that changes state on behalf of an admin or a jury member adds it to the
// same transaction as the change, so the trail cannot miss or invent one.
// changes are the fields it moved, before and after, when it moved any.
func (s *core) auditOp(actor festival.Actor, action, target string, details map[string]string, changes ...festival.AuditChange) types.TransactWriteItem {
	now := festival.NewTime(s.now())
	var b [4]byte
	_, _ = rand.Read(b[:])
	// Time, then a per-process sequence (entries written by one function in
	// the same millisecond, such as a vote and the candidate status it sets,
	// keep their order), then randomness (unique across functions).
	id := fmt.Sprintf("%s#%08d#%s", now, s.auditSeq.Add(1)%100000000, hex.EncodeToString(b[:]))
	item, err := attributevalue.MarshalMap(auditItem{
		PK: auditPK(now.Format("2006-01-02")), SK: id,
		GSI1PK: gsi1Audit, GSI1SK: id,
		GSI2PK: actorPK(actor.ID), GSI2SK: id,
		Type: typeAudit, ID: id, At: now.String(), ActorID: actor.ID, ActorRole: string(actor.Role),
		Action: action, Target: target, Details: details, Changes: changes,
	})
	if err != nil {
		panic(fmt.Sprintf("audit item cannot be marshalled: %v", err)) // a programming error: fixed types
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}
}

// maxAuditQueries bounds the queries of one page when a filter matches
// little: the page then ends early, with a cursor to continue.
const maxAuditQueries = 20

// ListAudit returns audit entries newest first, at most p.Limit of them (a
// limit is required: the trail only grows), and the cursor of the next page.
// Time bounds are key conditions; action and target are filters, so each
// query asks for no more entries than the page still needs, and the cursor
// never skips an entry.
func (s *Trail) ListAudit(ctx context.Context, f festival.AuditFilter, p Page) ([]festival.AuditEntry, string, error) {
	if p.Limit <= 0 {
		return nil, "", fmt.Errorf("list audit: a page limit is required")
	}
	pkAttr, skAttr, index, pk := attrGSI1PK, attrGSI1SK, IndexGSI1, gsi1Audit
	if f.ActorID != 0 {
		pkAttr, skAttr, index, pk = attrGSI2PK, attrGSI2SK, IndexGSI2, actorPK(f.ActorID)
	}
	names := map[string]string{"#pk": pkAttr}
	values := map[string]types.AttributeValue{":pk": str(pk)}
	start, err := startKey(p.Cursor, &dynamodb.QueryInput{IndexName: aws.String(index), ExpressionAttributeValues: values})
	if err != nil {
		return nil, "", err
	}
	cond := "#pk = :pk"
	// Sort keys are "<time>#<random>": "#" sorts before the random hex and "~"
	// after it, so these bounds include every entry of the bounding millisecond.
	from, to := "", ""
	if !f.From.IsZero() {
		from = festival.NewTime(f.From).String() + "#"
	}
	if !f.To.IsZero() {
		to = festival.NewTime(f.To).String() + "#~"
	}
	switch {
	case from != "" && to != "":
		cond += " AND #sk BETWEEN :from AND :to"
	case from != "":
		cond += " AND #sk >= :from"
	case to != "":
		cond += " AND #sk <= :to"
	}
	if from != "" || to != "" {
		names["#sk"] = skAttr
	}
	if from != "" {
		values[":from"] = str(from)
	}
	if to != "" {
		values[":to"] = str(to)
	}
	var filters []string
	if f.Action != "" {
		// A family ("movie.") selects every action of it.
		if strings.HasSuffix(f.Action, ".") {
			filters = append(filters, "begins_with(#action, :action)")
		} else {
			filters = append(filters, "#action = :action")
		}
		names["#action"] = "action"
		values[":action"] = str(f.Action)
	}
	if f.Target != "" {
		filters = append(filters, "#target = :target")
		names["#target"] = "target"
		values[":target"] = str(f.Target)
	}
	entries := []festival.AuditEntry{}
	for q := 0; q < maxAuditQueries; q++ {
		in := &dynamodb.QueryInput{
			TableName: &s.table, IndexName: aws.String(index),
			KeyConditionExpression: aws.String(cond), ExpressionAttributeNames: names, ExpressionAttributeValues: values,
			ScanIndexForward: aws.Bool(false), ExclusiveStartKey: start,
			Limit: aws.Int32(p.Limit - int32(len(entries))),
		}
		if len(filters) > 0 {
			in.FilterExpression = aws.String(strings.Join(filters, " AND "))
		}
		out, err := s.db.Query(ctx, in)
		if q == 0 && cursorRefused(err, start) {
			return nil, "", ErrBadCursor
		}
		if err != nil {
			return nil, "", fmt.Errorf("list audit: %w", err)
		}
		for _, item := range out.Items {
			var it auditItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return nil, "", err
			}
			at, _ := festival.ParseTime(it.At)
			entries = append(entries, festival.AuditEntry{
				ID: it.ID, At: at, ActorID: it.ActorID, ActorRole: festival.Role(it.ActorRole),
				Action: it.Action, Target: it.Target, Details: it.Details, Changes: it.Changes,
			})
		}
		start = out.LastEvaluatedKey
		if len(start) == 0 {
			return entries, "", nil
		}
		if int32(len(entries)) >= p.Limit {
			break
		}
	}
	return entries, encodeCursor(start), nil
}

// AuditNames reads the names a page of the trail shows, in one
// BatchGetItem (one per 100 records): people's first and last names, films'
// titles, categories' and events' names, each projected alone. A record
// that is gone has no name.
func (s *Trail) AuditNames(ctx context.Context, r festival.AuditRefs) (festival.AuditNames, error) {
	n := festival.AuditNames{Users: map[int64]string{}, Films: map[int64]string{}, Categories: map[int64]string{}, Events: map[int64]string{}}
	if r.Empty() {
		return n, nil
	}
	var keys []map[string]types.AttributeValue
	for _, id := range r.Users {
		keys = append(keys, key(userPK(id), skUser))
	}
	for _, id := range r.Films {
		keys = append(keys, key(moviePK(id), skMovie))
	}
	for _, id := range r.Categories {
		keys = append(keys, key(categoryPK(id), skCategory))
	}
	for _, id := range r.Events {
		keys = append(keys, key(eventPK(id), skEvent))
	}
	err := s.batchGet(ctx, keys, "#pk, #sk, #first, #last, #title, #name",
		map[string]string{"#pk": "PK", "#sk": "SK", "#first": "first_name", "#last": "last_name", "#title": "title", "#name": "name"},
		func(item map[string]types.AttributeValue) error {
			var it struct {
				PK    string `dynamodbav:"PK"`
				SK    string `dynamodbav:"SK"`
				First string `dynamodbav:"first_name"`
				Last  string `dynamodbav:"last_name"`
				Title string `dynamodbav:"title"`
				Name  string `dynamodbav:"name"`
			}
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return err
			}
			_, num, _ := strings.Cut(it.PK, "#")
			id, err := strconv.ParseInt(num, 10, 64)
			if err != nil {
				return fmt.Errorf("audit names: key %q: %w", it.PK, err)
			}
			switch it.SK { // batchGet calls this one item at a time
			case skUser:
				n.Users[id] = strings.TrimSpace(it.First + " " + it.Last)
			case skMovie:
				n.Films[id] = it.Title
			case skCategory:
				n.Categories[id] = it.Name
			case skEvent:
				n.Events[id] = it.Name
			}
			return nil
		})
	if err != nil {
		return festival.AuditNames{}, fmt.Errorf("audit names: %w", err)
	}
	return n, nil
}
