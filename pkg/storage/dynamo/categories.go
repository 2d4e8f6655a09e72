package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

type categoryItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	GSI1PK    string `dynamodbav:"GSI1PK"`
	GSI1SK    string `dynamodbav:"GSI1SK"`
	Type      string `dynamodbav:"type"`
	Edition   string `dynamodbav:"edition"`
	ID        int64  `dynamodbav:"id_categorie"`
	Name      string `dynamodbav:"name"`
	CreatedAt string `dynamodbav:"createdAt"`
	UpdatedAt string `dynamodbav:"updatedAt"`
	// Deleting is set while the category is being deleted: it is gone to
	// readers from then on.
	Deleting bool `dynamodbav:"deleting,omitempty"`
}

func (it categoryItem) category() festival.Category {
	created, _ := festival.ParseTime(it.CreatedAt)
	updated, _ := festival.ParseTime(it.UpdatedAt)
	return festival.Category{ID: it.ID, Name: it.Name, CreatedAt: created, UpdatedAt: updated}
}

// editionCategory is a category with its edition, as the list kept in
// memory holds it.
type editionCategory struct {
	festival.Category
	edition festival.EditionID
}

// nameMarker is the item that makes a category or event name unique.
type nameMarker struct {
	PK   string `dynamodbav:"PK"`
	SK   string `dynamodbav:"SK"`
	Type string `dynamodbav:"type"`
	ID   int64  `dynamodbav:"id"`
}

func (s *Catalog) putMarkerOp(pk, sk string, id int64) (types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(nameMarker{PK: pk, SK: sk, Type: sk, ID: id})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}}, nil
}

// categoryMarkerKey is the key of the marker that makes a category's name
// unique in its edition.
func (s *Catalog) categoryMarkerKey(ed festival.EditionID, name string) map[string]types.AttributeValue {
	return key(edCategoryNamePK(ed, festival.NameKey(name)), typeCategoryName)
}

// CreateCategory stores a new category in the current edition;
// festival.ErrNameTaken when the name is used in it. The name marker, the
// category and the audit entry are one transaction.
func (s *Catalog) CreateCategory(ctx context.Context, actor festival.Actor, name string) (festival.Category, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return festival.Category{}, err
	}
	if asked, ok := festival.EditionOf(ctx); ok && asked != ed {
		return festival.Category{}, errEditionArchived()
	}
	id, err := s.nextID(ctx, counterCategories)
	if err != nil {
		return festival.Category{}, err
	}
	now := festival.NewTime(s.now())
	c := festival.Category{ID: id, Name: name, CreatedAt: now, UpdatedAt: now}
	item, err := attributevalue.MarshalMap(categoryItem{
		PK: categoryPK(id), SK: skCategory, GSI1PK: edCategoriesGSI1PK(ed), GSI1SK: categoryGSI1SK(id), Type: typeCategory,
		Edition: string(ed), ID: id, Name: name, CreatedAt: now.String(), UpdatedAt: now.String(),
	})
	if err != nil {
		return c, err
	}
	marker, err := s.putMarkerOp(edCategoryNamePK(ed, festival.NameKey(name)), typeCategoryName, id)
	if err != nil {
		return c, err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		marker,
		{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		s.auditOp(actor, "category.create", fmt.Sprintf("category:%d", id), map[string]string{"name": name}),
	})
	if conditionFailedAt(err, 0) {
		return c, festival.ErrNameTaken
	}
	if err != nil {
		return c, fmt.Errorf("create category: %w", err)
	}
	return c, nil
}

// GetCategory reads one category (ids are global: of any edition).
func (s *Catalog) GetCategory(ctx context.Context, id int64) (festival.Category, error) {
	c, _, err := s.getCategory(ctx, id)
	return c, err
}

