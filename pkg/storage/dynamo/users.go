package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// userItem is a user as stored. The e-mail marker item (PK EMAIL#<email>)
// makes e-mails unique; it is written in the same transaction as the user.
type userItem struct {
	PK             string  `dynamodbav:"PK"`
	SK             string  `dynamodbav:"SK"`
	GSI1PK         string  `dynamodbav:"GSI1PK"`
	GSI1SK         string  `dynamodbav:"GSI1SK"`
	Type           string  `dynamodbav:"type"`
	ID             int64   `dynamodbav:"id_user"`
	FirstName      string  `dynamodbav:"first_name"`
	LastName       string  `dynamodbav:"last_name"`
	Email          string  `dynamodbav:"email"`
	Password       string  `dynamodbav:"password"`
	Role           string  `dynamodbav:"role"`
	Phone          *string `dynamodbav:"phone,omitempty"`
	Mobile         *string `dynamodbav:"mobile,omitempty"`
	BirthDate      *string `dynamodbav:"birth_date,omitempty"`
	Street         *string `dynamodbav:"street,omitempty"`
	PostalCode     *string `dynamodbav:"postal_code,omitempty"`
	City           *string `dynamodbav:"city,omitempty"`
	Country        *string `dynamodbav:"country,omitempty"`
	Biography      *string `dynamodbav:"biography,omitempty"`
	Job            *string `dynamodbav:"job,omitempty"`
	Portfolio      *string `dynamodbav:"portfolio,omitempty"`
	Youtube        *string `dynamodbav:"youtube,omitempty"`
	Instagram      *string `dynamodbav:"instagram,omitempty"`
	Linkedin       *string `dynamodbav:"linkedin,omitempty"`
	Facebook       *string `dynamodbav:"facebook,omitempty"`
	Tiktok         *string `dynamodbav:"tiktok,omitempty"`
	KnownByService *string `dynamodbav:"known_by_service,omitempty"`
	JuryCategories []int64 `dynamodbav:"jury_categories,omitempty"`
	// JuryConflicts is read by the ConditionCheck of every jury assignment
	// (isJuryCheck), so a declaration and an assignment cannot cross.
	JuryConflicts []int64 `dynamodbav:"jury_conflicts,omitempty"`
	// Language is the language the person reads the product in; absent
	// (French) on an account that never chose one.
	Language string `dynamodbav:"language,omitempty"`
	// JuryLanguages are the languages a member understands (ISO 639-1).
	JuryLanguages []festival.LanguageCode `dynamodbav:"jury_languages,omitempty"`
	// EmailConfirmed is false while a self-registered account must confirm
	// its address; absent once confirmed, or never asked.
	EmailConfirmed *bool  `dynamodbav:"email_confirmed,omitempty"`
	CreatedAt      string `dynamodbav:"createdAt"`
	UpdatedAt      string `dynamodbav:"updatedAt"`
	// Version increases with every update; updates are conditional on it
	// (optimistic locking), so two concurrent updates cannot lose each other.
	Version int64 `dynamodbav:"version"`
}

func toUserItem(u festival.User, version int64) userItem {
	var confirmed *bool
	if u.Unconfirmed {
		confirmed = aws.Bool(false)
	}
	return userItem{
		EmailConfirmed: confirmed,
		PK:             userPK(u.ID), SK: skUser, GSI1PK: gsi1Users, GSI1SK: userGSI1SK(u.ID), Type: typeUser,
		ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Password: u.PasswordHash,
		Role: string(u.Role), Phone: u.Phone, Mobile: u.Mobile, BirthDate: u.BirthDate, Street: u.Street,
		PostalCode: u.PostalCode, City: u.City, Country: u.Country, Biography: u.Biography, Job: u.Job,
		Portfolio: u.Portfolio, Youtube: u.Youtube, Instagram: u.Instagram, Linkedin: u.Linkedin,
		Facebook: u.Facebook, Tiktok: u.Tiktok, KnownByService: u.KnownByService,
		JuryCategories: u.JuryCategories, JuryConflicts: u.JuryConflicts, Language: string(u.Language),
		JuryLanguages: storedLanguages(u.JuryLanguages),
		CreatedAt:     u.CreatedAt.String(), UpdatedAt: u.UpdatedAt.String(), Version: version,
	}
}

