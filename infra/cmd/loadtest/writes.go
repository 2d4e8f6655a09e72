package main

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	streamtypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/procstat"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
)

// The writes mode (make loadtest LOAD_FLAGS=-writes): what each kind of
// DynamoDB request, and each item of a write's transaction, costs DynamoDB
// Local. One client sends each request n times in a row, so the CPU
// DynamoDB Local spends meanwhile is that request's; the background jobs
// are held off (their ledger appender would otherwise link the pending
// entries the writes leave, on the writes' bill) and measured on their own.
// The items written are copies of the ones the store writes (a film, an
// audit entry with its two GSIs, an outbox message, a ledger pending entry,
// the public list's version), read back from the table after one real status
// change, with fresh keys.

// writeRow is one measured request: DynamoDB Local CPU, DynamoDB requests
// and wall time, per call.
type writeRow struct {
	Name                string
	DBms, Calls, WallMs float64
	Errors              int
}

// samples are the items of each kind, as the store wrote them.
type samples struct {
	film, audit, message, ledger, user map[string]types.AttributeValue
	filmVersion                        int64
	bump                               *types.Update
}

// writeBench is the stack, a table and the items the benchmark writes.
type writeBench struct {
	stack
	table string
	s     samples
	seq   int
}

// writeRounds is how many times each row is measured (after one round
// that warms DynamoDB Local's JIT up); the table shows the median.
const writeRounds = 3

func runWrites(n int, stream bool) error {
	ctx := context.Background()
	st, stop, err := startStackWith(ctx, func(o *localserver.Options) { o.JobsEvery = time.Hour })
	if err != nil {
		return err
	}
	defer stop()
	wb := &writeBench{stack: st, table: st.srv.Deps.Store.Table()}
	fx, err := wb.seedWrites(ctx, n*(writeRounds+1))
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	fmt.Printf("One client, %d calls per row, median of %d rounds after a warm-up round; background jobs held off. Film item %d bytes.\n\n",
		n, writeRounds, itemSize(wb.s.film))
	fmt.Println("| Request | DynamoDB Local CPU ms/call | DynamoDB requests/call | wall ms/call | errors |")
	fmt.Println("|---|---|---|---|---|")
	if err := wb.measureRows(append(wb.rawRows(), fx.storeRows(wb)...), n); err != nil {
		return err
	}
	if err := wb.measureAppender(ctx); err != nil {
		return err
	}
	if stream {
		return wb.measureStream(ctx, n)
	}
	return nil
}

// measureRows measures each row in writeRounds interleaved rounds after a
// warm-up round, and prints the medians.
func (wb *writeBench) measureRows(rows []namedCall, n int) error {
	measured := make([][]writeRow, len(rows))
	for round := range writeRounds + 1 {
		for k, r := range rows {
			row, err := wb.measureWrite(r.name, n, round*n, r.call)
			if err != nil {
				return err
			}
			if round > 0 {
				measured[k] = append(measured[k], row)
			}
		}
	}
	for k, r := range rows {
		m := medianRow(measured[k])
		fmt.Printf("| %s | %.2f | %.1f | %.2f | %d |\n", r.name, m.DBms, m.Calls, m.WallMs, m.Errors)
	}
	return nil
}

// medianRow is the median of each measure of a row's rounds, and the errors
// of all of them.
func medianRow(rows []writeRow) writeRow {
	med := func(f func(writeRow) float64) float64 {
		xs := make([]float64, len(rows))
		for i, r := range rows {
			xs[i] = f(r)
		}
		sort.Float64s(xs)
		return xs[len(xs)/2]
	}
	out := writeRow{DBms: med(func(r writeRow) float64 { return r.DBms }), Calls: med(func(r writeRow) float64 { return r.Calls }),
		WallMs: med(func(r writeRow) float64 { return r.WallMs })}
	for _, r := range rows {
		out.Errors += r.Errors
	}
	return out
}

// namedCall is one row's call; i counts the row's calls from 0 across rounds.
type namedCall struct {
	name string
	call func(ctx context.Context, i int) error
}

// measureWrite makes n calls in a row (numbered from first) and reads what
// DynamoDB Local spent.
func (wb *writeBench) measureWrite(name string, n, first int, call func(context.Context, int) error) (writeRow, error) {
	ctx := context.Background()
	before, err := procstat.CPUTime(wb.ddb.Pid())
	if err != nil {
		return writeRow{}, err
	}
	wb.db.Take()
	start := time.Now()
	row := writeRow{Name: name}
	for i := range n {
		if err := call(ctx, first+i); err != nil {
			if row.Errors == 0 {
				fmt.Printf("<!-- %s: %v -->\n", name, err)
			}
			row.Errors++
		}
	}
	wall := time.Since(start)
	after, _ := procstat.CPUTime(wb.ddb.Pid())
	row.DBms = float64((after - before).Microseconds()) / 1000 / float64(n)
	row.Calls = float64(calls(wb.db)) / float64(n)
	row.WallMs = float64(wall.Microseconds()) / 1000 / float64(n)
	return row, nil
}

