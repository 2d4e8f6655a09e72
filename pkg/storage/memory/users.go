package memory

import (
	"context"
	"fmt"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Users is the store of accounts: an e-mail (festival.NormalizeEmail)
// belongs to one account at most. It does not delete users (the DynamoDB
// store's deletion cascades to films and votes, which are not here), and a
// change of name or e-mail is not copied into films as the DynamoDB store's
// copy job does.
type Users struct{ db *DB }

// Users returns the festival's account store.
func (db *DB) Users() *Users { return &Users{db: db} }

var usersListing = listing[festival.User]{name: "users", key: func(u festival.User) string { return idKey(u.ID) }}

// NewUserID draws the id of a new user.
func (s *Users) NewUserID(context.Context) (int64, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	return s.db.nextID("users"), nil
}

// CreateUser stores a new user whose ID, timestamps and hash are set;
// festival.ErrEmailTaken when the e-mail belongs to another account, and
// then nothing is written.
func (s *Users) CreateUser(_ context.Context, u festival.User) error {
	db := s.db
	db.mu.Lock()
	defer db.mu.Unlock()
	email := festival.NormalizeEmail(u.Email)
	if _, taken := db.emails[email]; taken {
		return festival.ErrEmailTaken
	}
	if _, taken := db.users[u.ID]; taken {
		return fmt.Errorf("create user: id %d is taken", u.ID)
	}
	db.users[u.ID] = storedUser(u)
	db.emails[email] = u.ID
	db.hadAdmin = db.hadAdmin || u.Role == festival.RoleAdmin
	if c := u.Confirmation; c != nil {
		db.confirms[c.TokenHash] = reset{userID: u.ID, expires: c.Expires.Unix()}
	}
	return nil
}

// GetUser reads one user.
func (s *Users) GetUser(_ context.Context, id int64) (festival.User, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	u, ok := s.db.users[id]
	if !ok {
		return festival.User{}, festival.ErrNotFound
	}
	return storedUser(u), nil
}

// UserByEmail finds a user by e-mail, compared as festival.NormalizeEmail does.
func (s *Users) UserByEmail(_ context.Context, email festival.EmailKey) (festival.User, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	id, ok := s.db.emails[email.String()]
	if !ok {
		return festival.User{}, festival.ErrNotFound
	}
	return storedUser(s.db.users[id]), nil
}

// ListUsers returns users in id order, one page or all.
func (s *Users) ListUsers(_ context.Context, p festival.Page) ([]festival.User, string, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	all := sortedByID(s.db.users)
	for i := range all {
		all[i] = storedUser(all[i])
	}
	return usersListing.page(all, p)
}

// UpdateUser applies change to the current user and stores it; an e-mail
// change moves with it (festival.ErrEmailTaken when the new e-mail is
// someone else's). change may return an error to abort; it runs under the
// store's lock, so it must not call the store. On any error the user
// answered is the zero one, as the DynamoDB store answers.
func (s *Users) UpdateUser(ctx context.Context, id int64, change func(*festival.User) error) (festival.User, error) {
	return s.UpdateUserAs(ctx, nil, id, change)
}

// UpdateUserAs is UpdateUser on behalf of an admin (whose change of role the
// DynamoDB store audits; the audit is not kept here).
func (s *Users) UpdateUserAs(_ context.Context, _ *festival.Actor, id int64, change func(*festival.User) error) (festival.User, error) {
	db := s.db
	db.mu.Lock()
	defer db.mu.Unlock()
	cur, ok := db.users[id]
	if !ok {
		return festival.User{}, festival.ErrNotFound
	}
	next := storedUser(cur)
	if err := change(&next); err != nil {
		return festival.User{}, err
	}
	next.ID, next.CreatedAt, next.UpdatedAt = cur.ID, cur.CreatedAt, db.stamp()
	from, to := festival.NormalizeEmail(cur.Email), festival.NormalizeEmail(next.Email)
	if _, taken := db.emails[to]; taken && from != to {
		return festival.User{}, festival.ErrEmailTaken
	}
	db.users[id] = storedUser(next)
	db.hadAdmin = db.hadAdmin || next.Role == festival.RoleAdmin
	delete(db.emails, from)
	db.emails[to] = id
	return next, nil
}

// storedUser is a user as the DynamoDB store reads it back: times in UTC
// to the millisecond, empty jury lists absent; and a copy, so that callers
// share nothing with the stored user.
func storedUser(u festival.User) festival.User {
	u.Confirmation = nil // written beside the account, never in it
	u.CreatedAt, u.UpdatedAt = storedTime(u.CreatedAt), storedTime(u.UpdatedAt)
	for _, p := range []**string{&u.Phone, &u.Mobile, &u.BirthDate, &u.Street, &u.PostalCode, &u.City, &u.Country,
		&u.Biography, &u.Job, &u.Portfolio, &u.Youtube, &u.Instagram, &u.Linkedin, &u.Facebook, &u.Tiktok, &u.KnownByService} {
		if *p != nil {
			v := **p
			*p = &v
		}
	}
	u.JuryCategories, u.JuryConflicts = nilIfEmpty(u.JuryCategories), nilIfEmpty(u.JuryConflicts)
	if len(u.JuryLanguages) == 0 {
		u.JuryLanguages = nil
	} else {
		u.JuryLanguages = slices.Clone(u.JuryLanguages)
	}
	return u
}

func nilIfEmpty(ids []int64) []int64 {
	if len(ids) == 0 {
		return nil
	}
	return slices.Clone(ids)
}