func (it userItem) user() festival.User {
	created, _ := festival.ParseTime(it.CreatedAt)
	updated, _ := festival.ParseTime(it.UpdatedAt)
	return festival.User{
		ID: it.ID, FirstName: it.FirstName, LastName: it.LastName, Email: it.Email, PasswordHash: it.Password,
		Role: festival.Role(it.Role), Phone: it.Phone, Mobile: it.Mobile, BirthDate: it.BirthDate,
		Street: it.Street, PostalCode: it.PostalCode, City: it.City, Country: it.Country,
		Biography: it.Biography, Job: it.Job, Portfolio: it.Portfolio, Youtube: it.Youtube,
		Instagram: it.Instagram, Linkedin: it.Linkedin, Facebook: it.Facebook, Tiktok: it.Tiktok,
		KnownByService: it.KnownByService, JuryCategories: it.JuryCategories, JuryConflicts: it.JuryConflicts,
		Language: texts.Lang(it.Language), JuryLanguages: it.JuryLanguages, CreatedAt: created, UpdatedAt: updated,
		Unconfirmed: it.EmailConfirmed != nil && !*it.EmailConfirmed,
	}
}

type emailItem struct {
	PK   string `dynamodbav:"PK"`
	SK   string `dynamodbav:"SK"`
	Type string `dynamodbav:"type"`
	ID   int64  `dynamodbav:"id_user"`
}

// putUserOps returns the writes that create u with its e-mail marker; both
// are conditional on not existing. The marker is item 0, so a cancelled
// transaction with a condition failure at 0 means "e-mail taken". An ADMIN
// writes the first admin's marker too (setup.go), and an account with a
// pending confirmation its confirmation and message.
func (s *core) putUserOps(u festival.User) ([]types.TransactWriteItem, error) {
	ops, err := s.newUserOps(u)
	if err != nil {
		return nil, err
	}
	if u.Role == festival.RoleAdmin {
		ops = append(ops, s.adminMarkerOp(false))
	}
	if u.Confirmation != nil {
		more, err := s.confirmationOps(u.ID, *u.Confirmation)
		if err != nil {
			return nil, err
		}
		ops = append(ops, more...)
	}
	return ops, nil
}

// newUserOps are the e-mail marker's and the user's writes (putUserOps).
func (s *core) newUserOps(u festival.User) ([]types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(toUserItem(u, 1))
	if err != nil {
		return nil, err
	}
	email, err := festival.ParseEmailKey(u.Email)
	if err != nil {
		return nil, err
	}
	marker, err := attributevalue.MarshalMap(emailItem{PK: emailPK(email), SK: skEmail, Type: typeEmail, ID: u.ID})
	if err != nil {
		return nil, err
	}
	notExists := aws.String("attribute_not_exists(PK)")
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: marker, ConditionExpression: notExists}},
		{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: notExists}},
	}, nil
}

// NewUserID draws the id of a new user.
func (s *Users) NewUserID(ctx context.Context) (int64, error) { return s.nextID(ctx, counterUsers) }

// CreateUser stores a new user whose ID, timestamps and hash are set. It
// returns festival.ErrEmailTaken when the e-mail (compared case-insensitively) belongs
// to another account; then nothing is written.
func (s *Users) CreateUser(ctx context.Context, u festival.User) error {
	ops, err := s.putUserOps(u)
	if err != nil {
		return err
	}
	err = s.transact(ctx, ops)
	if conditionFailedAt(err, 0) {
		return festival.ErrEmailTaken
	}
	if err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	return nil
}

// GetUser reads one user.
func (s *Users) GetUser(ctx context.Context, id int64) (festival.User, error) {
	it, err := getItem[userItem](ctx, s.core, key(userPK(id), skUser))
	if err != nil {
		return festival.User{}, wrapGet(err, "get user %d", id)
	}
	return it.user(), nil
}

// Caller reads the user a token names: the token check of every request
// calls it (one consistent GetItem), so a deleted user or a changed role
// takes effect at once, and a handler that shows the caller reuses the
// record. found is false for a user that no longer exists.
func (s *Users) Caller(ctx context.Context, id int64) (u festival.User, found bool, err error) {
	if s.editionStale() {
		return s.callerAndEdition(ctx, id)
	}
	u, err = s.GetUser(ctx, id)
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return u, false, nil
	case err != nil:
		return u, false, err
	}
	return u, true, nil
}

// UserByEmail finds a user by e-mail (case-insensitive), through its marker.
func (s *Users) UserByEmail(ctx context.Context, email festival.EmailKey) (festival.User, error) {
	m, err := getItem[emailItem](ctx, s.core, key(emailPK(email), skEmail))
	if err != nil {
		return festival.User{}, wrapGet(err, "find e-mail")
	}
	return s.GetUser(ctx, m.ID)
}

// UpdateUser applies change to the current user and writes it back, on the
// condition that nobody changed it in between (retried a few times). An e-mail
// change moves the marker in the same transaction; festival.ErrEmailTaken when the new
// e-mail is someone else's. change may return an error to abort.
func (s *Users) UpdateUser(ctx context.Context, id int64, change func(*festival.User) error) (festival.User, error) {
	return s.UpdateUserAs(ctx, nil, id, change)
}

