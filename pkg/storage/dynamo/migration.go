package dynamo

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The migration to editions (infra/cmd/migrate-editions) turns a table
// written before editions into one edition: every item of an edition-scoped
// type is rewritten to the key shapes of keys.go ("Editions"), SETTINGS
// names the edition, EDITIONS lists it. It scans the whole table (the one
// Scan of the product, run by an operator, never by a request), page by
// page, in parallel segments, and records after each page where each
// segment got to (MIGRATION#editions/MIGRATION), so that a run killed
// part-way continues where it stopped. Each rewrite is conditional on the
// item not being migrated yet (no `edition` attribute): a page done twice
// (killed between its writes and its progress) changes nothing the second
// time. A finished migration is one GetItem.

// MigrationDB is the part of the DynamoDB API the migration uses: the
// store's and Scan.
type MigrationDB interface {
	DB
	Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// MigrationOptions set a run of the migration.
type MigrationOptions struct {
	Edition festival.EditionID // the edition the records join (festival.FirstEdition when empty)
	Name    string             // its name (the id when empty)
	// Segments are the parallel parts of the Scan (4 when 0). A migration
	// keeps the number it started with.
	Segments int
	// PageSize is the items of one Scan page (200 when 0).
	PageSize int32
	// Workers write the items of a page in parallel (16 when 0).
	Workers int
	// StopAfter, when positive, stops each segment after that many pages,
	// its progress recorded, as a run killed there would: the next run
	// continues (tests; an operator migrating in steps).
	StopAfter int
}

// MigrationReport says what a run did.
type MigrationReport struct {
	Edition  festival.EditionID
	Done     bool // the migration is finished (this run or an earlier one)
	Already  bool // it was finished before this run: nothing was read but the progress
	Pages    int  // Scan pages read by this run
	Scanned  int  // items read
	Migrated int  // items rewritten
	Skipped  int  // items already migrated (a page done again)
}

// Migration migrates one table.
type Migration struct {
	db    MigrationDB
	table string
	now   func() time.Time
	opts  MigrationOptions
}

// NewMigration returns the migration of table with opts.
func NewMigration(db MigrationDB, table string, now func() time.Time, opts MigrationOptions) (*Migration, error) {
	if now == nil {
		now = time.Now
	}
	if opts.Edition == "" {
		opts.Edition = festival.FirstEdition
	}
	if !festival.ValidEditionID(string(opts.Edition)) {
		return nil, fmt.Errorf("edition %q: 1 to 16 letters, digits or '-'", opts.Edition)
	}
	if opts.Name == "" {
		opts.Name = string(opts.Edition)
	}
	if opts.Segments <= 0 {
		opts.Segments = 4
	}
	if opts.PageSize <= 0 {
		opts.PageSize = 200
	}
	if opts.Workers <= 0 {
		opts.Workers = 16
	}
	return &Migration{db: db, table: table, now: now, opts: opts}, nil
}

// Run migrates the table, or continues a migration that stopped.
func (m *Migration) Run(ctx context.Context) (MigrationReport, error) {
	rep := MigrationReport{Edition: m.opts.Edition}
	cursors, done, err := m.begin(ctx)
	if err != nil || done {
		rep.Done, rep.Already = done, done
		return rep, err
	}
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		firstErr error
		finished = true
	)
	for seg, start := range cursors {
		if start == nil { // this segment was done by an earlier run
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			srep, complete, err := m.segment(ctx, seg, start)
			mu.Lock()
			defer mu.Unlock()
			rep.Pages += srep.Pages
			rep.Scanned += srep.Scanned
			rep.Migrated += srep.Migrated
			rep.Skipped += srep.Skipped
			finished = finished && complete
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}()
	}
	wg.Wait()
	if firstErr != nil || !finished {
		return rep, firstErr
	}
	if err := m.finish(ctx); err != nil {
		return rep, err
	}
	rep.Done = true
	return rep, nil
}

// segment scans one segment from start, migrating each page's items and
// then recording the page's last key; complete is false when it stopped
// before the end (StopAfter).
func (m *Migration) segment(ctx context.Context, seg int, start map[string]types.AttributeValue) (MigrationReport, bool, error) {
	var rep MigrationReport
	if len(start) == 0 {
		start = nil
	}
	for {
		if m.opts.StopAfter > 0 && rep.Pages >= m.opts.StopAfter {
			return rep, false, nil
		}
		out, err := m.db.Scan(ctx, &dynamodb.ScanInput{
			TableName: &m.table, Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(int32(m.opts.Segments)),
			Limit: aws.Int32(m.opts.PageSize), ExclusiveStartKey: start, ConsistentRead: aws.Bool(true),
		})
		if err != nil {
			return rep, false, fmt.Errorf("scan segment %d: %w", seg, err)
		}
		rep.Pages++
		rep.Scanned += len(out.Items)
		migrated, skipped, err := m.page(ctx, out.Items)
		rep.Migrated += migrated
		rep.Skipped += skipped
		if err != nil {
			return rep, false, err
		}
		var cursor types.AttributeValue = str(cursorDone)
		if out.LastEvaluatedKey != nil {
			cursor = &types.AttributeValueMemberM{Value: out.LastEvaluatedKey}
		}
		if err := m.saveCursor(ctx, seg, cursor); err != nil {
			return rep, false, err
		}
		if out.LastEvaluatedKey == nil {
			return rep, true, nil
		}
		start = out.LastEvaluatedKey
	}
}

