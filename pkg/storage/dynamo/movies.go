package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// ErrConflict is returned when a write lost a race with a concurrent change
// of a record it depends on (a category or jury member deleted meanwhile,
// a film changed too often to apply the change); nothing was written.
var ErrConflict = errors.New("store: concurrent change, nothing written")

// UnknownIDsError lists the ids a write refers to that do not exist (or, for
// juries, are not JURY accounts); nothing was written.
type UnknownIDsError struct{ IDs []int64 }

func (e *UnknownIDsError) Error() string {
	return fmt.Sprintf("store: unknown ids %v", e.IDs)
}

// ConflictOfInterestError lists the jury members who may not be assigned to
// a film because they produced it or are among its collaborators (same
// e-mail); nothing was written.
type ConflictOfInterestError struct{ IDs []int64 }

func (e *ConflictOfInterestError) Error() string {
	return fmt.Sprintf("store: jury members %v have a conflict of interest with the film", e.IDs)
}

// movieItem is a film as stored. It embeds everything GET /movies/:id shows,
// so one GetItem answers it and a listing needs no request per film.
// Categories and Juries are stored as maps keyed by id (the API shows them as
// arrays sorted by id): a rename or a removal then updates one map entry in
// place (SET Juries.#id / REMOVE Categories.#id) without reading the film to
// find a list index, so it can join any transaction.
type movieItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	GSI1PK string `dynamodbav:"GSI1PK"`
	GSI1SK string `dynamodbav:"GSI1SK"`
	GSI2PK string `dynamodbav:"GSI2PK"`
	GSI2SK string `dynamodbav:"GSI2SK"`
	Type   string `dynamodbav:"type"`

	ID              int64   `dynamodbav:"id_movie"`
	Title           string  `dynamodbav:"title"`
	Description     *string `dynamodbav:"description,omitempty"`
	Duration        *int64  `dynamodbav:"duration,omitempty"`
	MainLanguage    *string `dynamodbav:"main_language,omitempty"`
	ReleaseYear     *int64  `dynamodbav:"release_year,omitempty"`
	Nationality     *string `dynamodbav:"nationality,omitempty"`
	DisplayPicture  *string `dynamodbav:"display_picture,omitempty"`
	Picture1        *string `dynamodbav:"picture1,omitempty"`
	Picture2        *string `dynamodbav:"picture2,omitempty"`
	Picture3        *string `dynamodbav:"picture3,omitempty"`
	Trailer         *string `dynamodbav:"trailer,omitempty"`
	YoutubeLink     *string `dynamodbav:"youtube_link,omitempty"`
	Production      *string `dynamodbav:"production,omitempty"`
	Workshop        *string `dynamodbav:"workshop,omitempty"`
	Translation     *string `dynamodbav:"translation,omitempty"`
	Synopsis        *string `dynamodbav:"synopsis,omitempty"`
	SynopsisAnglais *string `dynamodbav:"synopsis_anglais,omitempty"`
	Subtitle        *string `dynamodbav:"subtitle,omitempty"`
	AITool          *string `dynamodbav:"ai_tool,omitempty"`
	Thumbnail       *string `dynamodbav:"thumbnail,omitempty"`
	SelectionStatus string  `dynamodbav:"selection_status"`
	JuryComment     *string `dynamodbav:"jury_comment,omitempty"`
	AdminComment    *string `dynamodbav:"admin_comment,omitempty"`
	OwnerID         int64   `dynamodbav:"id_user"`
	CreatedAt       string  `dynamodbav:"createdAt"`
	UpdatedAt       string  `dynamodbav:"updatedAt"`

	// Always present (possibly empty): an update expression on a map entry
	// fails when the map itself is missing.
	Categories    map[string]festival.MovieCategory `dynamodbav:"Categories"`
	Collaborators []festival.Collaborator           `dynamodbav:"Collaborators"`
	Awards        []festival.MovieAward             `dynamodbav:"Awards"`
	Producer      festival.Producer                 `dynamodbav:"Producer"`
	Juries        map[string]festival.Jury          `dynamodbav:"Juries"`

	// Version increases with every change; whole-item writes are conditional
	// on it (optimistic locking), in-place updates bump it.
	Version int64 `dynamodbav:"version"`

	// Deleting is the tombstone DeleteMovie sets before it removes the
	// film's item collection: from then on the film reads as gone and every
	// write that would add to its collection is refused (see DeleteMovie).
	Deleting bool `dynamodbav:"deleting,omitempty"`
}

func idKey(id int64) string { return strconv.FormatInt(id, 10) }

