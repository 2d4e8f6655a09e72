package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The selection committee's data. A film's notes live in its item
// collection (MOVIE#<id> / NOTE#<id_note>), so deleting the film deletes
// them; the film item keeps how many there are (`notes`), moved in the same
// transaction as the note. Its tags are an attribute of the film item
// (`tags`), written by UpdateMovie like any other change of the film. An
// admin's saved views are one item beside their account (USER#<id> / VIEWS),
// deleted with it.

const (
	prefixNote = "NOTE#"
	typeNote   = "NOTE"
	skViews    = "VIEWS"
	typeViews  = "VIEWS"
	// noteRangeEnd closes a Query from the film item (SK MOVIE) to its last
	// note: no other sort key of a film's collection falls in between.
	noteRangeEnd = prefixNote + "~"
)

func noteSK(id string) string { return prefixNote + id }

// noteItem is a committee note; its author is kept by id, and named when
// the notes are read (an erased account names nobody).
type noteItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	ID        string `dynamodbav:"id_note"`
	MovieID   int64  `dynamodbav:"id_movie"`
	AuthorID  int64  `dynamodbav:"id_user"`
	Text      string `dynamodbav:"text"`
	CreatedAt string `dynamodbav:"createdAt"`
}

func (it noteItem) note() festival.Note {
	at, _ := festival.ParseTime(it.CreatedAt)
	return festival.Note{ID: it.ID, MovieID: it.MovieID, Author: festival.NoteAuthor{ID: it.AuthorID}, Text: it.Text, CreatedAt: at}
}

// MovieNotes reads a film's notes, oldest first (their authors by id only),
// with one consistent Query over the film item and its notes:
// festival.ErrNotFound when the film is not there.
func (s *Films) MovieNotes(ctx context.Context, movieID int64) ([]festival.Note, error) {
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		TableName:              &s.table,
		KeyConditionExpression: aws.String("PK = :pk AND SK BETWEEN :film AND :end"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(moviePK(movieID)), ":film": str(skMovie), ":end": str(noteRangeEnd),
		},
		// Only what a note shows, and the film's tombstone.
		ProjectionExpression:     aws.String("SK, deleting, id_note, id_movie, id_user, #text, createdAt"),
		ExpressionAttributeNames: map[string]string{"#text": "text"},
		ConsistentRead:           aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("read the notes of film %d: %w", movieID, err)
	}
	found := false
	notes := []festival.Note{}
	for _, item := range items {
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		if sk != nil && sk.Value == skMovie {
			_, deleting := item["deleting"]
			found = !deleting
			continue
		}
		var it noteItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, fmt.Errorf("decode a note of film %d: %w", movieID, err)
		}
		notes = append(notes, it.note())
	}
	if !found {
		return nil, festival.ErrNotFound
	}
	return notes, nil
}

// noteCountOp moves a film's count of notes by delta, on condition that the
// film is there, not being deleted, and of the current edition.
func (s *Films) noteCountOp(movieID int64, delta int, current festival.EditionID) types.TransactWriteItem {
	return inEditionOnly(types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("ADD notes :d, version :one"),
		ConditionExpression:       aws.String("attribute_exists(PK) AND attribute_not_exists(deleting)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": num(int64(delta)), ":one": num(1)},
	}}, current)
}

// filmRefused tells why a film's condition failed: gone, archived, or
// changed meanwhile.
func (s *Films) filmRefused(ctx context.Context, movieID int64, current festival.EditionID) error {
	ed, err := s.movieEdition(ctx, movieID)
	if err != nil {
		return err
	}
	if ed != current {
		return errEditionArchived()
	}
	return festival.ErrNotFound // being deleted
}

