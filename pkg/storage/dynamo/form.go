package dynamo

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The festival's own form (festival.EntryForm) is one item beside the
// settings, PK SETTINGS, SK FORM: its questions (L of M), updatedAt and a
// version that conditions its replacement. Every read of the settings reads
// it in the same request (settingsKeys), so Settings.Form is always there.
// Its largest form fits one item (TestTheLargestFormFitsOneItem).
type formItem struct {
	PK        string         `dynamodbav:"PK"`
	SK        string         `dynamodbav:"SK"`
	Type      string         `dynamodbav:"type"`
	Questions []questionItem `dynamodbav:"questions"`
	UpdatedAt string         `dynamodbav:"updatedAt"`
	Version   int64          `dynamodbav:"version"`
}

type questionItem struct {
	ID           string   `dynamodbav:"id"`
	Label        string   `dynamodbav:"label"`
	Help         string   `dynamodbav:"help,omitempty"`
	Kind         string   `dynamodbav:"kind"`
	Category     int64    `dynamodbav:"category,omitempty"`
	Required     bool     `dynamodbav:"required,omitempty"`
	RequiredFrom string   `dynamodbav:"required_from,omitempty"`
	FrozenFrom   string   `dynamodbav:"frozen_from,omitempty"`
	Visibility   string   `dynamodbav:"visibility"`
	Choices      []string `dynamodbav:"choices,omitempty"`
	Min          *number  `dynamodbav:"min,omitempty"`
	Max          *number  `dynamodbav:"max,omitempty"`
}

func toFormItem(f festival.EntryForm, version int64) formItem {
	it := formItem{PK: settingsPK, SK: formSK, Type: typeForm, UpdatedAt: f.UpdatedAt.String(), Version: version,
		Questions: make([]questionItem, 0, len(f.Questions))}
	for _, q := range f.Questions {
		it.Questions = append(it.Questions, questionItem{
			ID: q.ID, Label: q.Label, Help: q.Help, Kind: string(q.Kind), Category: q.Category, Required: q.Required,
			RequiredFrom: q.RequiredFrom.String(), FrozenFrom: q.FrozenFrom.String(), Visibility: string(q.Visibility),
			Choices: q.Choices, Min: numberPtr(q.Min), Max: numberPtr(q.Max),
		})
	}
	return it
}

func (it formItem) form() festival.EntryForm {
	var f festival.EntryForm
	f.UpdatedAt, _ = festival.ParseTime(it.UpdatedAt)
	for _, q := range it.Questions {
		out := festival.Question{
			ID: q.ID, Label: q.Label, Help: q.Help, Kind: festival.QuestionKind(q.Kind), Category: q.Category,
			Required: q.Required, Visibility: festival.AnswerVisibility(q.Visibility), Choices: q.Choices, Min: decimalPtr(q.Min), Max: decimalPtr(q.Max),
		}
		out.RequiredFrom, _ = festival.ParseTime(q.RequiredFrom)
		out.FrozenFrom, _ = festival.ParseTime(q.FrozenFrom)
		f.Questions = append(f.Questions, out)
	}
	return f
}

// settingsKeys are the keys of the festival's settings: the settings item
// and the form's, read together.
func settingsKeys() []map[string]types.AttributeValue {
	return []map[string]types.AttributeValue{key(settingsPK, settingsSK), key(settingsPK, formSK)}
}

// settingsKeysFor are the keys of the settings a request addresses, with
// the settingsRead that gathers them: the current edition's (SETTINGS),
// and, when the request names an edition, that edition's copy
// (SETTINGS#<ed>, written when it was archived) too, in the same request:
// the current settings item says whether the edition named is archived.
func settingsKeysFor(ctx context.Context) ([]map[string]types.AttributeValue, settingsRead) {
	keys := settingsKeys()
	asked, ok := festival.EditionOf(ctx)
	if !ok {
		return keys, settingsRead{}
	}
	pk := archivedSettingsPK(asked)
	return append(keys, key(pk, settingsSK), key(pk, formSK)), settingsRead{asked: asked}
}

// settingsRead gathers the settings' items of a batch read, in any order.
type settingsRead struct {
	st          *festival.Settings
	version     int64
	edition     festival.EditionID // "" when the settings item is absent
	form        festival.EntryForm
	formVersion int64
	// asked is the edition the request names ("" none); archived and
	// archivedForm are its copy, when read (settingsKeysFor).
	asked        festival.EditionID
	archived     *festival.Settings
	archivedForm festival.EntryForm
}

// archivedAsked reports whether the request names an edition that is not
// the current one.
func (r *settingsRead) archivedAsked() bool { return r.asked != "" && r.asked != r.currentEdition() }

