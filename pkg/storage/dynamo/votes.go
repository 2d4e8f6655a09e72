package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// voteItem is a vote as stored: PK MOVIE#<mid>, SK VOTE#<pad uid>, so a
// voter has at most one vote per film by the key itself.
type voteItem struct {
	PK          string  `dynamodbav:"PK"`
	SK          string  `dynamodbav:"SK"`
	GSI1PK      string  `dynamodbav:"GSI1PK"`
	GSI1SK      string  `dynamodbav:"GSI1SK"`
	GSI2PK      string  `dynamodbav:"GSI2PK"`
	GSI2SK      string  `dynamodbav:"GSI2SK"`
	Type        string  `dynamodbav:"type"`
	Edition     string  `dynamodbav:"edition"`
	ID          int64   `dynamodbav:"id_vote"`
	UserID      int64   `dynamodbav:"id_user"`
	MovieID     int64   `dynamodbav:"id_movie"`
	Score       number  `dynamodbav:"score"`
	Comment     *string `dynamodbav:"comment"`
	IsCandidate bool    `dynamodbav:"is_candidate"`
	// CommentShared: the comment may be shown to the producer (absent: no).
	CommentShared bool   `dynamodbav:"comment_shared,omitempty"`
	CreatedAt     string `dynamodbav:"createdAt"`
	UpdatedAt     string `dynamodbav:"updatedAt"`
	// Criteria are the marks of a vote by grid (absent: by score alone).
	Criteria map[string]number `dynamodbav:"criteria,omitempty"`
}

// toVoteItem is the item of a vote of edition ed (its film's).
func toVoteItem(ed festival.EditionID, v festival.Vote) voteItem {
	return voteItem{
		PK: moviePK(v.MovieID), SK: voteSK(v.UserID), GSI1PK: edVotesGSI1PK(ed), GSI1SK: voteGSI1SK(v.ID),
		GSI2PK: userRefPK(v.UserID), GSI2SK: edVoterSK(ed, v.MovieID), Type: typeVote, Edition: string(ed),
		ID: v.ID, UserID: v.UserID, MovieID: v.MovieID, Score: number(v.Score), Comment: v.Comment,
		IsCandidate: v.IsCandidate, CreatedAt: v.CreatedAt.String(), UpdatedAt: v.UpdatedAt.String(), Criteria: numbers(v.Criteria),
		CommentShared: v.CommentShared,
	}
}

func (it voteItem) vote() festival.Vote {
	created, _ := festival.ParseTime(it.CreatedAt)
	updated, _ := festival.ParseTime(it.UpdatedAt)
	return festival.Vote{
		ID: it.ID, UserID: it.UserID, MovieID: it.MovieID, Score: festival.Decimal(it.Score), Comment: it.Comment,
		IsCandidate: it.IsCandidate, CreatedAt: created, UpdatedAt: updated, Criteria: decimals(it.Criteria),
		CommentShared: it.CommentShared,
	}
}

// VoteGround reads the film, the settings, the voter's vote on it, their
// jury assignment to it and what they played of it in one BatchGetItem
// (consistent): festival.ErrNotFound when the film is not there.
func (s *Votes) VoteGround(ctx context.Context, movieID, voterID int64) (festival.VoteGround, error) {
	var g festival.VoteGround
	var sr settingsRead
	found := false
	var filmEdition festival.EditionID
	keys := append(settingsKeys(),
		key(moviePK(movieID), skMovie), key(moviePK(movieID), voteSK(voterID)), key(moviePK(movieID), watchSK(voterID)),
		key(moviePK(movieID), juryLinkSK(voterID)))
	err := s.batchGet(ctx, keys, "", nil, func(item map[string]types.AttributeValue) error {
		if ok, err := sr.take(item); ok {
			return err
		}
		pk, _ := item[attrPK].(*types.AttributeValueMemberS)
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		switch {
		case pk == nil || sk == nil:
			return fmt.Errorf("vote ground: an item without its key")
		case sk.Value == juryLinkSK(voterID):
			g.Assigned = true
		case strings.HasPrefix(sk.Value, "WATCH#"):
			var it watchItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return err
			}
			w := it.watch()
			g.Viewing, g.Keys, g.KeysIssued = w.Spans, w.Keys, w.KeysIssued
		case sk.Value == skMovie:
			f, err := unmarshalMovieFacts(item)
			if err != nil {
				return err
			}
			g.Movie, found, filmEdition = f, true, editionAttr(item)
		default:
			var it voteItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return err
			}
			v := it.vote()
			g.Vote = &v
		}
		return nil
	})
	if err == nil {
		s.noteSettingsRead(&sr)
	}
	g.Settings = sr.settings()
	g.Archived = found && filmEdition != sr.currentEdition()
	switch {
	case errors.Is(err, festival.ErrNotFound) || (err == nil && !found):
		return g, festival.ErrNotFound
	case err != nil:
		return g, fmt.Errorf("vote ground of movie %d: %w", movieID, err)
	}
	return g, nil
}