func toMovieItem(m festival.Movie, version int64) movieItem {
	it := movieItem{
		PK: moviePK(m.ID), SK: skMovie, GSI1PK: gsi1Movies, GSI1SK: movieGSI1SK(m.ID),
		GSI2PK: userRefPK(m.OwnerID), GSI2SK: movieProducerSK(m.ID), Type: typeMovie,
		ID: m.ID, Title: m.Title, Description: m.Description, Duration: m.Duration,
		MainLanguage: m.MainLanguage, ReleaseYear: m.ReleaseYear, Nationality: m.Nationality,
		DisplayPicture: m.DisplayPicture, Picture1: m.Picture1, Picture2: m.Picture2, Picture3: m.Picture3,
		Trailer: m.Trailer, YoutubeLink: m.YoutubeLink, Production: m.Production, Workshop: m.Workshop,
		Translation: m.Translation, Synopsis: m.Synopsis, SynopsisAnglais: m.SynopsisAnglais,
		Subtitle: m.Subtitle, AITool: m.AITool, Thumbnail: m.Thumbnail,
		SelectionStatus: string(m.SelectionStatus), JuryComment: m.JuryComment, AdminComment: m.AdminComment,
		OwnerID: m.OwnerID, CreatedAt: m.CreatedAt.String(), UpdatedAt: m.UpdatedAt.String(),
		Categories:    make(map[string]festival.MovieCategory, len(m.Categories)),
		Collaborators: make([]festival.Collaborator, 0, len(m.Collaborators)),
		Awards:        make([]festival.MovieAward, 0, len(m.Awards)),
		Juries:        make(map[string]festival.Jury, len(m.Juries)),
		Version:       version,
	}
	for _, c := range m.Categories {
		it.Categories[idKey(c.ID)] = c
	}
	it.Collaborators = append(it.Collaborators, m.Collaborators...)
	for _, a := range m.Awards {
		a.AwardedAtS = a.AwardedAt.String()
		it.Awards = append(it.Awards, a)
	}
	for _, j := range m.Juries {
		it.Juries[idKey(j.ID)] = j
	}
	if m.Producer != nil {
		it.Producer = *m.Producer
	}
	return it
}

func (it movieItem) movie() festival.Movie {
	created, _ := festival.ParseTime(it.CreatedAt)
	updated, _ := festival.ParseTime(it.UpdatedAt)
	st := festival.SelectionStatus(it.SelectionStatus)
	m := festival.Movie{
		ID: it.ID, Title: it.Title, Description: it.Description, Duration: it.Duration,
		MainLanguage: it.MainLanguage, ReleaseYear: it.ReleaseYear, Nationality: it.Nationality,
		DisplayPicture: it.DisplayPicture, Picture1: it.Picture1, Picture2: it.Picture2, Picture3: it.Picture3,
		Trailer: it.Trailer, YoutubeLink: it.YoutubeLink, Production: it.Production, Workshop: it.Workshop,
		Translation: it.Translation, Synopsis: it.Synopsis, SynopsisAnglais: it.SynopsisAnglais,
		Subtitle: it.Subtitle, AITool: it.AITool, Thumbnail: it.Thumbnail,
		SelectionStatus: st, Status: st.Guide(), JuryComment: it.JuryComment, AdminComment: it.AdminComment,
		OwnerID: it.OwnerID, CreatedAt: created, UpdatedAt: updated,
		// Empty arrays, never null: the web client iterates them.
		Categories:    make([]festival.MovieCategory, 0, len(it.Categories)),
		Collaborators: make([]festival.Collaborator, 0, len(it.Collaborators)),
		Awards:        make([]festival.MovieAward, 0, len(it.Awards)),
		Juries:        make([]festival.Jury, 0, len(it.Juries)),
	}
	for _, c := range it.Categories {
		m.Categories = append(m.Categories, c)
	}
	slices.SortFunc(m.Categories, func(a, b festival.MovieCategory) int { return cmpID(a.ID, b.ID) })
	m.Collaborators = append(m.Collaborators, it.Collaborators...)
	for _, a := range it.Awards {
		a.AwardedAt, _ = festival.ParseTime(a.AwardedAtS)
		m.Awards = append(m.Awards, a)
	}
	for _, j := range it.Juries {
		m.Juries = append(m.Juries, j)
	}
	slices.SortFunc(m.Juries, func(a, b festival.Jury) int { return cmpID(a.ID, b.ID) })
	p := it.Producer
	m.Producer = &p
	return m
}

func cmpID(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// unmarshalMovie decodes a film item; a film being deleted is ErrNotFound.
func unmarshalMovie(item map[string]types.AttributeValue) (festival.Movie, int64, error) {
	var it movieItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return festival.Movie{}, 0, fmt.Errorf("decode film: %w", err)
	}
	if it.Deleting {
		return festival.Movie{}, 0, ErrNotFound
	}
	return it.movie(), it.Version, nil
}

// movieCategoryLinkItem links a film to a category; GSI2 CATEGORY#<cid>
// lists a category's films.
type movieCategoryLinkItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI2PK     string `dynamodbav:"GSI2PK"`
	GSI2SK     string `dynamodbav:"GSI2SK"`
	Type       string `dynamodbav:"type"`
	MovieID    int64  `dynamodbav:"id_movie"`
	CategoryID int64  `dynamodbav:"id_categorie"`
}

// movieJuryLinkItem assigns a jury member to a film; GSI2 USER#<uid> /
// JURY#MOVIE#... lists the films assigned to them.
type movieJuryLinkItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI2PK     string `dynamodbav:"GSI2PK"`
	GSI2SK     string `dynamodbav:"GSI2SK"`
	Type       string `dynamodbav:"type"`
	MovieID    int64  `dynamodbav:"id_movie"`
	UserID     int64  `dynamodbav:"id_user"`
	AssignedAt string `dynamodbav:"assignedAt"`
}

const (
	typeMovieCategoryLink = "MOVIE_CATEGORY"
	typeMovieJury         = "MOVIE_JURY"
)

func (s *Store) categoryLinkPut(movieID, categoryID int64) (types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(movieCategoryLinkItem{
		PK: moviePK(movieID), SK: categoryLinkSK(categoryID),
		GSI2PK: categoryRefPK(categoryID), GSI2SK: movieRefSK(movieID),
		Type: typeMovieCategoryLink, MovieID: movieID, CategoryID: categoryID,
	})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}, nil
}