// take folds item in when it is one of the settings' items (ok false
// otherwise: the caller's item).
func (r *settingsRead) take(item map[string]types.AttributeValue) (ok bool, err error) {
	pk, _ := item[attrPK].(*types.AttributeValueMemberS)
	sk, _ := item[attrSK].(*types.AttributeValueMemberS)
	if pk != nil && sk != nil && r.asked != "" && pk.Value == archivedSettingsPK(r.asked) {
		return true, r.takeArchived(sk.Value, item)
	}
	if pk == nil || sk == nil || pk.Value != settingsPK {
		return false, nil
	}
	switch sk.Value {
	case settingsSK:
		var it settingsItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return true, fmt.Errorf("decode settings: %w", err)
		}
		st := it.settings()
		r.st, r.version, r.edition = &st, it.Version, festival.EditionID(it.Edition)
	case formSK:
		var it formItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return true, fmt.Errorf("decode form: %w", err)
		}
		r.form, r.formVersion = it.form(), it.Version
	}
	return true, nil
}

// takeArchived folds in an item of the archived copy of the settings.
func (r *settingsRead) takeArchived(sk string, item map[string]types.AttributeValue) error {
	switch sk {
	case settingsSK:
		var it settingsItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return fmt.Errorf("decode archived settings: %w", err)
		}
		st := it.settings()
		r.archived = &st
	case formSK:
		var it formItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return fmt.Errorf("decode archived form: %w", err)
		}
		r.archivedForm = it.form()
	}
	return nil
}

// settings are the settings read (the defaults when never written), with
// their form: the edition's the request names when it is archived, else
// the current one's.
func (r *settingsRead) settings() festival.Settings {
	st, form := festival.DefaultSettings(), r.form
	switch {
	case r.archivedAsked():
		if r.archived != nil {
			st = *r.archived
		}
		form = r.archivedForm
	case r.st != nil:
		st = *r.st
	}
	st.Form = form // zero when never written: no question
	return st
}

// currentEdition is the current edition the settings item read names
// (FirstEdition when it is absent or names none).
func (r *settingsRead) currentEdition() festival.EditionID {
	if r.edition == "" {
		return festival.FirstEdition
	}
	return r.edition
}

// getSettings reads the settings and the form (one BatchGetItem), with
// the settings item's version (0 when never written).
func (s *core) getSettings(ctx context.Context) (festival.Settings, int64, error) {
	r, err := s.readSettings(ctx)
	if err != nil {
		return festival.Settings{}, 0, err
	}
	return r.settings(), r.version, nil
}

// readSettings reads the settings and the form (one BatchGetItem), and
// refreshes the current edition kept in memory from it.
func (s *core) readSettings(ctx context.Context) (settingsRead, error) {
	keys, r := settingsKeysFor(ctx)
	err := s.batchGet(ctx, keys, "", nil, func(item map[string]types.AttributeValue) error {
		_, err := r.take(item)
		return err
	})
	if err != nil {
		return r, fmt.Errorf("get settings: %w", err)
	}
	s.noteSettingsRead(&r)
	return r, nil
}

// ReplaceForm replaces the festival's form with what change makes of the
// current one, with an audit entry `form.update`, conditional on nobody
// having replaced it in between (retried). change may refuse (its error is
// returned as is).
func (s *Settings) ReplaceForm(ctx context.Context, actor festival.Actor,
	change func(cur festival.EntryForm) (festival.EntryForm, error)) (festival.EntryForm, error) {
	var next festival.EntryForm
	if err := s.refuseArchived(ctx); err != nil {
		return next, err // an archived edition's form stays
	}
	err := Retry(ctx, func(int) error {
		var r settingsRead
		err := s.batchGet(ctx, settingsKeys()[1:], "", nil, func(item map[string]types.AttributeValue) error {
			_, err := r.take(item)
			return err
		})
		if err != nil {
			return fmt.Errorf("get form: %w", err)
		}
		if next, err = change(r.settings().Form); err != nil {
			return err
		}
		next.UpdatedAt = festival.NewTime(s.now())
		item, err := attributevalue.MarshalMap(toFormItem(next, r.formVersion+1))
		if err != nil {
			return err
		}
		put := &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}
		if r.formVersion > 0 {
			put.ConditionExpression = aws.String("#v = :v")
			put.ExpressionAttributeNames = map[string]string{"#v": "version"}
			put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": num(r.formVersion)}
		}
		ids := make([]string, 0, len(next.Questions))
		for _, q := range next.Questions {
			ids = append(ids, q.ID)
		}
		err = s.transact(ctx, []types.TransactWriteItem{{Put: put}, s.auditOp(actor, "form.update", "form", map[string]string{
			"questions": strconv.Itoa(len(next.Questions)), "ids": strings.Join(ids, ","),
		})})
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 0) || transactionConflict(err):
			return Again(fmt.Errorf("replace form: %w", err))
		default:
			return fmt.Errorf("replace form: %w", err)
		}
	})
	return next, err
}

// settingsStamp says which settings a read found: two reads with equal
// stamps read the same settings and form.
type settingsStamp struct {
	version, form  int64
	edition, asked festival.EditionID
}

func (r *settingsRead) stamp() settingsStamp {
	return settingsStamp{version: r.version, form: r.formVersion, edition: r.currentEdition(), asked: r.asked}
}