// SaveVote writes the outcome of the voter's change on a film
// (festival.DecideVote): judged is the ground the caller judged the vote on
// (VoteGround; nil: SaveVote reads it). One vote per voter per film, whatever
// the concurrency, because the vote's key is the pair (film, voter) and a
// creation is conditional on the key not existing. A write that loses a race
// reads again and asks the domain again: a creation that lost becomes an
// update, a vote deleted meanwhile becomes a creation, and a promotion
// decided on a status an admin changed since is decided on the status read
// again. The film must exist (festival.ErrNotFound otherwise) and, when the
// outcome requires it, the voter must be assigned to it
// (festival.ErrNotAssigned). The audit and ledger entries are in the same
// transaction.
func (s *Votes) SaveVote(ctx context.Context, actor festival.Actor, movieID int64, ch festival.VoteChange, judged *festival.VoteGround) (festival.VoteOutcome, error) {
	var g festival.VoteGround
	if judged != nil {
		g = *judged
	} else {
		var err error
		if g, err = s.VoteGround(ctx, movieID, actor.ID); err != nil {
			return festival.VoteOutcome{}, err
		}
	}
	// The current edition: the ground's read of the settings just
	// refreshed it. The vote goes to it, and its film must be of it.
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return festival.VoteOutcome{}, err
	}
	var newID int64
	var saved festival.VoteOutcome
	lost := fmt.Errorf("save vote on movie %d: too many concurrent writes", movieID)
	err = Retry(ctx, func(try int) error {
		if try > 0 { // the vote as it is now: created, changed or deleted meanwhile
			v, err := s.GetVote(ctx, movieID, actor.ID)
			switch {
			case errors.Is(err, festival.ErrNotFound):
				g.Vote = nil
			case err != nil:
				return err
			default:
				g.Vote = &v
			}
		}
		o, err := festival.DecideVote(actor, g, ch, festival.NewTime(s.now()))
		if err != nil {
			return err
		}
		if o.Created {
			if newID == 0 {
				if newID, err = s.nextID(ctx, counterVotes); err != nil {
					return err
				}
			}
			o.Vote.ID = newID
		}
		ops, err := s.voteOps(actor, ed, movieID, o)
		if err != nil {
			return err
		}
		err = s.transact(ctx, ops)
		switch {
		case err == nil:
			saved = o
			return nil
		case conditionFailedAt(err, 0):
			// Created by a concurrent request (or deleted since it was read):
			// read it again and take the other path.
			return Again(lost)
		case conditionFailedAt(err, 1):
			// The film is gone, out of the festival, or its status changed
			// since it was read (an admin's decision, a withdrawal): read it
			// again and decide again; a film of an archived edition takes no vote.
			if err := s.archivedFilm(ctx, movieID, ed); err != nil {
				return err
			}
			if g.Movie, err = (&Films{s.core}).GetMovieFacts(ctx, movieID); err != nil {
				return err
			}
			return Again(lost)
		case o.RequireAssignment && conditionFailedAt(err, 2):
			return festival.ErrNotAssigned
		case transactionConflict(err):
			return Again(lost)
		default:
			return fmt.Errorf("save vote on movie %d: %w", movieID, err)
		}
	})
	return saved, err
}