// itemSize is roughly an item's size as DynamoDB counts it (names and values).
func itemSize(item map[string]types.AttributeValue) int {
	size := 0
	for k, v := range item {
		size += len(k) + len(fmt.Sprint(v))
	}
	return size
}

// fresh copies an item with its key attributes (and their GSI sort keys)
// made unique by a per-benchmark sequence.
func (wb *writeBench) fresh(item map[string]types.AttributeValue, attrs ...string) map[string]types.AttributeValue {
	wb.seq++
	out := maps.Clone(item)
	for _, a := range attrs {
		if s, ok := item[a].(*types.AttributeValueMemberS); ok {
			out[a] = &types.AttributeValueMemberS{Value: s.Value + "~b" + strconv.Itoa(wb.seq)}
		}
	}
	return out
}

// measureAppender links every pending ledger entry the rows left (one run
// of the background job's appender) and prints its cost per entry.
func (wb *writeBench) measureAppender(ctx context.Context) error {
	before, _ := procstat.CPUTime(wb.ddb.Pid())
	wb.db.Take()
	start := time.Now()
	linked, err := wb.srv.Deps.Store.AppendLedger(ctx)
	if err != nil {
		return err
	}
	wall := time.Since(start)
	after, _ := procstat.CPUTime(wb.ddb.Pid())
	n := float64(max(linked, 1))
	fmt.Printf("| ledger appender (background job), per pending entry linked (%d) | %.2f | %.1f | %.2f | 0 |\n", linked,
		float64((after-before).Microseconds())/1000/n, float64(calls(wb.db))/n, float64(wall.Microseconds())/1000/n)
	return nil
}

func (wb *writeBench) auditPut() types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{TableName: &wb.table,
		Item: wb.fresh(wb.s.audit, "SK", "GSI1SK", "GSI2SK", "id_audit")}}
}

func (wb *writeBench) messagePut() types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{TableName: &wb.table,
		Item:                wb.fresh(wb.s.message, "PK", "GSI1SK", "id_message"),
		ConditionExpression: aws.String("attribute_not_exists(PK)")}}
}

func (wb *writeBench) ledgerPut() types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{TableName: &wb.table, Item: wb.fresh(wb.s.ledger, "PK", "GSI1SK")}}
}

func (wb *writeBench) bumpOp() types.TransactWriteItem {
	return types.TransactWriteItem{Update: wb.s.bump}
}

// filmPut is the versioned Put of the sample film (the next version).
func (wb *writeBench) filmPut() types.TransactWriteItem {
	item := maps.Clone(wb.s.film)
	v := wb.s.filmVersion
	wb.s.filmVersion++
	item["version"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(v+1, 10)}
	return types.TransactWriteItem{Put: &types.Put{TableName: &wb.table, Item: item,
		ConditionExpression:       aws.String("#v = :v"),
		ExpressionAttributeNames:  map[string]string{"#v": "version"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}}}}
}

// userCheck is a ConditionCheck on a user item (a vote's assignment check).
func (wb *writeBench) userCheck() types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{TableName: &wb.table,
		Key: map[string]types.AttributeValue{"PK": wb.s.user["PK"], "SK": wb.s.user["SK"]}, ConditionExpression: aws.String("attribute_exists(PK)")}}
}

func (wb *writeBench) tx(ctx context.Context, ops ...types.TransactWriteItem) error {
	_, err := wb.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: ops})
	return err
}