func (s *Store) juryLinkPut(movieID, userID int64) (types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(movieJuryLinkItem{
		PK: moviePK(movieID), SK: juryLinkSK(userID),
		GSI2PK: userRefPK(userID), GSI2SK: juryAssignedSK(movieID),
		Type: typeMovieJury, MovieID: movieID, UserID: userID, AssignedAt: festival.NewTime(s.now()).String(),
	})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}, nil
}

func (s *Store) deleteOp(pk, sk string) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: key(pk, sk)}}
}

// NewMovieID draws the id of a new film. Files are stored under the id
// before the film exists, so it is drawn first.
func (s *Store) NewMovieID(ctx context.Context) (int64, error) { return s.nextID(ctx, counterMovies) }

// NewCollaboratorIDs draws n consecutive collaborator ids with one request.
func (s *Store) NewCollaboratorIDs(ctx context.Context, n int) ([]int64, error) {
	if n <= 0 {
		return nil, nil
	}
	return s.nextIDs(ctx, counterCollaborators, n)
}

// createMovieOps returns the writes that create a film: the film item (on the
// condition that the id is free) and its category links. The film is item 0.
func (s *Store) createMovieOps(m festival.Movie) ([]types.TransactWriteItem, error) {
	if len(m.Juries) > 0 {
		return nil, errors.New("create film: juries are assigned after creation")
	}
	item, err := attributevalue.MarshalMap(toMovieItem(m, 1))
	if err != nil {
		return nil, err
	}
	ops := []types.TransactWriteItem{{Put: &types.Put{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}}}
	for _, c := range m.Categories {
		op, err := s.categoryLinkPut(m.ID, c.ID)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op, s.categoryExistsCheck(c.ID))
	}
	return ops, nil
}

// categoryExistsCheck makes a transaction fail if the category is deleted
// (or being deleted: DeleteCategory's tombstone) between validation and
// write, so no link to it is added while its links are removed.
func (s *Store) categoryExistsCheck(id int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(categoryPK(id), skCategory),
		ConditionExpression: aws.String("attribute_exists(PK) AND attribute_not_exists(deleting)"),
	}}
}

// CreateMovie stores a new film whose ID, owner, Producer and timestamps are
// set. Its categories must exist (ErrConflict otherwise).
func (s *Store) CreateMovie(ctx context.Context, m festival.Movie) error {
	ops, err := s.createMovieOps(m)
	if err != nil {
		return err
	}
	err = s.transact(ctx, ops)
	if cancelReasons(err) != nil {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("create film %d: %w", m.ID, err)
	}
	return nil
}

// CreateProducerWithMovie creates a producer account and their first film in
// one transaction (POST /auth/register-film): both or neither. It returns
// ErrEmailTaken when the e-mail belongs to an account; then nothing is written.
func (s *Store) CreateProducerWithMovie(ctx context.Context, u festival.User, m festival.Movie) error {
	userOps, err := s.putUserOps(u) // the e-mail marker is item 0
	if err != nil {
		return err
	}
	movieOps, err := s.createMovieOps(m)
	if err != nil {
		return err
	}
	err = s.transact(ctx, append(userOps, movieOps...))
	switch {
	case conditionFailedAt(err, 0):
		return ErrEmailTaken
	case cancelReasons(err) != nil:
		return ErrConflict
	case err != nil:
		return fmt.Errorf("create producer %d with film %d: %w", u.ID, m.ID, err)
	}
	return nil
}

// GetMovie reads one film with everything embedded in it: one GetItem.
func (s *Store) GetMovie(ctx context.Context, id int64) (festival.Movie, error) {
	m, _, err := s.getMovie(ctx, id)
	return m, err
}

func (s *Store) getMovie(ctx context.Context, id int64) (festival.Movie, int64, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: key(moviePK(id), skMovie), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return festival.Movie{}, 0, fmt.Errorf("get film %d: %w", id, err)
	}
	if out.Item == nil {
		return festival.Movie{}, 0, ErrNotFound
	}
	return unmarshalMovie(out.Item)
}

// MovieFilter narrows a film listing. Zero values do not filter.
type MovieFilter struct {
	// Statuses keeps films whose selection_status is one of these.
	Statuses []festival.SelectionStatus
	// CategoryID keeps films linked to this category.
	CategoryID int64
}

func (f MovieFilter) keeps(m festival.Movie) bool {
	return len(f.Statuses) == 0 || slices.Contains(f.Statuses, m.SelectionStatus)
}

// statusFilter returns a FilterExpression on selection_status, if any.
func (f MovieFilter) statusFilter(in *dynamodb.QueryInput) {
	if len(f.Statuses) == 0 {
		return
	}
	ph := make([]string, len(f.Statuses))
	if in.ExpressionAttributeValues == nil {
		in.ExpressionAttributeValues = map[string]types.AttributeValue{}
	}
	for i, st := range f.Statuses {
		ph[i] = fmt.Sprintf(":st%d", i)
		in.ExpressionAttributeValues[ph[i]] = str(string(st))
	}
	in.FilterExpression = aws.String("selection_status IN (" + strings.Join(ph, ", ") + ")")
}