// UpdateUserAs is UpdateUser on behalf of an admin: a change of role is
// recorded in the audit trail, in the same transaction.
func (s *Users) UpdateUserAs(ctx context.Context, actor *festival.Actor, id int64, change func(*festival.User) error) (festival.User, error) {
	return s.updateUser(ctx, actor, id, change, nil)
}

// updateUser is UpdateUserAs with checks that must hold when the user is
// written (conditions on other items, sent last in the same transaction): one
// that fails is festival.ErrConflict.
func (s *Users) updateUser(ctx context.Context, actor *festival.Actor, id int64, change func(*festival.User) error, checks []types.TransactWriteItem) (festival.User, error) {
	var updated festival.User
	err := Retry(ctx, func(int) error {
		out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key(userPK(id), skUser), ConsistentRead: aws.Bool(true)})
		if err != nil {
			return fmt.Errorf("get user %d: %w", id, err)
		}
		if out.Item == nil {
			return festival.ErrNotFound
		}
		var it userItem
		if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
			return err
		}
		before := it.user()
		after := before
		if err := change(&after); err != nil {
			return err
		}
		after.ID, after.CreatedAt = before.ID, before.CreatedAt
		after.UpdatedAt = festival.NewTime(s.now())
		newItem, err := attributevalue.MarshalMap(toUserItem(after, it.Version+1))
		if err != nil {
			return err
		}
		ops := []types.TransactWriteItem{{Put: &types.Put{
			TableName: &s.table, Item: newItem,
			ConditionExpression:       aws.String("#v = :v"),
			ExpressionAttributeNames:  map[string]string{"#v": "version"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(it.Version)},
		}}}
		if ops, err = s.moveEmailOps(ops, id, before.Email, after.Email); err != nil {
			return err
		}
		// The copies of the user in films follow through a copy job written
		// with the change (copyjobs.go), whatever the number of films.
		copied := before.FirstName != after.FirstName || before.LastName != after.LastName ||
			before.Email != after.Email || before.Role != after.Role
		if copied {
			ops = append(ops, s.copyJobOp(CopyJob{Kind: CopyUser, SourceID: id}))
		}
		if before.Role != after.Role && after.Role == festival.RoleAdmin {
			ops = append(ops, s.adminMarkerOp(false)) // the festival has an admin: setup is closed
		}
		if actor != nil && before.Role != after.Role {
			ops = append(ops, s.auditOp(*actor, "user.role", fmt.Sprintf("user:%d", id),
				map[string]string{"from": string(before.Role), "to": string(after.Role)}, festival.UserChanges(before, after)...))
		}
		err = s.transact(ctx, append(ops, checks...))
		if err == nil && copied {
			s.runNow(ctx, CopyJob{Kind: CopyUser, SourceID: id})
		}
		switch {
		case err == nil:
			updated = after
			return nil
		case festival.NormalizeEmail(before.Email) != festival.NormalizeEmail(after.Email) && conditionFailedAt(err, 1):
			return festival.ErrEmailTaken
		case conditionFailedAt(err, 0) || transactionConflict(err):
			// Changed in between, or another transaction touched one of the
			// items at the same moment: nothing was written, so read again
			// and reapply.
			return Again(fmt.Errorf("update user %d: %w", id, err))
		case len(checks) > 0 && cancelReasons(err) != nil:
			return festival.ErrConflict
		default:
			return fmt.Errorf("update user %d: %w", id, err)
		}
	})
	return updated, err
}

// keyItem reads only the key of an item.
type keyItem struct {
	PK string `dynamodbav:"PK"`
	SK string `dynamodbav:"SK"`
}

// moveEmailOps adds to ops the move of user id's e-mail marker when the
// e-mail changes (as compared: normalised).
func (s *core) moveEmailOps(ops []types.TransactWriteItem, id int64, before, after string) ([]types.TransactWriteItem, error) {
	if festival.NormalizeEmail(before) == festival.NormalizeEmail(after) {
		return ops, nil
	}
	oldEmail, err := festival.ParseEmailKey(before)
	if err != nil {
		return nil, err
	}
	newEmail, err := festival.ParseEmailKey(after)
	if err != nil {
		return nil, err
	}
	marker, err := attributevalue.MarshalMap(emailItem{PK: emailPK(newEmail), SK: skEmail, Type: typeEmail, ID: id})
	if err != nil {
		return nil, err
	}
	return append(ops,
		types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: marker, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: key(emailPK(oldEmail), skEmail)}},
	), nil
}
