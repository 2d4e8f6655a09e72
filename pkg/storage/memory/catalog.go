package memory

import (
	"context"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Catalog is the store of the admin-managed records: categories, festival
// events and awards, with the methods of the DynamoDB store that
// pkg/service/catalog calls (and GetCategory, EventByName). Names are unique
// as festival.NameKey compares them.
type Catalog struct{ db *DB }

// Catalog returns the festival's catalogue store.
func (db *DB) Catalog() *Catalog { return &Catalog{db: db} }

var categoriesListing = listing[festival.Category]{name: "categories", key: func(c festival.Category) string { return idKey(c.ID) }}

// CreateCategory stores a new category in the current edition;
// festival.ErrNameTaken when the name is used in it. As in DynamoDB, the id
// is drawn first: a refused name leaves a gap.
func (c *Catalog) CreateCategory(ctx context.Context, _ festival.Actor, name string) (festival.Category, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	ed, err := db.writableEdition(ctx)
	if err != nil {
		return festival.Category{}, err
	}
	now := db.stamp()
	cat := festival.Category{ID: db.nextID("categories"), Name: name, CreatedAt: now, UpdatedAt: now}
	if _, taken := db.categoryNames[editionKey(ed, festival.NameKey(name))]; taken {
		return cat, festival.ErrNameTaken
	}
	db.categories[cat.ID] = cat
	db.categoryEditions[cat.ID] = ed
	db.categoryNames[editionKey(ed, festival.NameKey(name))] = cat.ID
	return cat, nil
}

// GetCategory reads one category.
func (c *Catalog) GetCategory(_ context.Context, id int64) (festival.Category, error) {
	c.db.mu.Lock()
	defer c.db.mu.Unlock()
	cat, ok := c.db.categories[id]
	if !ok {
		return festival.Category{}, festival.ErrNotFound
	}
	return cat, nil
}

// ListCategories returns the categories of the edition the request
// addresses in id order, one page or all.
func (c *Catalog) ListCategories(ctx context.Context, p festival.Page) ([]festival.Category, string, error) {
	c.db.mu.Lock()
	defer c.db.mu.Unlock()
	ed := c.db.editionOf(ctx)
	all := slices.DeleteFunc(sortedByID(c.db.categories), func(x festival.Category) bool { return c.db.categoryEditions[x.ID] != ed })
	return categoriesListing.page(all, p)
}

// RenameCategory changes a category's name (festival.ErrNameTaken when
// another has it), in the films it is linked to as well. The same name
// changes nothing; another letter case of it renames.
func (c *Catalog) RenameCategory(_ context.Context, _ festival.Actor, id int64, name string) (festival.Category, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	cur, ok := db.categories[id]
	if !ok {
		return festival.Category{}, festival.ErrNotFound
	}
	ed := db.categoryEditions[id]
	if err := db.checkCurrent(ed); err != nil {
		return cur, err
	}
	if cur.Name == name {
		return cur, nil
	}
	from, to := editionKey(ed, festival.NameKey(cur.Name)), editionKey(ed, festival.NameKey(name))
	if _, taken := db.categoryNames[to]; taken && from != to {
		return cur, festival.ErrNameTaken
	}
	next := cur
	next.Name, next.UpdatedAt = name, db.stamp()
	db.categories[id] = next
	delete(db.categoryNames, from)
	db.categoryNames[to] = id
	db.changeFilmCategories(id, func(mc *festival.MovieCategory) bool { mc.Name = name; return true })
	return next, nil
}

// DeleteCategory unlinks a category from its films, then deletes it and
// frees its name.
func (c *Catalog) DeleteCategory(_ context.Context, _ festival.Actor, id int64) (festival.Category, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	cur, ok := db.categories[id]
	if !ok {
		return festival.Category{}, festival.ErrNotFound
	}
	ed := db.categoryEditions[id]
	if err := db.checkCurrent(ed); err != nil {
		return festival.Category{}, err
	}
	db.changeFilmCategories(id, func(*festival.MovieCategory) bool { return false })
	delete(db.categories, id)
	delete(db.categoryEditions, id)
	delete(db.categoryNames, editionKey(ed, festival.NameKey(cur.Name)))
	return cur, nil
}

// changeFilmCategories applies change to the copy of category id embedded in
// every film that has it; the copy is dropped when change returns false.
// Call with the lock held.
func (db *DB) changeFilmCategories(id int64, change func(*festival.MovieCategory) bool) {
	for fid, m := range db.films {
		i := indexOfCategory(m.Categories, id)
		if i < 0 {
			continue
		}
		m = cloneMovie(m)
		if change(&m.Categories[i]) {
			db.films[fid] = m
			continue
		}
		m.Categories = append(m.Categories[:i], m.Categories[i+1:]...)
		db.films[fid] = m
	}
}

func indexOfCategory(cats []festival.MovieCategory, id int64) int {
	for i, c := range cats {
		if c.ID == id {
			return i
		}
	}
	return -1
}