// ListMovies returns films in id order, one page or (Limit 0) all of them.
// Without a category it is one Query per page of GSI1 MOVIES (the film items
// themselves, projected ALL); with a category, one Query per page of the
// category's links plus one BatchGetItem per 100 films. Never one request per film.
func (s *Store) ListMovies(ctx context.Context, f MovieFilter, p Page) ([]festival.Movie, string, error) {
	if f.CategoryID > 0 {
		return s.linkedMovies(ctx, s.gsi2Query(categoryRefPK(f.CategoryID), "MOVIE#"), f, p)
	}
	in := s.gsi1Query(gsi1Movies)
	f.statusFilter(in)
	return s.movieItems(ctx, in, p)
}

// MoviesOfProducer lists the films a producer owns: one Query per page of
// GSI2 USER#<id> / PRODUCES#MOVIE#, which holds the film items themselves.
func (s *Store) MoviesOfProducer(ctx context.Context, producerID int64, p Page) ([]festival.Movie, string, error) {
	return s.movieItems(ctx, s.gsi2Query(userRefPK(producerID), "PRODUCES#MOVIE#"), p)
}

// FilmIDsOfProducer lists the ids of every film item a producer owns,
// including films whose deletion started and did not finish (which the
// listings hide), so that deleting the producer can finish them too.
func (s *Store) FilmIDsOfProducer(ctx context.Context, producerID int64) ([]int64, error) {
	return s.movieIDsOnGSI2(ctx, userRefPK(producerID), "PRODUCES#MOVIE#")
}

// movieIDsOnGSI2 reads the id_movie of every item of a GSI2 partition whose
// sort key starts with prefix: the films of a producer, of a category, ...
func (s *Store) movieIDsOnGSI2(ctx context.Context, pk, prefix string) ([]int64, error) {
	in := s.gsi2Query(pk, prefix)
	in.ProjectionExpression = aws.String("id_movie")
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("films of %s: %w", pk, err)
	}
	ids := make([]int64, 0, len(items))
	for _, item := range items {
		var it struct {
			ID int64 `dynamodbav:"id_movie"`
		}
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		ids = append(ids, it.ID)
	}
	return ids, nil
}

// MoviesAssignedTo lists the films assigned to a jury member: one Query per
// page of their assignments (GSI2 USER#<id> / JURY#MOVIE#), then one
// BatchGetItem per 100 films.
func (s *Store) MoviesAssignedTo(ctx context.Context, juryID int64, p Page) ([]festival.Movie, string, error) {
	return s.linkedMovies(ctx, s.gsi2Query(userRefPK(juryID), "JURY#MOVIE#"), MovieFilter{}, p)
}

func (s *Store) movieItems(ctx context.Context, in *dynamodb.QueryInput, p Page) ([]festival.Movie, string, error) {
	movies := []festival.Movie{}
	next, err := s.queryPages(ctx, in, p, func(item map[string]types.AttributeValue) error {
		m, _, err := unmarshalMovie(item)
		if errors.Is(err, ErrNotFound) {
			return nil // being deleted
		}
		if err != nil {
			return err
		}
		movies = append(movies, m)
		return nil
	})
	return movies, next, err
}