// AddMovieNote writes a note on a film with its count on the film and the
// audit entry (`movie.note`, without the text), in one transaction.
func (s *Films) AddMovieNote(ctx context.Context, actor festival.Actor, n festival.Note) error {
	current, err := s.currentEdition(ctx)
	if err != nil {
		return err
	}
	item, err := attributevalue.MarshalMap(noteItem{
		PK: moviePK(n.MovieID), SK: noteSK(n.ID), Type: typeNote, ID: n.ID, MovieID: n.MovieID,
		AuthorID: n.Author.ID, Text: n.Text, CreatedAt: n.CreatedAt.String(),
	})
	if err != nil {
		return err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		s.noteCountOp(n.MovieID, 1, current),
		s.auditOp(actor, "movie.note", movieTarget(n.MovieID), map[string]string{"id_note": n.ID}),
	})
	switch {
	case err == nil:
		return nil
	case conditionFailedAt(err, 1):
		return s.filmRefused(ctx, n.MovieID, current)
	case cancelReasons(err) != nil:
		return festival.ErrConflict
	}
	return fmt.Errorf("add a note to film %d: %w", n.MovieID, err)
}

// DeleteMovieNote deletes a note of its author's, with its count on the
// film and the audit entry (`movie.note.delete`), in one transaction:
// festival.ErrNotFound when there is no such note, festival.ErrNotNoteAuthor
// when actor did not write it.
func (s *Films) DeleteMovieNote(ctx context.Context, actor festival.Actor, movieID int64, noteID string) error {
	it, err := getItem[noteItem](ctx, s.core, key(moviePK(movieID), noteSK(noteID)))
	if err != nil {
		return wrapGet(err, "read note %s of film %d", noteID, movieID)
	}
	if it.AuthorID != actor.ID {
		return festival.ErrNotNoteAuthor
	}
	current, err := s.currentEdition(ctx)
	if err != nil {
		return err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName: &s.table, Key: key(moviePK(movieID), noteSK(noteID)),
			ConditionExpression:       aws.String("id_user = :me"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":me": num(actor.ID)},
		}},
		s.noteCountOp(movieID, -1, current),
		s.auditOp(actor, "movie.note.delete", movieTarget(movieID), map[string]string{"id_note": noteID}),
	})
	switch {
	case err == nil:
		return nil
	case conditionFailedAt(err, 0):
		return festival.ErrNotFound // deleted meanwhile
	case conditionFailedAt(err, 1):
		return s.filmRefused(ctx, movieID, current)
	case cancelReasons(err) != nil:
		return festival.ErrConflict
	}
	return fmt.Errorf("delete note %s of film %d: %w", noteID, movieID, err)
}

// viewsItem is an admin's saved views of the board.
type viewsItem struct {
	PK        string               `dynamodbav:"PK"`
	SK        string               `dynamodbav:"SK"`
	Type      string               `dynamodbav:"type"`
	UserID    int64                `dynamodbav:"id_user"`
	Views     []festival.SavedView `dynamodbav:"views"`
	UpdatedAt string               `dynamodbav:"updatedAt"`
}

// SavedViews reads an admin's saved views (none: an empty list).
func (s *Users) SavedViews(ctx context.Context, userID int64) ([]festival.SavedView, error) {
	it, err := getItem[viewsItem](ctx, s.core, key(userPK(userID), skViews))
	if errors.Is(err, festival.ErrNotFound) {
		return []festival.SavedView{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the views of user %d: %w", userID, err)
	}
	if it.Views == nil {
		it.Views = []festival.SavedView{}
	}
	return it.Views, nil
}

// SaveViews replaces an admin's saved views, with the audit entry
// (`user.views`: how many), in one transaction.
func (s *Users) SaveViews(ctx context.Context, actor festival.Actor, views []festival.SavedView) error {
	item, err := attributevalue.MarshalMap(viewsItem{
		PK: userPK(actor.ID), SK: skViews, Type: typeViews, UserID: actor.ID, Views: views,
		UpdatedAt: festival.NewTime(s.now()).String(),
	})
	if err != nil {
		return err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: item}},
		// Only beside an account that is there (not one erased meanwhile).
		{ConditionCheck: &types.ConditionCheck{
			TableName: &s.table, Key: key(userPK(actor.ID), skUser), ConditionExpression: aws.String("attribute_exists(PK)"),
		}},
		s.auditOp(actor, "user.views", fmt.Sprintf("user:%d", actor.ID), map[string]string{"views": strconv.Itoa(len(views))}),
	})
	switch {
	case err == nil:
		return nil
	case conditionFailedAt(err, 1):
		return festival.ErrNotFound
	}
	return fmt.Errorf("save the views of user %d: %w", actor.ID, err)
}
