package dynamo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Starting the next edition, in steps that are each safe to do again, so
// that a start that fails part-way leaves the old edition current and a
// retry (the same POST /editions) finishes it:
//
//  1. EDITIONS records the start (`next`: what was asked, the categories'
//     new ids, drawn once), conditional on its version;
//  2. the settings partition (SETTINGS, FORM, TEMPLATE#) is copied to
//     SETTINGS#<old> for the archived edition;
//  3. each category is copied under its new id, with its name marker under
//     the new edition (conditional: a copy made is skipped);
//  4. jurors keep their categories moved to the copies, or lose them and
//     their conflicts (copy_jury false);
//  5. the switch, one transaction and the last write: SETTINGS with the
//     next edition's settings and `edition`, FORM with its questions moved,
//     EDITIONS with the old edition archived and the new one current, the
//     audit entry; conditional on the versions read.

// StartEdition starts the next edition and returns it, current.
func (s *Settings) StartEdition(ctx context.Context, actor festival.Actor, n festival.NextEdition) (festival.Edition, error) {
	eds, found, err := s.readEditions(ctx)
	if err != nil {
		return festival.Edition{}, err
	}
	if eds.Next == nil || eds.Next.ID != string(n.ID) {
		if eds.Next != nil {
			return festival.Edition{}, festival.ErrEditionStarting
		}
		if err := festival.CheckNextEdition(n, eds.list().Editions); err != nil {
			return festival.Edition{}, err
		}
		if eds, err = s.recordStart(ctx, eds, found, n); err != nil {
			return festival.Edition{}, err
		}
	}
	p := *eds.Next
	if err := s.archiveSettings(ctx, festival.EditionID(p.From)); err != nil {
		return festival.Edition{}, err
	}
	if err := s.copyCategories(ctx, p); err != nil {
		return festival.Edition{}, err
	}
	if err := s.moveJury(ctx, p); err != nil {
		return festival.Edition{}, err
	}
	return s.switchEdition(ctx, actor, eds)
}

// recordStart draws the categories' new ids and records the start in
// EDITIONS (step 1).
func (s *Settings) recordStart(ctx context.Context, eds editionsItem, found bool, n festival.NextEdition) (editionsItem, error) {
	cats, err := s.editionCategories(ctx, festival.EditionID(eds.Current))
	if err != nil {
		return eds, err
	}
	p := &pendingEdition{ID: string(n.ID), Name: n.Name, CopyJury: n.CopyJury, From: eds.Current, Categories: map[string]int64{}}
	if p.Name == "" {
		p.Name = p.ID
	}
	if len(cats) > 0 {
		ids, err := s.nextIDs(ctx, counterCategories, len(cats))
		if err != nil {
			return eds, err
		}
		for i, c := range cats {
			p.Categories[strconv.FormatInt(c.ID, 10)] = ids[i]
		}
	}
	next := eds
	next.Next, next.Version = p, eds.Version+1
	item, err := attributevalue.MarshalMap(next)
	if err != nil {
		return eds, err
	}
	item[attrPK], item[attrSK], item[attrType] = str(editionsPK), str(skEditions), str(typeEditions)
	put := &dynamodb.PutItemInput{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}
	if found {
		put.ConditionExpression = aws.String("#v = :v AND attribute_not_exists(#n)")
		put.ExpressionAttributeNames = map[string]string{"#v": "version", "#n": "next"}
		put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": num(eds.Version)}
	}
	_, err = s.db.PutItem(ctx, put)
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return eds, festival.ErrConflict
	}
	if err != nil {
		return eds, fmt.Errorf("record the start of edition %s: %w", n.ID, err)
	}
	return next, nil
}