// linkedMovies reads link items (each with id_movie) and then the films they
// point to, in link order.
func (s *Store) linkedMovies(ctx context.Context, in *dynamodb.QueryInput, f MovieFilter, p Page) ([]festival.Movie, string, error) {
	var ids []int64
	next, err := s.queryPages(ctx, in, p, func(item map[string]types.AttributeValue) error {
		var link struct {
			MovieID int64 `dynamodbav:"id_movie"`
		}
		if err := attributevalue.UnmarshalMap(item, &link); err != nil {
			return err
		}
		ids = append(ids, link.MovieID)
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	all, err := s.batchGetMovies(ctx, ids)
	if err != nil {
		return nil, "", err
	}
	movies := make([]festival.Movie, 0, len(all))
	for _, m := range all {
		if f.keeps(m) {
			movies = append(movies, m)
		}
	}
	return movies, next, nil
}

// maxBatchGet is DynamoDB's limit of keys in one BatchGetItem.
const maxBatchGet = 100

// batchGetByID reads the items of ids (keyOf gives each one's key) with one
// BatchGetItem per 100 keys, retrying unprocessed keys with a backoff, and
// decodes them. It returns the records in the order of ids, and the ids that
// have no item. projection may be "" (whole items).
func batchGetByID[R any](ctx context.Context, s *Store, ids []int64, keyOf func(int64) map[string]types.AttributeValue,
	projection string, names map[string]string, decode func(map[string]types.AttributeValue) (R, int64, error)) ([]R, []int64, error) {
	byID := make(map[int64]R, len(ids))
	for start := 0; start < len(ids); start += maxBatchGet {
		chunk := ids[start:min(len(ids), start+maxBatchGet)]
		ka := types.KeysAndAttributes{ConsistentRead: aws.Bool(true)}
		seen := map[int64]bool{}
		for _, id := range chunk {
			if !seen[id] { // BatchGetItem refuses duplicate keys
				seen[id] = true
				ka.Keys = append(ka.Keys, keyOf(id))
			}
		}
		if projection != "" {
			ka.ProjectionExpression = aws.String(projection)
			ka.ExpressionAttributeNames = names
		}
		// Keys DynamoDB leaves unprocessed (throttling) are asked again under
		// the store's retry policy.
		req := map[string]types.KeysAndAttributes{s.table: ka}
		err := Retry(ctx, func(int) error {
			out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
			if err != nil {
				return fmt.Errorf("batch get: %w", err)
			}
			for _, item := range out.Responses[s.table] {
				r, id, err := decode(item)
				if err != nil {
					return err
				}
				byID[id] = r
			}
			if req = out.UnprocessedKeys; len(req) > 0 {
				return Again(errors.New("batch get: keys left unprocessed after retries"))
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	found := make([]R, 0, len(ids))
	var missing []int64
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			found = append(found, r)
		} else {
			missing = append(missing, id)
		}
	}
	return found, missing, nil
}

// batchGetMovies reads films by id and returns them in the order of ids;
// films that no longer exist, or are being deleted, are left out.
func (s *Store) batchGetMovies(ctx context.Context, ids []int64) ([]festival.Movie, error) {
	type read struct {
		m    festival.Movie
		gone bool
	}
	all, _, err := batchGetByID(ctx, s, ids, func(id int64) map[string]types.AttributeValue { return key(moviePK(id), skMovie) },
		"", nil, func(item map[string]types.AttributeValue) (read, int64, error) {
			var it movieItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return read{}, 0, fmt.Errorf("decode film: %w", err)
			}
			return read{m: it.movie(), gone: it.Deleting}, it.ID, nil
		})
	if err != nil {
		return nil, err
	}
	films := make([]festival.Movie, 0, len(all))
	for _, r := range all {
		if !r.gone {
			films = append(films, r.m)
		}
	}
	return films, nil
}

// CategoryNames reads categories by id and returns the embedded form of each,
// in the order of ids; ids that do not exist come back as *UnknownIDsError.
func (s *Store) CategoryNames(ctx context.Context, ids []int64) ([]festival.MovieCategory, error) {
	type read struct {
		c    festival.MovieCategory
		gone bool
	}
	all, missing, err := batchGetByID(ctx, s, ids, func(id int64) map[string]types.AttributeValue { return key(categoryPK(id), skCategory) },
		"id_categorie, #n, deleting", map[string]string{"#n": "name"}, func(item map[string]types.AttributeValue) (read, int64, error) {
			var c festival.MovieCategory
			err := attributevalue.UnmarshalMap(item, &c)
			_, gone := item["deleting"]
			return read{c: c, gone: gone}, c.ID, err
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
		return nil, &UnknownIDsError{IDs: missing}
	}
	return cats, nil
}

// JuryMembers reads users by id and returns the embedded jury form of each,
// in the order of ids; ids that do not exist or are not JURY accounts come
// back as *UnknownIDsError.
func (s *Store) JuryMembers(ctx context.Context, ids []int64) ([]festival.Jury, error) {
	users, refused, err := batchGetByID(ctx, s, ids, func(id int64) map[string]types.AttributeValue { return key(userPK(id), skUser) },
		"id_user, first_name, last_name, email, #r", map[string]string{"#r": "role"}, func(item map[string]types.AttributeValue) (festival.Jury, int64, error) {
			var j festival.Jury
			err := attributevalue.UnmarshalMap(item, &j)
			return j, j.ID, err
		})
	if err != nil {
		return nil, err
	}
	juries := make([]festival.Jury, 0, len(users))
	for _, j := range users {
		if j.Role == festival.RoleJury {
			juries = append(juries, j)
		} else {
			refused = append(refused, j.ID)
		}
	}
	if len(refused) > 0 {
		slices.Sort(refused)
		return nil, &UnknownIDsError{IDs: refused}
	}
	return juries, nil
}

// MovieChange changes a film in memory and returns the writes that must go
// in the same transaction as the film (links, audit entry, condition checks).
type MovieChange func(m *festival.Movie) ([]types.TransactWriteItem, error)

// UpdateMovie reads a film, applies change and writes it back with the extra
// writes change returns, all in one transaction conditional on the film's
// version, so two concurrent changes cannot lose each other: the loser reads
// again and reapplies (a few times, then ErrConflict). A transaction
// cancelled by a concurrent one (TransactionConflict) is retried the same
// way after a backoff. A failed condition on
// one of the extra writes (a category or jury member deleted meanwhile) is
// also ErrConflict. change may return an error to abort; nothing is written.
//
// Other record kinds that change a film (votes marking it candidate, awards)
// use this too, so every change of the film item goes through one path.
func (s *Store) UpdateMovie(ctx context.Context, id int64, change MovieChange) (festival.Movie, error) {
	var updated festival.Movie
	err := Retry(ctx, func(int) error {
		before, version, err := s.getMovie(ctx, id)
		if err != nil {
			return err
		}
		after := before
		// Give change copies of the embedded arrays so it cannot alter before's.
		after.Categories = slices.Clone(before.Categories)
		after.Collaborators = slices.Clone(before.Collaborators)
		after.Awards = slices.Clone(before.Awards)
		after.Juries = slices.Clone(before.Juries)
		extra, err := change(&after)
		if err != nil {
			return err
		}
		after.ID, after.OwnerID, after.CreatedAt, after.Producer = before.ID, before.OwnerID, before.CreatedAt, before.Producer
		after.UpdatedAt = festival.NewTime(s.now())
		after.Status = after.SelectionStatus.Guide()
		it := toMovieItem(after, version+1)
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return err
		}
		after = it.movie() // the stored form: embedded arrays sorted as reads show them
		ops := append([]types.TransactWriteItem{{Put: &types.Put{
			TableName: &s.table, Item: item,
			// Not on a film being deleted: its item collection is being
			// removed, and the Put must not add to it (nor drop the tombstone).
			ConditionExpression:       aws.String("#v = :v AND attribute_not_exists(deleting)"),
			ExpressionAttributeNames:  map[string]string{"#v": "version"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(version)},
		}}}, extra...)
		if len(ops) > maxTransactItems {
			return fmt.Errorf("update film %d: %d writes exceed one transaction", id, len(ops))
		}
		err = s.transact(ctx, ops)
		switch {
		case err == nil:
			updated = after
			return nil
		case conditionFailedAt(err, 0) || transactionConflict(err):
			// The film changed since it was read, or another transaction
			// touched one of the items at the same moment (ordinary
			// contention, e.g. votes on the film): nothing was written, so
			// read and apply again rather than answer 409.
			return Again(ErrConflict)
		case cancelReasons(err) != nil:
			return ErrConflict
		default:
			return fmt.Errorf("update film %d: %w", id, err)
		}
	})
	return updated, err
}

// AuditInfo names who makes a change and the action recorded for it.
type AuditInfo struct {
	Actor  festival.Actor
	Action string // movie.status, movie.candidate, ...
}

// ChangeMovie applies change to a film (see UpdateMovie). When audit is set,
// the audit entry, with the details change returns, joins the same
// transaction, so the trail records exactly the changes that happened.
func (s *Store) ChangeMovie(ctx context.Context, id int64, audit *AuditInfo, change func(m *festival.Movie) (map[string]string, error)) (festival.Movie, error) {
	return s.UpdateMovie(ctx, id, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		details, err := change(m)
		if err != nil || audit == nil {
			return nil, err
		}
		return []types.TransactWriteItem{s.auditOp(audit.Actor, audit.Action, movieTarget(id), details)}, nil
	})
}

// relinkOps returns the writes that make a film's links of one kind exactly
// want, given the ids it has: a Put for each new id, a ConditionCheck that
// each wanted target still qualifies (so a category deleted or a user demoted
// meanwhile cancels the transaction), and a Delete for each dropped id.
func relinkOps(have, want []int64, put func(int64) (types.TransactWriteItem, error),
	check func(int64) types.TransactWriteItem, drop func(int64) types.TransactWriteItem) ([]types.TransactWriteItem, error) {
	var ops []types.TransactWriteItem
	for _, id := range want {
		if !slices.Contains(have, id) {
			op, err := put(id)
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
		ops = append(ops, check(id))
	}
	for _, id := range have {
		if !slices.Contains(want, id) {
			ops = append(ops, drop(id))
		}
	}
	return ops, nil
}

// joinIDs lists ids for an audit entry's details.
func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ",")
}

// SetMovieCategories assigns exactly these categories to a film (already
// validated by CategoryNames): the embedded Categories, the link items that
// changed, a check that each category still exists, and the audit entry, in
// one transaction.
func (s *Store) SetMovieCategories(ctx context.Context, actor festival.Actor, id int64, cats []festival.MovieCategory) (festival.Movie, error) {
	want := make([]int64, len(cats))
	for i, c := range cats {
		want[i] = c.ID
	}
	return s.UpdateMovie(ctx, id, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		have := make([]int64, len(m.Categories))
		for i, c := range m.Categories {
			have[i] = c.ID
		}
		ops, err := relinkOps(have, want,
			func(cid int64) (types.TransactWriteItem, error) { return s.categoryLinkPut(id, cid) },
			s.categoryExistsCheck,
			func(cid int64) types.TransactWriteItem { return s.deleteOp(moviePK(id), categoryLinkSK(cid)) })
		if err != nil {
			return nil, err
		}
		m.Categories = slices.Clone(cats)
		return append(ops, s.auditOp(actor, "movie.categories", movieTarget(id), map[string]string{"categories": joinIDs(want)})), nil
	})
}