// page migrates the items of one Scan page, Workers at a time: items
// rewritten in place go in batches (one transaction each), moves one by one.
func (m *Migration) page(ctx context.Context, items []map[string]types.AttributeValue) (migrated, skipped int, err error) {
	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		work    = make(chan []map[string]types.AttributeValue)
		batches [][]map[string]types.AttributeValue
		batch   []map[string]types.AttributeValue
	)
	for _, it := range items {
		pk, typ := stringAttr(it, attrPK), stringAttr(it, attrType)
		_, done := it[attrEdition]
		switch {
		case done || m.movedPK(pk, typ) != "" || m.inPlace(it, pk, typ) == nil:
			batches = append(batches, []map[string]types.AttributeValue{it})
		default:
			if batch = append(batch, it); len(batch) == inPlaceBatch {
				batches, batch = append(batches, batch), nil
			}
		}
	}
	if len(batch) > 0 {
		batches = append(batches, batch)
	}
	count := func(did []outcome, e error) {
		mu.Lock()
		defer mu.Unlock()
		if e != nil && err == nil {
			err = e
		}
		for _, d := range did {
			switch d {
			case rewritten:
				migrated++
			case alreadyDone:
				skipped++
			}
		}
	}
	for range min(m.opts.Workers, max(len(batches), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				if len(b) > 1 || m.inPlace(b[0], stringAttr(b[0], attrPK), stringAttr(b[0], attrType)) != nil && b[0][attrEdition] == nil {
					count(m.updates(ctx, b))
					continue
				}
				did, e := m.item(ctx, b[0])
				count([]outcome{did}, e)
			}
		}()
	}
	for _, b := range batches {
		work <- b
	}
	close(work)
	wg.Wait()
	return migrated, skipped, err
}

// finish names the edition in SETTINGS and EDITIONS, tells the instances
// that keep lists in memory to read them again, and marks the migration done.
func (m *Migration) finish(ctx context.Context) error {
	ed := string(m.opts.Edition)
	if err := m.settingsEdition(ctx); err != nil {
		return err
	}
	now := festival.NewTime(m.now())
	first := editionsItem{Current: ed, Version: 1, Editions: []editionEntry{{ID: ed, Name: m.opts.Name, State: string(festival.EditionCurrent), StartedAt: now.String()}}}
	if err := putEditionsIfAbsent(ctx, m.db, m.table, first); err != nil {
		return err
	}
	for _, k := range []listKind{listMovies, listCategories} {
		_, err := m.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &m.table, Key: key(listVersionPK(k), skListVersion),
			UpdateExpression:          aws.String("ADD version :one SET #t = :type"),
			ExpressionAttributeNames:  map[string]string{"#t": attrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":type": str(typeListVersion)},
		})
		if err != nil {
			return fmt.Errorf("bump the %s list: %w", k, err)
		}
	}
	_, err := m.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &m.table, Key: key(migrationPK, skMigration),
		UpdateExpression:          aws.String("SET #s = :done, finished_at = :at"),
		ExpressionAttributeNames:  map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":done": str(migrationDone), ":at": str(now.String())},
	})
	if err != nil {
		return fmt.Errorf("mark the migration done: %w", err)
	}
	return nil
}

// settingsEdition names the edition in SETTINGS. A table without settings
// (the defaults) is left so for the first edition, the current one of a
// table whose SETTINGS names none; another edition gets the default
// settings written, naming it.
func (m *Migration) settingsEdition(ctx context.Context) error {
	ed := str(string(m.opts.Edition))
	_, err := m.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &m.table, Key: key(settingsPK, settingsSK),
		UpdateExpression:          aws.String("SET #e = :ed"),
		ConditionExpression:       aws.String("attribute_exists(PK) AND (attribute_not_exists(#e) OR #e = :ed)"),
		ExpressionAttributeNames:  map[string]string{"#e": attrEdition},
		ExpressionAttributeValues: map[string]types.AttributeValue{":ed": ed},
	})
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		if err != nil {
			return fmt.Errorf("name the edition in the settings: %w", err)
		}
		return nil
	}
	cur, err := m.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &m.table, Key: key(settingsPK, settingsSK), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return fmt.Errorf("read the settings: %w", err)
	}
	if cur.Item != nil {
		return fmt.Errorf("the settings name edition %q, not %q", stringAttr(cur.Item, attrEdition), m.opts.Edition)
	}
	if m.opts.Edition == festival.FirstEdition {
		return nil
	}
	return seedSettingsOf(ctx, m.db, m.table, m.opts.Edition, m.now())
}