// rawRows are the single requests and the transactions of 1 to 6 items.
func (wb *writeBench) rawRows() []namedCall {
	filmKey := map[string]types.AttributeValue{"PK": wb.s.film["PK"], "SK": wb.s.film["SK"]}
	userKey := map[string]types.AttributeValue{"PK": wb.s.user["PK"], "SK": wb.s.user["SK"]}
	grow := []struct {
		name string
		op   func() types.TransactWriteItem
	}{
		{"film Put", wb.filmPut}, {"+ audit Put", wb.auditPut}, {"+ list version Update", wb.bumpOp},
		{"+ ledger pending Put", wb.ledgerPut}, {"+ outbox message Put", wb.messagePut}, {"+ ConditionCheck", wb.userCheck},
	}
	rows := []namedCall{
		{"GetItem (film)", func(ctx context.Context, _ int) error {
			_, err := wb.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &wb.table, Key: filmKey, ConsistentRead: aws.Bool(true)})
			return err
		}},
		{"BatchGetItem of 2 (film, user)", func(ctx context.Context, _ int) error {
			_, err := wb.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
				wb.table: {Keys: []map[string]types.AttributeValue{filmKey, userKey}, ConsistentRead: aws.Bool(true)}}})
			return err
		}},
		{"PutItem (film, versioned)", func(ctx context.Context, _ int) error {
			p := wb.filmPut().Put
			_, err := wb.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: p.TableName, Item: p.Item, ConditionExpression: p.ConditionExpression,
				ExpressionAttributeNames: p.ExpressionAttributeNames, ExpressionAttributeValues: p.ExpressionAttributeValues})
			return err
		}},
		{"PutItem (audit entry, 2 GSIs)", func(ctx context.Context, _ int) error {
			_, err := wb.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &wb.table, Item: wb.auditPut().Put.Item})
			return err
		}},
		{"UpdateItem (list version)", func(ctx context.Context, _ int) error {
			u := wb.s.bump
			_, err := wb.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
				ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues})
			return err
		}},
		{"TransactWriteItems: audit Put alone", func(ctx context.Context, _ int) error { return wb.tx(ctx, wb.auditPut()) }},
		{"TransactWriteItems: outbox message Put alone", func(ctx context.Context, _ int) error { return wb.tx(ctx, wb.messagePut()) }},
		{"TransactWriteItems: ledger pending Put alone", func(ctx context.Context, _ int) error { return wb.tx(ctx, wb.ledgerPut()) }},
		{"TransactWriteItems: list version Update alone", func(ctx context.Context, _ int) error { return wb.tx(ctx, wb.bumpOp()) }},
		{"TransactWriteItems: outbox message Put alone, without its condition", func(ctx context.Context, _ int) error {
			op := wb.messagePut()
			op.Put.ConditionExpression = nil
			return wb.tx(ctx, op)
		}},
		{"TransactWriteItems of 2: film Put + list version Update", func(ctx context.Context, _ int) error {
			return wb.tx(ctx, wb.filmPut(), wb.bumpOp())
		}},
		{"PutItem (ledger pending entry)", func(ctx context.Context, _ int) error {
			_, err := wb.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &wb.table, Item: wb.ledgerPut().Put.Item})
			return err
		}},
		{"PutItem (outbox message, conditional)", func(ctx context.Context, _ int) error {
			p := wb.messagePut().Put
			_, err := wb.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &wb.table, Item: p.Item, ConditionExpression: p.ConditionExpression})
			return err
		}},
		{"BatchWriteItem of 3 (audit, ledger pending, outbox message; 1 request, not counted)", func(ctx context.Context, _ int) error {
			bw, ok := wb.db.DB.(interface {
				BatchWriteItem(context.Context, *dynamodb.BatchWriteItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
			})
			if !ok {
				return fmt.Errorf("the client cannot BatchWriteItem")
			}
			var reqs []types.WriteRequest
			for _, op := range []types.TransactWriteItem{wb.auditPut(), wb.ledgerPut(), wb.messagePut()} {
				reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: op.Put.Item}})
			}
			_, err := bw.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{wb.table: reqs}})
			return err
		}},
	}
	var names []string
	for k := range grow {
		names = append(names, grow[k].name)
		rows = append(rows, namedCall{fmt.Sprintf("TransactWriteItems of %d: %s", k+1, strings.Join(names, " ")), func(ctx context.Context, _ int) error {
			ops := make([]types.TransactWriteItem, 0, k+1)
			for _, g := range grow[:k+1] {
				ops = append(ops, g.op())
			}
			return wb.tx(ctx, ops...)
		}})
	}
	return rows
}

// writeFixture is what the seed made for the rows of real writes.
type writeFixture struct {
	admin      string   // token
	juryTokens []string // assigned to every film of votable
	changed    int64    // the film the status changes write
	raw        int64    // the film the raw Puts write
	votable    []int64
}