// SetMovieJuries assigns exactly these jury members (already validated by
// JuryMembers) to a film: embedded Juries, the assignment items that changed,
// a check that each member is still a JURY account, and the audit entry, in
// one transaction. A member with a conflict of interest (the film's producer,
// or a collaborator by e-mail) is a *ConflictOfInterestError and nothing is
// written. The check runs on the film as read for the versioned write, so a
// collaborator added concurrently makes the write retry and be checked again.
func (s *Store) SetMovieJuries(ctx context.Context, actor festival.Actor, id int64, juries []festival.Jury) (festival.Movie, error) {
	want := make([]int64, len(juries))
	for i, j := range juries {
		want[i] = j.ID
	}
	return s.UpdateMovie(ctx, id, func(m *festival.Movie) ([]types.TransactWriteItem, error) {
		var conflicted []int64
		for _, j := range juries {
			if festival.ConflictOfInterest(*m, festival.User{ID: j.ID, Email: j.Email}) {
				conflicted = append(conflicted, j.ID)
			}
		}
		if len(conflicted) > 0 {
			slices.Sort(conflicted)
			return nil, &ConflictOfInterestError{IDs: conflicted}
		}
		have := make([]int64, len(m.Juries))
		for i, j := range m.Juries {
			have[i] = j.ID
		}
		ops, err := relinkOps(have, want,
			func(uid int64) (types.TransactWriteItem, error) { return s.juryLinkPut(id, uid) },
			s.isJuryCheck,
			func(uid int64) types.TransactWriteItem { return s.deleteOp(moviePK(id), juryLinkSK(uid)) })
		if err != nil {
			return nil, err
		}
		m.Juries = slices.Clone(juries)
		return append(ops, s.auditOp(actor, "movie.juries", movieTarget(id), map[string]string{"juries": joinIDs(want)})), nil
	})
}

