package dynamo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// SetJuryProfile records the categories a jury member judges and the films
// they declare a conflict of interest with, on their user item, and the
// languages they understand when languages is not nil. It reads the
// categories, the films and the member's assignments to them in one
// BatchGetItem to name what is wrong, then writes with a ConditionCheck on
// each, so a category deleted or an assignment made meanwhile cancels the
// write (festival.ErrConflict) instead of slipping past.
func (s *Users) SetJuryProfile(ctx context.Context, uid int64, categories, conflicts []int64, languages *[]festival.LanguageCode) (festival.User, error) {
	var keys []map[string]types.AttributeValue
	for _, c := range categories {
		keys = append(keys, key(categoryPK(c), skCategory))
	}
	for _, m := range conflicts {
		keys = append(keys, key(moviePK(m), skMovie), key(moviePK(m), juryLinkSK(uid)))
	}
	foundCats, foundFilms, assigned := map[int64]bool{}, map[int64]bool{}, []int64{}
	// A category of another edition than the current one is unknown here:
	// a member judges the current edition's categories.
	current, err := s.currentEdition(ctx)
	if err != nil {
		return festival.User{}, err
	}
	err = s.batchGet(ctx, keys, "PK, SK, deleting, #ed", map[string]string{"#ed": attrEdition}, func(item map[string]types.AttributeValue) error {
		id, err := itemID(item)
		if err != nil {
			return err
		}
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		_, deleting := item["deleting"]
		switch pk, _ := item[attrPK].(*types.AttributeValueMemberS); {
		case strings.HasPrefix(pk.Value, "CATEGORY#"):
			foundCats[id] = !deleting && editionAttr(item) == current
		case sk != nil && sk.Value == skMovie:
			foundFilms[id] = !deleting
		default:
			assigned = append(assigned, id)
		}
		return nil
	})
	if err != nil {
		return festival.User{}, fmt.Errorf("read jury profile of %d: %w", uid, err)
	}
	var bad festival.JuryProfileError
	for _, c := range categories {
		if !foundCats[c] {
			bad.UnknownCategories = append(bad.UnknownCategories, c)
		}
	}
	for _, m := range conflicts {
		if !foundFilms[m] {
			bad.UnknownFilms = append(bad.UnknownFilms, m)
		}
	}
	slices.Sort(assigned)
	bad.AssignedFilms = assigned
	if len(bad.UnknownCategories)+len(bad.UnknownFilms)+len(bad.AssignedFilms) > 0 {
		return festival.User{}, &bad
	}
	var checks []types.TransactWriteItem
	for _, c := range categories {
		checks = append(checks, s.categoryExistsCheck(c))
	}
	for _, m := range conflicts {
		checks = append(checks, s.movieExistsCheck(m), types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: &s.table, Key: key(moviePK(m), juryLinkSK(uid)), ConditionExpression: aws.String("attribute_not_exists(PK)"),
		}})
	}
	return s.updateUser(ctx, nil, uid, func(u *festival.User) error {
		if u.Role != festival.RoleJury {
			return festival.ErrNotJury
		}
		u.JuryCategories, u.JuryConflicts = categories, conflicts
		if languages != nil {
			u.JuryLanguages = *languages
		}
		return nil
	}, checks)
}

// SetReminders turns a jury member's reminders on or off.
func (s *Users) SetReminders(ctx context.Context, uid int64, on bool) error {
	u := s.juryMailUpdate(uid, "reminders_off = :off", map[string]types.AttributeValue{":off": &types.AttributeValueMemberBOOL{Value: !on}})
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if err != nil {
		return fmt.Errorf("set reminders of %d: %w", uid, err)
	}
	return nil
}

// JuryMails reads the reminder state of users (one BatchGetItem per 100);
// users never reminded and with reminders on are absent.
func (s *Users) JuryMails(ctx context.Context, ids []int64) (map[int64]festival.JuryMail, error) {
	found, _, err := batchGetByID(ctx, s.core, ids, func(id int64) map[string]types.AttributeValue { return key(juryMailPK(id), skJuryMail) },
		"", nil, func(item map[string]types.AttributeValue) (juryMailItem, int64, error) {
			var it juryMailItem
			err := attributevalue.UnmarshalMap(item, &it)
			return it, it.UserID, err
		})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]festival.JuryMail, len(found))
	for _, it := range found {
		at, _ := festival.ParseTime(it.RemindedAt)
		out[it.UserID] = festival.JuryMail{RemindersOff: it.RemindersOff, RemindedAt: at}
	}
	return out, nil
}