// getCategory reads one category and its edition.
func (s *Catalog) getCategory(ctx context.Context, id int64) (festival.Category, festival.EditionID, error) {
	it, err := getItem[categoryItem](ctx, s.core, key(categoryPK(id), skCategory))
	if err != nil {
		return festival.Category{}, "", wrapGet(err, "get category %d", id)
	}
	if it.Deleting {
		return festival.Category{}, "", festival.ErrNotFound
	}
	return it.category(), editionOrFirst(festival.EditionID(it.Edition)), nil
}

// ListCategories returns the categories of the edition the request
// addresses in id order, one page or all. Served from memory (listcache.go,
// every edition's categories, this one's kept) unless the store keeps no
// lists.
func (s *Catalog) ListCategories(ctx context.Context, p Page) ([]festival.Category, string, error) {
	start := time.Now()
	all, ok, err := s.cachedCategories(ctx)
	if err != nil {
		return nil, "", err
	}
	ed, err := s.editionReadSince(ctx, start)
	if err != nil {
		return nil, "", err
	}
	if ok {
		kept := make([]festival.Category, 0, len(all))
		for _, c := range all {
			if c.edition == ed {
				kept = append(kept, c.Category)
			}
		}
		return s.categoriesListing(ed).page(kept, nil, p)
	}
	in := s.gsi1Query(edCategoriesGSI1PK(ed))
	in.FilterExpression = aws.String("attribute_not_exists(deleting)") // being deleted: gone
	return queryRecords(ctx, s.core, in, p, categoryItem.category)
}

// RenameCategory changes a category's name (festival.ErrNameTaken when another has
// it): the marker moves in the same transaction as the rename, conditional on
// the name read, so two renames cannot both win. The copies of the name
// embedded in its films follow through the copy job written with the rename
// (copyjobs.go), run at once and, should that stop part-way, again until done.
func (s *Catalog) RenameCategory(ctx context.Context, actor festival.Actor, id int64, name string) (festival.Category, error) {
	cur, ed, err := s.getCategory(ctx, id)
	if err != nil {
		return cur, err
	}
	current, err := s.currentEdition(ctx)
	if err != nil {
		return cur, err
	}
	if err := checkCurrent(ed, current); err != nil {
		return cur, err
	}
	c := cur
	if cur.Name != name {
		c.Name, c.UpdatedAt = name, festival.NewTime(s.now())
		var ops []types.TransactWriteItem
		moved := festival.NameKey(cur.Name) != festival.NameKey(name)
		if moved {
			marker, err := s.putMarkerOp(edCategoryNamePK(ed, festival.NameKey(name)), typeCategoryName, id)
			if err != nil {
				return cur, err
			}
			ops = append(ops, marker)
		}
		ops = append(ops, types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: key(categoryPK(id), skCategory),
			// Not while it is being deleted: the deletion removes the marker
			// of the name it read, and a moved marker would outlive it.
			// Of the current edition, as read.
			ConditionExpression:       aws.String("#n = :old AND attribute_not_exists(deleting) AND #ed = :ed"),
			UpdateExpression:          aws.String("SET #n = :n, #u = :u"),
			ExpressionAttributeNames:  map[string]string{"#n": "name", "#u": "updatedAt", "#ed": attrEdition},
			ExpressionAttributeValues: map[string]types.AttributeValue{":old": str(cur.Name), ":n": str(name), ":u": str(c.UpdatedAt.String()), ":ed": str(string(ed))},
		}})
		if moved {
			ops = append(ops, types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: s.categoryMarkerKey(ed, cur.Name)}})
		}
		ops = append(ops, s.auditOp(actor, "category.update", fmt.Sprintf("category:%d", id), map[string]string{"from": cur.Name, "to": name},
			festival.AuditChange{Field: "name", Before: cur.Name, After: name}),
			s.copyJobOp(CopyJob{Kind: CopyCategory, SourceID: id}))
		err = s.transact(ctx, ops)
		switch {
		case moved && conditionFailedAt(err, 0):
			return cur, festival.ErrNameTaken
		case conditionFailedAt(err, 0) || (moved && conditionFailedAt(err, 1)):
			return cur, festival.ErrConflict
		case err != nil:
			return cur, fmt.Errorf("rename category %d: %w", id, err)
		}
		s.runNow(ctx, CopyJob{Kind: CopyCategory, SourceID: id})
	}
	return c, nil
}