// voteOps are the transaction of a vote's outcome: the vote (index 0), the
// film's move or check (1), the voter's assignment check when required (2),
// then the audit entries and, last, the vote ledger's pending entries (the
// indexes above keep their meaning for the cancellation reasons).
func (s *Votes) voteOps(actor festival.Actor, ed festival.EditionID, movieID int64, o festival.VoteOutcome) ([]types.TransactWriteItem, error) {
	var ops []types.TransactWriteItem
	if o.Created {
		item, err := attributevalue.MarshalMap(toVoteItem(ed, o.Vote))
		if err != nil {
			return nil, err
		}
		ops = append(ops, types.TransactWriteItem{Put: &types.Put{
			TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
		}})
	} else {
		ops = append(ops, s.voteUpdateOp(o.Vote))
	}
	var film types.TransactWriteItem
	switch {
	case o.Promote:
		film = s.movieStatusOp(movieID, o.From, festival.StatusCandidate, o.Vote.UpdatedAt)
	case o.HoldCandidate:
		film = s.stillCandidateCheck(movieID)
	default:
		film = s.movieExistsCheck(movieID)
	}
	ops = append(ops, inEditionOnly(inFestivalOnly(film), ed))
	if o.RequireAssignment {
		ops = append(ops, s.juryAssignedCheck(movieID, actor.ID))
	}
	for _, e := range o.Audit() {
		ops = append(ops, s.auditOp(actor, e.Action, e.Target, e.Details))
	}
	for _, e := range o.Ledger() {
		op, err := s.ledgerOp(ed, e.Kind, e.Data)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// voteUpdateOp rewrites the mutable fields of an existing vote. It sets every
// field the voter can change (merged with the stored vote), so concurrent
// re-submissions end with one of them whole, never a mix.
func (s *Votes) voteUpdateOp(v festival.Vote) types.TransactWriteItem {
	var comment types.AttributeValue = &types.AttributeValueMemberNULL{Value: true}
	if v.Comment != nil {
		comment = str(*v.Comment)
	}
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(v.MovieID), voteSK(v.UserID)),
		ConditionExpression:      aws.String("attribute_exists(PK)"),
		UpdateExpression:         aws.String("SET #s = :s, #c = :c, #ic = :ic, #cs = :cs, #u = :u, #cr = :cr"),
		ExpressionAttributeNames: map[string]string{"#s": "score", "#c": "comment", "#ic": "is_candidate", "#cs": "comment_shared", "#u": "updatedAt", "#cr": "criteria"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":s":  numberValue(v.Score),
			":c":  comment,
			":ic": &types.AttributeValueMemberBOOL{Value: v.IsCandidate},
			":cs": &types.AttributeValueMemberBOOL{Value: v.CommentShared},
			":u":  str(v.UpdatedAt.String()),
			":cr": criteriaValue(v.Criteria),
		},
	}}
}

// criteriaValue is a vote's marks as stored (NULL for a vote by score).
func criteriaValue(c map[string]festival.Decimal) types.AttributeValue {
	if len(c) == 0 {
		return &types.AttributeValueMemberNULL{Value: true}
	}
	m := make(map[string]types.AttributeValue, len(c))
	for k, v := range c {
		m[k] = numberValue(v)
	}
	return &types.AttributeValueMemberM{Value: m}
}

// GetVote reads the vote of a voter on a film; festival.ErrNotFound when there is none.
func (s *Votes) GetVote(ctx context.Context, movieID, userID int64) (festival.Vote, error) {
	it, err := getItem[voteItem](ctx, s.core, key(moviePK(movieID), voteSK(userID)))
	if err != nil {
		return festival.Vote{}, wrapGet(err, "get vote")
	}
	return it.vote(), nil
}

// VotesOf returns a voter's votes of the edition the request addresses in
// film order (GSI2 USER#<uid> / VOTE#<ed>#MOVIE#...).
func (s *Votes) VotesOf(ctx context.Context, userID int64, p Page) ([]festival.Vote, string, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, "", err
	}
	return s.queryVotes(ctx, s.gsi2Query(userRefPK(userID), edVoteOfPrefix(ed)), p)
}

// ListVotes returns every vote of the edition the request addresses in id
// order (GSI1 VOTES#<ed>), one page or all.
func (s *Votes) ListVotes(ctx context.Context, p Page) ([]festival.Vote, string, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, "", err
	}
	return s.queryVotes(ctx, s.gsi1Query(edVotesGSI1PK(ed)), p)
}

// MovieVotes returns the votes on one film (its item collection).
func (s *Votes) MovieVotes(ctx context.Context, movieID int64) ([]festival.Vote, error) {
	votes, _, err := s.queryVotes(ctx, movieVotesQuery(s.table, movieID), Page{})
	return votes, err
}

func movieVotesQuery(table string, movieID int64) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:              &table,
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(moviePK(movieID)), ":sk": str(prefixVote),
		},
		ConsistentRead: aws.Bool(true),
	}
}

func (s *Votes) queryVotes(ctx context.Context, in *dynamodb.QueryInput, p Page) ([]festival.Vote, string, error) {
	return queryRecords(ctx, s.core, in, p, voteItem.vote)
}

// VoteByID finds a vote of the edition the request addresses by its id
// (GSI1 VOTES#<ed> / VOTE#<pad id>).
func (s *Votes) VoteByID(ctx context.Context, id int64) (festival.Vote, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return festival.Vote{}, err
	}
	return findByGSI1(ctx, s.core, edVotesGSI1PK(ed), voteGSI1SK(id), voteItem.vote, "vote")
}