// editionCategories are the categories of edition ed, not being deleted.
func (s *Settings) editionCategories(ctx context.Context, ed festival.EditionID) ([]categoryItem, error) {
	items, err := s.queryAll(ctx, s.gsi1Query(edCategoriesGSI1PK(ed)))
	if err != nil {
		return nil, fmt.Errorf("list the categories of edition %s: %w", ed, err)
	}
	var out []categoryItem
	for _, item := range items {
		var it categoryItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		if !it.Deleting {
			out = append(out, it)
		}
	}
	return out, nil
}

// archiveSettings copies the settings partition to the archived edition's
// (step 2): a copy made again holds the same.
func (s *Settings) archiveSettings(ctx context.Context, old festival.EditionID) error {
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("PK = :pk"), ConsistentRead: aws.Bool(true),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(settingsPK)},
	})
	if err != nil {
		return fmt.Errorf("read the settings to archive: %w", err)
	}
	for _, item := range items {
		cp := maps.Clone(item)
		cp[attrPK], cp[attrEdition] = str(archivedSettingsPK(old)), str(string(old))
		if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: cp}); err != nil {
			return fmt.Errorf("archive %s: %w", stringAttr(item, attrSK), err)
		}
	}
	return nil
}

// copyCategories copies each category under its new id (step 3).
func (s *Settings) copyCategories(ctx context.Context, p pendingEdition) error {
	ids := p.ids()
	olds := make([]int64, 0, len(ids))
	for old := range ids {
		olds = append(olds, old)
	}
	cats, _, err := batchGetByID(ctx, s.core, olds, func(id int64) map[string]types.AttributeValue { return key(categoryPK(id), skCategory) },
		"", nil, func(item map[string]types.AttributeValue) (categoryItem, int64, error) {
			var it categoryItem
			err := attributevalue.UnmarshalMap(item, &it)
			return it, it.ID, err
		})
	if err != nil {
		return fmt.Errorf("read the categories to copy: %w", err)
	}
	ed := festival.EditionID(p.ID)
	now := festival.NewTime(s.now()).String()
	for _, c := range cats {
		id := ids[c.ID]
		item, err := attributevalue.MarshalMap(categoryItem{
			PK: categoryPK(id), SK: skCategory, GSI1PK: edCategoriesGSI1PK(ed), GSI1SK: categoryGSI1SK(id), Type: typeCategory,
			ID: id, Name: c.Name, CreatedAt: now, UpdatedAt: now,
		})
		if err != nil {
			return err
		}
		item[attrEdition] = str(p.ID)
		marker, err := attributevalue.MarshalMap(nameMarker{PK: edCategoryNamePK(ed, festival.NameKey(c.Name)), SK: typeCategoryName, Type: typeCategoryName, ID: id})
		if err != nil {
			return err
		}
		marker[attrEdition] = str(p.ID)
		err = s.transact(ctx, []types.TransactWriteItem{
			{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
			{Put: &types.Put{TableName: &s.table, Item: marker, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		})
		if err != nil && !conditionFailedAt(err, 0) && !conditionFailedAt(err, 1) {
			return fmt.Errorf("copy category %d to %d: %w", c.ID, id, err)
		}
	}
	return nil
}

// moveJury moves the jurors' categories to the copies, or clears them
// with their conflicts (step 4).
func (s *Settings) moveJury(ctx context.Context, p pendingEdition) error {
	users := &Users{s.core}
	jurors, err := users.Jurors(ctx)
	if err != nil {
		return err
	}
	ids := p.ids()
	for _, j := range jurors {
		cats, conflicts := festival.NextJuryCategories(j.JuryCategories, ids), j.JuryConflicts
		if !p.CopyJury {
			cats, conflicts = nil, nil
		}
		if fmt.Sprint(cats) == fmt.Sprint(j.JuryCategories) && len(conflicts) == len(j.JuryConflicts) {
			continue
		}
		_, err := users.UpdateUser(ctx, j.ID, func(u *festival.User) error {
			u.JuryCategories, u.JuryConflicts = cats, conflicts
			if p.CopyJury {
				u.JuryCategories = festival.NextJuryCategories(u.JuryCategories, ids)
			}
			return nil
		})
		if err != nil && !errors.Is(err, festival.ErrNotFound) {
			return fmt.Errorf("move juror %d to edition %s: %w", j.ID, p.ID, err)
		}
	}
	return nil
}

// switchEdition makes the next edition current (step 5): the one write
// that changes which edition the routes address, all or nothing.
func (s *Settings) switchEdition(ctx context.Context, actor festival.Actor, eds editionsItem) (festival.Edition, error) {
	p := *eds.Next
	var r settingsRead
	var settingsEd string
	err := s.batchGet(ctx, settingsKeys(), "", nil, func(item map[string]types.AttributeValue) error {
		if stringAttr(item, attrSK) == settingsSK {
			settingsEd = stringAttr(item, attrEdition)
		}
		_, err := r.take(item)
		return err
	})
	if err != nil {
		return festival.Edition{}, fmt.Errorf("read the settings to carry over: %w", err)
	}
	if settingsEd != "" && settingsEd != p.From {
		return festival.Edition{}, festival.ErrConflict
	}
	now := festival.NewTime(s.now())
	next := r.settings().ForNextEdition(p.ids())
	next.UpdatedAt = now
	settings, err := attributevalue.MarshalMap(toSettingsItem(next, r.version+1))
	if err != nil {
		return festival.Edition{}, err
	}
	settings[attrEdition] = str(p.ID)
	ops := []types.TransactWriteItem{{Put: versionedPut(s.table, settings, r.version)}}
	if r.formVersion > 0 {
		form, err := attributevalue.MarshalMap(toFormItem(next.Form, r.formVersion+1))
		if err != nil {
			return festival.Edition{}, err
		}
		ops = append(ops, types.TransactWriteItem{Put: versionedPut(s.table, form, r.formVersion)})
	}
	out := eds
	out.Next, out.Current, out.Version = nil, p.ID, eds.Version+1
	out.Editions = nil
	for _, e := range eds.Editions {
		if e.State == string(festival.EditionCurrent) {
			e.State, e.ArchivedAt = string(festival.EditionArchived), now.String()
		}
		out.Editions = append(out.Editions, e)
	}
	started := editionEntry{ID: p.ID, Name: p.Name, State: string(festival.EditionCurrent), StartedAt: now.String()}
	out.Editions = append(out.Editions, started)
	list, err := attributevalue.MarshalMap(out)
	if err != nil {
		return festival.Edition{}, err
	}
	list[attrPK], list[attrSK], list[attrType] = str(editionsPK), str(skEditions), str(typeEditions)
	ops = append(ops, types.TransactWriteItem{Put: versionedPut(s.table, list, eds.Version)},
		s.auditOp(actor, "edition.start", "edition:"+p.ID, map[string]string{
			"from": p.From, "name": p.Name, "copy_jury": strconv.FormatBool(p.CopyJury), "categories": strconv.Itoa(len(p.Categories)),
		}),
		types.TransactWriteItem{Update: s.listBump(listMovies, nil)}, types.TransactWriteItem{Update: s.listBump(listCategories, nil)})
	err = s.transact(ctx, ops)
	if cancelReasons(err) != nil {
		return festival.Edition{}, festival.ErrConflict
	}
	if err != nil {
		return festival.Edition{}, fmt.Errorf("switch to edition %s: %w", p.ID, err)
	}
	s.noteCurrentEdition(festival.EditionID(p.ID)) // this instance's next request addresses it already
	return started.edition(), nil
}

// versionedPut puts item on condition that its stored version is v (or,
// for 0, that there is none).
func versionedPut(table string, item map[string]types.AttributeValue, v int64) *types.Put {
	put := &types.Put{TableName: &table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}
	if v > 0 {
		put.ConditionExpression = aws.String("#v = :v")
		put.ExpressionAttributeNames = map[string]string{"#v": "version"}
		put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": num(v)}
	}
	return put
}