// isJuryCheck holds a transaction to the user still being a JURY account.
func (s *Store) isJuryCheck(userID int64) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(userPK(userID), skUser),
		ConditionExpression:       aws.String("#r = :jury"),
		ExpressionAttributeNames:  map[string]string{"#r": "role"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":jury": str(string(festival.RoleJury))},
	}}
}

func movieTarget(id int64) string { return fmt.Sprintf("movie:%d", id) }

// MarkMovieDeleting sets the film's tombstone (deleting = true, version
// bumped) and returns its title; ErrNotFound when there is no film item. From
// then on the film reads as gone (GetMovie, listings, facts) and every write
// that would add to its item collection is refused: UpdateMovie's Put (so
// SetMovieJuries, SetMovieCategories, awards), SaveVote (movieExistsCheck,
// movieStatusOp). A film already marked is marked again, so a deletion that
// failed part-way can be retried to the end.
func (s *Store) MarkMovieDeleting(ctx context.Context, id int64) (string, error) {
	var title string
	err := Retry(ctx, func(int) error {
		out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &s.table, Key: key(moviePK(id), skMovie),
			ConditionExpression:       aws.String("attribute_exists(PK)"),
			UpdateExpression:          aws.String("SET deleting = :t ADD version :one"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}, ":one": num(1)},
			ReturnValues:              types.ReturnValueAllNew,
		})
		var ccf *types.ConditionalCheckFailedException
		var tce *types.TransactionConflictException
		switch {
		case errors.As(err, &ccf):
			return ErrNotFound
		case errors.As(err, &tce):
			// A transaction on the film is in flight; it either commits
			// before the tombstone (its writes are then found and removed)
			// or fails on it.
			return Again(fmt.Errorf("mark film %d deleting: %w", id, err))
		case err != nil:
			return fmt.Errorf("mark film %d deleting: %w", id, err)
		}
		if t, _ := out.Attributes["title"].(*types.AttributeValueMemberS); t != nil {
			title = t.Value
		}
		return nil
	})
	return title, err
}

// DeleteMovie removes a film's whole item collection: its assignments,
// category links, votes, awards and the film item. It first sets the film's
// tombstone (MarkMovieDeleting), so that
// nothing can be added to the collection while it is listed and removed; then
// it removes the collection, the film last (with the audit entry when actor
// is set), so that a failure part-way leaves the film item, still marked, and
// a retry finishes the job.
func (s *Store) DeleteMovie(ctx context.Context, actor *festival.Actor, id int64) error {
	title, err := s.MarkMovieDeleting(ctx, id)
	if err != nil {
		return err
	}
	return s.DeleteMarkedMovie(ctx, actor, id, title)
}

// DeleteMarkedMovie is DeleteMovie for a caller that has set the tombstone
// itself (to remove the files in between) and read the title it returned.
func (s *Store) DeleteMarkedMovie(ctx context.Context, actor *festival.Actor, id int64, title string) error {
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		TableName:                 &s.table,
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(moviePK(id))},
		ProjectionExpression:      aws.String("PK, SK"),
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return fmt.Errorf("list items of film %d: %w", id, err)
	}
	var ops []types.TransactWriteItem
	for _, item := range items {
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		if sk == nil || sk.Value == skMovie {
			continue
		}
		ops = append(ops, s.deleteOp(moviePK(id), sk.Value))
	}
	if err := s.transactChunks(ctx, ops); err != nil {
		return fmt.Errorf("delete items of film %d: %w", id, err)
	}
	last := []types.TransactWriteItem{{Delete: &types.Delete{
		TableName: &s.table, Key: key(moviePK(id), skMovie), ConditionExpression: aws.String("attribute_exists(PK)"),
	}}}
	if actor != nil {
		last = append(last, s.auditOp(*actor, "movie.delete", movieTarget(id), map[string]string{"title": title}))
	}
	err = s.transact(ctx, last)
	if conditionFailedAt(err, 0) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("delete film %d: %w", id, err)
	}
	return nil
}

// juryEntryUpdate rewrites one jury member's entry in a film's Juries, only
// if the entry is still there (an update must not re-add a removed member).
func (s *Store) juryEntryUpdate(movieID int64, j festival.Jury) (types.TransactWriteItem, error) {
	v, err := attributevalue.Marshal(j)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("SET Juries.#id = :j ADD version :one"),
		ConditionExpression:       aws.String("attribute_exists(Juries.#id)"),
		ExpressionAttributeNames:  map[string]string{"#id": idKey(j.ID)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":j": v, ":one": num(1)},
	}}, nil
}

// juryEntryRemove removes a jury member from a film's embedded Juries.
func (s *Store) juryEntryRemove(movieID, userID int64) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("REMOVE Juries.#id ADD version :one"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames:  map[string]string{"#id": idKey(userID)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)},
	}}
}