// seedWrites makes the accounts and films, makes one real status change
// that writes every kind of item, and reads those items back as samples.
func (wb *writeBench) seedWrites(ctx context.Context, n int) (writeFixture, error) {
	srv, store := wb.srv, wb.srv.Deps.Store
	var fx writeFixture
	if err := srv.Unthrottle(ctx); err != nil {
		return fx, err
	}
	adminID, admin, err := register(srv.URL, "ADMIN", 0)
	if err != nil {
		return fx, err
	}
	fx.admin = admin
	prodID, _, err := register(srv.URL, "PRODUCER", 0)
	if err != nil {
		return fx, err
	}
	var jurors []int64
	for i := range 10 {
		id, tok, err := register(srv.URL, "JURY", i)
		if err != nil {
			return fx, err
		}
		jurors, fx.juryTokens = append(jurors, id), append(fx.juryTokens, tok)
	}
	// A synopsis that makes the film item about 3 KB, as a real entry's is.
	syn := strings.Repeat("Un synopsis de festival, assez long pour peser. ", 50)
	films := 2 + (n+9)/10
	for i := range films {
		id, err := store.NewMovieID(ctx)
		if err != nil {
			return fx, err
		}
		now := festival.NewTime(time.Now())
		m := festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", i+1), Synopsis: &syn, OwnerID: prodID,
			Producer: &festival.Producer{ID: prodID, FirstName: "P", LastName: "N"}, SelectionStatus: festival.StatusSubmitted,
			CreatedAt: now, UpdatedAt: now}
		if err := store.CreateMovie(ctx, m, festival.Admission{}); err != nil {
			return fx, err
		}
		switch {
		case i == 0:
			fx.changed = id
		case i == 1:
			fx.raw = id
		default:
			fx.votable = append(fx.votable, id)
			if err := call(srv.URL, "PUT", fmt.Sprintf("/movies/%d/juries", id), admin, fmt.Sprintf(`{"juries":%s}`, ids(jurors)), nil); err != nil {
				return fx, err
			}
		}
	}
	actor := festival.Actor{ID: adminID, Role: festival.RoleAdmin}
	if _, err := store.ChangeMovie(ctx, fx.changed, &festival.AuditInfo{Actor: actor, Action: "movie.status"}, festival.SetStatus(festival.StatusSelected)); err != nil {
		return fx, err
	}
	return fx, wb.readSamples(ctx, fx.raw, jurors[0])
}

// readSamples reads back one item of each kind the status change wrote,
// and film, which the raw film Puts then write.
func (wb *writeBench) readSamples(ctx context.Context, film, user int64) error {
	get := func(pk, sk string) (map[string]types.AttributeValue, error) {
		out, err := wb.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &wb.table, ConsistentRead: aws.Bool(true),
			Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}})
		if err == nil && out.Item == nil {
			err = fmt.Errorf("no item %s %s", pk, sk)
		}
		if err != nil {
			return nil, err
		}
		return out.Item, nil
	}
	newest := func(queue string) (map[string]types.AttributeValue, error) {
		out, err := wb.db.Query(ctx, &dynamodb.QueryInput{TableName: &wb.table, IndexName: aws.String("GSI1"),
			KeyConditionExpression:    aws.String("GSI1PK = :q"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":q": &types.AttributeValueMemberS{Value: queue}},
			ScanIndexForward:          aws.Bool(false), Limit: aws.Int32(1)})
		if err == nil && len(out.Items) == 0 {
			err = fmt.Errorf("nothing in %s", queue)
		}
		if err != nil {
			return nil, err
		}
		return out.Items[0], nil
	}
	var err error
	if wb.s.film, err = get(fmt.Sprintf("MOVIE#%d", film), "MOVIE"); err != nil {
		return err
	}
	if wb.s.user, err = get(fmt.Sprintf("USER#%d", user), "USER"); err != nil {
		return err
	}
	v, _ := wb.s.film["version"].(*types.AttributeValueMemberN)
	if v == nil {
		return fmt.Errorf("film item without a version")
	}
	wb.s.filmVersion, _ = strconv.ParseInt(v.Value, 10, 64)
	if wb.s.audit, err = newest("AUDIT"); err != nil {
		return err
	}
	if wb.s.ledger, err = newest("LEDGERQ"); err != nil {
		return err
	}
	if wb.s.message, err = newest("MESSAGES#pending"); err != nil {
		return err
	}
	wb.s.bump = &types.Update{TableName: &wb.table,
		Key:                       map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "LISTVERSION#movies"}, "SK": &types.AttributeValueMemberS{Value: "LISTVERSION"}},
		UpdateExpression:          aws.String("ADD version :one SET #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#t": "type"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}, ":type": &types.AttributeValueMemberS{Value: "LISTVERSION"}}}
	return nil
}