// DeleteCategory unlinks a category from its films (link items and embedded
// copies, see UnlinkCategory), then deletes the category and its name marker
// with the audit entry. It first marks the category (deleting = true), which
// makes categoryExistsCheck and CategoryNames refuse it, so no film can be
// linked to it while its links are removed. Films go first, so a failure
// part-way leaves the category in place and a retry finishes the job.
func (s *Catalog) DeleteCategory(ctx context.Context, actor festival.Actor, id int64) (festival.Category, error) {
	// The mark returns the category as it is once marked: from then on no
	// rename can move its name marker, so the name read here is the one whose
	// marker the last write removes.
	// A category of an archived edition stays (errEditionArchived).
	current, err := s.currentEdition(ctx)
	if err != nil {
		return festival.Category{}, err
	}
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(categoryPK(id), skCategory),
		ConditionExpression:                 aws.String("attribute_exists(PK) AND #ed = :ed"),
		UpdateExpression:                    aws.String("SET deleting = :t"),
		ExpressionAttributeNames:            map[string]string{"#ed": attrEdition},
		ExpressionAttributeValues:           map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}, ":ed": str(string(current))},
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if len(ccf.Item) > 0 {
			return festival.Category{}, errEditionArchived()
		}
		return festival.Category{}, festival.ErrNotFound
	}
	if err != nil {
		return festival.Category{}, fmt.Errorf("mark category %d deleting: %w", id, err)
	}
	if err := s.bumpList(ctx, listCategories, id); err != nil { // it now reads as gone
		return festival.Category{}, err
	}
	var it categoryItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return festival.Category{}, err
	}
	c := it.category()
	if err := (&Films{s.core}).UnlinkCategory(ctx, id); err != nil {
		return c, err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: &s.table, Key: key(categoryPK(id), skCategory), ConditionExpression: aws.String("attribute_exists(PK)")}},
		{Delete: &types.Delete{TableName: &s.table, Key: s.categoryMarkerKey(current, c.Name)}},
		s.auditOp(actor, "category.delete", fmt.Sprintf("category:%d", id), map[string]string{"name": c.Name}),
	})
	if conditionFailedAt(err, 0) {
		return c, festival.ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("delete category %d: %w", id, err)
	}
	return c, nil
}

// CategoryNames reads categories by id and returns the embedded form of each,
// in the order of ids; ids that do not exist, or are another edition's than
// the current one, come back as *festival.UnknownIDsError.
func (s *Catalog) CategoryNames(ctx context.Context, ids []int64) ([]festival.MovieCategory, error) {
	type read struct {
		c    festival.MovieCategory
		gone bool
	}
	current, err := s.currentEdition(ctx)
	if err != nil {
		return nil, err
	}
	all, missing, err := batchGetByID(ctx, s.core, ids, func(id int64) map[string]types.AttributeValue { return key(categoryPK(id), skCategory) },
		"id_categorie, #n, deleting, #ed", map[string]string{"#n": "name", "#ed": attrEdition}, func(item map[string]types.AttributeValue) (read, int64, error) {
			var c festival.MovieCategory
			err := attributevalue.UnmarshalMap(item, &c)
			_, gone := item["deleting"]
			return read{c: c, gone: gone || editionAttr(item) != current}, c.ID, err
		})
	if err != nil {
		return nil, err
	}
	cats := make([]festival.MovieCategory, 0, len(all))
	for _, r := range all {
		if r.gone { // being deleted (DeleteCategory)
			missing = append(missing, r.c.ID)
		} else {
			cats = append(cats, r.c)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, &festival.UnknownIDsError{IDs: missing}
	}
	return cats, nil
}