// movieUserSnapshotOps returns the writes that copy a user's new name, e-mail
// and role into the films that embed them: Producer of the films they own,
// their entry in Juries of the films assigned to them. One Query of GSI2
// USER#<id> finds both kinds.
func (s *Store) movieUserSnapshotOps(ctx context.Context, before, after festival.User) ([]types.TransactWriteItem, error) {
	producerChanged := before.FirstName != after.FirstName || before.LastName != after.LastName
	juryChanged := producerChanged || before.Email != after.Email || before.Role != after.Role
	if !juryChanged {
		return nil, nil
	}
	in := s.gsi2Query(userRefPK(after.ID), "")
	in.ProjectionExpression = aws.String("GSI2SK, id_movie")
	refs, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("films of user %d: %w", after.ID, err)
	}
	producer, err := attributevalue.Marshal(festival.Producer{ID: after.ID, FirstName: after.FirstName, LastName: after.LastName})
	if err != nil {
		return nil, err
	}
	jury := festival.Jury{ID: after.ID, FirstName: after.FirstName, LastName: after.LastName, Email: after.Email, Role: after.Role}
	var ops []types.TransactWriteItem
	for _, item := range refs {
		var ref struct {
			SK      string `dynamodbav:"GSI2SK"`
			MovieID int64  `dynamodbav:"id_movie"`
		}
		if err := attributevalue.UnmarshalMap(item, &ref); err != nil {
			return nil, err
		}
		switch {
		case strings.HasPrefix(ref.SK, "PRODUCES#MOVIE#") && producerChanged:
			ops = append(ops, types.TransactWriteItem{Update: &types.Update{
				TableName: &s.table, Key: key(moviePK(ref.MovieID), skMovie),
				UpdateExpression:          aws.String("SET Producer = :p ADD version :one"),
				ConditionExpression:       aws.String("attribute_exists(PK)"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":p": producer, ":one": num(1)},
			}})
		case strings.HasPrefix(ref.SK, "JURY#MOVIE#"):
			op, err := s.juryEntryUpdate(ref.MovieID, jury)
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
	}
	return ops, nil
}

// RenameCategoryInMovies copies a category's new name into every film that
// embeds it (found through GSI2 CATEGORY#<id>), 100 films per transaction.
// Call it after the category item is renamed; it is idempotent, so a retry
// after a failure finishes the job.
func (s *Store) RenameCategoryInMovies(ctx context.Context, categoryID int64, name string) error {
	ids, err := s.moviesOfCategory(ctx, categoryID)
	if err != nil {
		return err
	}
	v, err := attributevalue.Marshal(festival.MovieCategory{ID: categoryID, Name: name})
	if err != nil {
		return err
	}
	var ops []types.TransactWriteItem
	for _, mid := range ids {
		ops = append(ops, types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: key(moviePK(mid), skMovie),
			UpdateExpression:          aws.String("SET Categories.#id = :c ADD version :one"),
			ConditionExpression:       aws.String("attribute_exists(Categories.#id)"),
			ExpressionAttributeNames:  map[string]string{"#id": idKey(categoryID)},
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": v, ":one": num(1)},
		}})
	}
	// One film per op, so a film unlinked meanwhile only fails its own condition.
	if err := s.transactEach(ctx, ops); err != nil {
		return fmt.Errorf("rename category %d in films: %w", categoryID, err)
	}
	return nil
}

// UnlinkCategory removes a category from every film: the link items and the
// embedded entries, 50 films per transaction. Call it before deleting the
// category item; it is idempotent.
func (s *Store) UnlinkCategory(ctx context.Context, categoryID int64) error {
	ids, err := s.moviesOfCategory(ctx, categoryID)
	if err != nil {
		return err
	}
	unlink := func(mid int64) []types.TransactWriteItem {
		return []types.TransactWriteItem{
			s.deleteOp(moviePK(mid), categoryLinkSK(categoryID)),
			{Update: &types.Update{
				TableName: &s.table, Key: key(moviePK(mid), skMovie),
				UpdateExpression:          aws.String("REMOVE Categories.#id ADD version :one"),
				ConditionExpression:       aws.String("attribute_exists(PK)"),
				ExpressionAttributeNames:  map[string]string{"#id": idKey(categoryID)},
				ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)},
			}},
		}
	}
	const perTransaction = maxTransactItems / 2
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), perTransaction)]
		ids = ids[len(chunk):]
		var ops []types.TransactWriteItem
		for _, mid := range chunk {
			ops = append(ops, unlink(mid)...)
		}
		err := s.transact(ctx, ops)
		if err == nil {
			continue
		}
		if cancelReasons(err) == nil {
			return fmt.Errorf("unlink category %d: %w", categoryID, err)
		}
		// A film deleted meanwhile (its item gone, and its links with it)
		// cancels the whole chunk; one film per transaction then lets the
		// others through (see transactEach).
		for _, mid := range chunk {
			if err := s.unlinkOne(ctx, categoryID, mid, unlink(mid)); err != nil {
				return err
			}
		}
	}
	return nil
}

// unlinkOne sends one film's unlink transaction (ops: the link's Delete,
// then the film's Update). For a film that is gone only the link is deleted,
// in case one outlived it; a transaction conflict is retried.
func (s *Store) unlinkOne(ctx context.Context, categoryID, movieID int64, ops []types.TransactWriteItem) error {
	return Retry(ctx, func(int) error {
		err := s.transact(ctx, ops)
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 1):
			ops = ops[:1]
			return Again(fmt.Errorf("unlink category %d from film %d: %w", categoryID, movieID, err))
		case transactionConflict(err):
			return Again(fmt.Errorf("unlink category %d from film %d: %w", categoryID, movieID, err))
		default:
			return fmt.Errorf("unlink category %d from film %d: %w", categoryID, movieID, err)
		}
	})
}

func (s *Store) moviesOfCategory(ctx context.Context, categoryID int64) ([]int64, error) {
	return s.movieIDsOnGSI2(ctx, categoryRefPK(categoryID), "MOVIE#")
}