// storeRows are the real writes, through the API as a client sends them
// (so their reads are counted too), and the ledger appender's links.
func (fx writeFixture) storeRows(wb *writeBench) []namedCall {
	statuses := []string{"selected", "refused"}
	return []namedCall{
		{"PUT /movies/:id/status, same status again (what make loadtest sends)", func(_ context.Context, _ int) error {
			return call(wb.srv.URL, "PUT", fmt.Sprintf("/movies/%d/status", fx.changed), fx.admin, `{"status":"selected"}`, nil)
		}},
		{"PUT /movies/:id/status, a real change (selected/refused in turn)", func(_ context.Context, i int) error {
			return call(wb.srv.URL, "PUT", fmt.Sprintf("/movies/%d/status", fx.changed), fx.admin, fmt.Sprintf(`{"status":%q}`, statuses[(i+1)%2]), nil)
		}},
		{"POST /votes/mine/:id, a first vote", func(_ context.Context, i int) error {
			return call(wb.srv.URL, "POST", fmt.Sprintf("/votes/mine/%d", fx.votable[i/10]), fx.juryTokens[i%10], `{"score":7}`, nil)
		}},
	}
}

// measureStream enables a stream (NEW_AND_OLD_IMAGES) on the table, as
// taking the trail out of the write would need, and measures what the
// writes that would remain, and those a consumer would make, cost then,
// and what reading the stream costs per record.
func (wb *writeBench) measureStream(ctx context.Context, n int) error {
	client := dynamolocal.Client(wb.ddb.Endpoint)
	out, err := client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: &wb.table,
		StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewAndOldImages}})
	if err != nil {
		return fmt.Errorf("enable the stream: %w", err)
	}
	arn := aws.ToString(out.TableDescription.LatestStreamArn)
	rows := []namedCall{
		{"stream on: TransactWriteItems of 5 (a status change's, as now)", func(ctx context.Context, _ int) error {
			return wb.tx(ctx, wb.filmPut(), wb.auditPut(), wb.bumpOp(), wb.ledgerPut(), wb.messagePut())
		}},
		{"stream on: TransactWriteItems of 2: film Put + list version Update (what would remain)", func(ctx context.Context, _ int) error {
			return wb.tx(ctx, wb.filmPut(), wb.bumpOp())
		}},
		{"stream on: PutItem (audit entry, conditional: what a consumer writes per change, x3)", func(ctx context.Context, _ int) error {
			p := wb.auditPut().Put
			_, err := wb.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &wb.table, Item: p.Item, ConditionExpression: aws.String("attribute_not_exists(PK)")})
			return err
		}},
	}
	fmt.Printf("\nWith a stream (NEW_AND_OLD_IMAGES) on the table; %d calls per row, median of %d rounds after a warm-up round.\n\n", n, writeRounds)
	fmt.Println("| Request | DynamoDB Local CPU ms/call | DynamoDB requests/call | wall ms/call | errors |")
	fmt.Println("|---|---|---|---|---|")
	if err := wb.measureRows(rows, n); err != nil {
		return err
	}
	return wb.measureStreamReads(ctx, arn)
}

// measureStreamReads reads every record of the stream once, as a consumer
// polling it does, and prints the cost per record.
func (wb *writeBench) measureStreamReads(ctx context.Context, arn string) error {
	streams := dynamodbstreams.NewFromConfig(aws.Config{Region: "us-east-1",
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", "")}, func(o *dynamodbstreams.Options) {
		o.BaseEndpoint = aws.String(wb.ddb.Endpoint)
	})
	before, _ := procstat.CPUTime(wb.ddb.Pid())
	start := time.Now()
	records, requests := 0, 0
	desc, err := streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &arn})
	if err != nil {
		return fmt.Errorf("describe stream: %w", err)
	}
	requests++
	for _, sh := range desc.StreamDescription.Shards {
		it, err := streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: &arn, ShardId: sh.ShardId,
			ShardIteratorType: streamtypes.ShardIteratorTypeTrimHorizon})
		if err != nil {
			return fmt.Errorf("shard iterator: %w", err)
		}
		requests++
		iter := it.ShardIterator
		for iter != nil {
			got, err := streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: iter, Limit: aws.Int32(1000)})
			if err != nil {
				return fmt.Errorf("get records: %w", err)
			}
			requests++
			records += len(got.Records)
			if len(got.Records) == 0 {
				break
			}
			iter = got.NextShardIterator
		}
	}
	after, _ := procstat.CPUTime(wb.ddb.Pid())
	r := float64(max(records, 1))
	fmt.Printf("| stream read (DescribeStream, GetShardIterator, GetRecords of up to 1,000), per record (%d records) | %.2f | %.3f | %.3f | 0 |\n",
		records, float64((after-before).Microseconds())/1000/r, float64(requests)/r, float64(time.Since(start).Microseconds())/1000/r)
	return nil
}
