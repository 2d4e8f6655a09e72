package dynamo

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

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
	// Edition is the edition the film belongs to (keys.go, "Editions").
	Edition string `dynamodbav:"edition"`

	ID           int64   `dynamodbav:"id_movie"`
	Title        string  `dynamodbav:"title"`
	Description  *string `dynamodbav:"description,omitempty"`
	Duration     *int64  `dynamodbav:"duration,omitempty"`
	MainLanguage *string `dynamodbav:"main_language,omitempty"`
	// OriginalLanguage and SubtitleLanguages are ISO 639-1 codes.
	OriginalLanguage  *festival.LanguageCode  `dynamodbav:"original_language,omitempty"`
	SubtitleLanguages []festival.LanguageCode `dynamodbav:"subtitle_languages,omitempty"`
	ReleaseYear       *int64                  `dynamodbav:"release_year,omitempty"`
	Nationality       *string                 `dynamodbav:"nationality,omitempty"`
	DisplayPicture    *string                 `dynamodbav:"display_picture,omitempty"`
	Picture1          *string                 `dynamodbav:"picture1,omitempty"`
	Picture2          *string                 `dynamodbav:"picture2,omitempty"`
	Picture3          *string                 `dynamodbav:"picture3,omitempty"`
	Trailer           *string                 `dynamodbav:"trailer,omitempty"`
	YoutubeLink       *string                 `dynamodbav:"youtube_link,omitempty"`
	Production        *string                 `dynamodbav:"production,omitempty"`
	Workshop          *string                 `dynamodbav:"workshop,omitempty"`
	Translation       *string                 `dynamodbav:"translation,omitempty"`
	Synopsis          *string                 `dynamodbav:"synopsis,omitempty"`
	SynopsisAnglais   *string                 `dynamodbav:"synopsis_anglais,omitempty"`
	Subtitle          *string                 `dynamodbav:"subtitle,omitempty"`
	AITool            *string                 `dynamodbav:"ai_tool,omitempty"`
	Thumbnail         *string                 `dynamodbav:"thumbnail,omitempty"`
	SelectionStatus   string                  `dynamodbav:"selection_status"`
	JuryComment       *string                 `dynamodbav:"jury_comment,omitempty"`
	AdminComment      *string                 `dynamodbav:"admin_comment,omitempty"`
	OwnerID           int64                   `dynamodbav:"id_user"`
	CreatedAt         string                  `dynamodbav:"createdAt"`
	UpdatedAt         string                  `dynamodbav:"updatedAt"`

	// Always present (possibly empty): an update expression on a map entry
	// fails when the map itself is missing.
	Categories    map[string]festival.MovieCategory `dynamodbav:"Categories"`
	Collaborators []festival.Collaborator           `dynamodbav:"Collaborators"`
	Awards        []festival.MovieAward             `dynamodbav:"Awards"`
	Producer      festival.Producer                 `dynamodbav:"Producer"`
	Juries        map[string]festival.Jury          `dynamodbav:"Juries"`

	// Media is what the media job measured, checked and encoded of the
	// film's file (mediajobs.go writes it as the job goes).
	Media *mediaItem `dynamodbav:"media,omitempty"`

	// Answers are the film's answers to the festival's own questions
	// (answers.go), absent when none.
	Answers map[string]answerItem `dynamodbav:"answers,omitempty"`
	// LateEntryUntil: the expiry of the late-entry code that let the film
	// in, until which its producer may edit it (absent: none).
	LateEntryUntil string `dynamodbav:"late_entry_until,omitempty"`
	// Draft and Withdrawn (movie_withdrawal.go) are absent while the film
	// is in the festival: conditions test their absence.
	Draft     bool            `dynamodbav:"draft,omitempty"`
	Withdrawn *withdrawalItem `dynamodbav:"withdrawn,omitempty"`

	// Tags and Notes are the selection committee's (committee.go): its tags
	// on the film, and how many notes it wrote (moved with each note).
	Tags  []string `dynamodbav:"tags,omitempty"`
	Notes int      `dynamodbav:"notes,omitempty"`

	// Version increases with every change; whole-item writes are conditional
	// on it (optimistic locking), in-place updates bump it.
	Version int64 `dynamodbav:"version"`

	// Deleting is the tombstone DeleteMovie sets before it removes the
	// film's item collection: from then on the film reads as gone and every
	// write that would add to its collection is refused (see DeleteMovie).
	Deleting bool `dynamodbav:"deleting,omitempty"`
}

func idKey(id int64) string { return strconv.FormatInt(id, 10) }

// toMovieItem is the item of m, in m.Edition's listings (the first
// edition's when unset).
func toMovieItem(m festival.Movie, version int64) movieItem {
	ed := editionOrFirst(m.Edition)
	it := movieItem{
		PK: moviePK(m.ID), SK: skMovie, GSI1PK: edMoviesGSI1PK(ed), GSI1SK: movieGSI1SK(m.ID),
		GSI2PK: userRefPK(m.OwnerID), GSI2SK: edMovieProducerSK(ed, m.ID), Type: typeMovie, Edition: string(ed),
		ID: m.ID, Title: m.Title, Description: m.Description, Duration: m.Duration,
		MainLanguage: m.MainLanguage, ReleaseYear: m.ReleaseYear, Nationality: m.Nationality,
		OriginalLanguage: m.OriginalLanguage, SubtitleLanguages: storedLanguages(m.SubtitleLanguages),
		DisplayPicture: m.DisplayPicture, Picture1: m.Picture1, Picture2: m.Picture2, Picture3: m.Picture3,
		Trailer: m.Trailer, YoutubeLink: m.YoutubeLink, Production: m.Production, Workshop: m.Workshop,
		Translation: m.Translation, Synopsis: m.Synopsis, SynopsisAnglais: m.SynopsisAnglais,
		Subtitle: m.Subtitle, AITool: m.AITool, Thumbnail: m.Thumbnail,
		SelectionStatus: string(m.SelectionStatus), JuryComment: m.JuryComment, AdminComment: m.AdminComment,
		OwnerID: m.OwnerID, CreatedAt: m.CreatedAt.String(), UpdatedAt: m.UpdatedAt.String(),
		Categories:     make(map[string]festival.MovieCategory, len(m.Categories)),
		Collaborators:  make([]festival.Collaborator, 0, len(m.Collaborators)),
		Awards:         make([]festival.MovieAward, 0, len(m.Awards)),
		Juries:         make(map[string]festival.Jury, len(m.Juries)),
		Version:        version,
		Media:          toMediaItem(m.Media),
		Answers:        toAnswersItem(m.Answers),
		LateEntryUntil: m.LateEntryUntil.String(),
		Draft:          m.Draft,
		Withdrawn:      toWithdrawalItem(m.Withdrawn),
		Tags:           storedTags(m.Tags),
		Notes:          m.NoteCount,
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
		ID: it.ID, Edition: editionOrFirst(festival.EditionID(it.Edition)), Title: it.Title, Description: it.Description, Duration: it.Duration,
		MainLanguage: it.MainLanguage, ReleaseYear: it.ReleaseYear, Nationality: it.Nationality,
		OriginalLanguage: it.OriginalLanguage, SubtitleLanguages: it.SubtitleLanguages,
		DisplayPicture: it.DisplayPicture, Picture1: it.Picture1, Picture2: it.Picture2, Picture3: it.Picture3,
		Trailer: it.Trailer, YoutubeLink: it.YoutubeLink, Production: it.Production, Workshop: it.Workshop,
		Translation: it.Translation, Synopsis: it.Synopsis, SynopsisAnglais: it.SynopsisAnglais,
		Subtitle: it.Subtitle, AITool: it.AITool, Thumbnail: it.Thumbnail,
		SelectionStatus: st, Status: st.Guide(), StatusLabel: festival.StatusWord(festival.AudienceAdmin, st, true), JuryComment: it.JuryComment, AdminComment: it.AdminComment,
		OwnerID: it.OwnerID, CreatedAt: created, UpdatedAt: updated,
		// Empty arrays, never null: the web client iterates them.
		Categories:    make([]festival.MovieCategory, 0, len(it.Categories)),
		Collaborators: make([]festival.Collaborator, 0, len(it.Collaborators)),
		Awards:        make([]festival.MovieAward, 0, len(it.Awards)),
		Juries:        make([]festival.Jury, 0, len(it.Juries)),
		Media:         it.Media.media(),
		Answers:       answersOf(it.Answers),
		Draft:         it.Draft,
		Withdrawn:     it.Withdrawn.withdrawal(),
		Tags:          it.Tags,
		NoteCount:     it.Notes,
	}
	m.LateEntryUntil, _ = festival.ParseTime(it.LateEntryUntil)
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

// unmarshalMovie decodes a film item; a film being deleted is festival.ErrNotFound.
func unmarshalMovie(item map[string]types.AttributeValue) (festival.Movie, int64, error) {
	var it movieItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return festival.Movie{}, 0, fmt.Errorf("decode film: %w", err)
	}
	if it.Deleting {
		return festival.Movie{}, 0, festival.ErrNotFound
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
// JURY#<ed>#MOVIE#... lists the films assigned to them in edition ed.
type movieJuryLinkItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI2PK     string `dynamodbav:"GSI2PK"`
	GSI2SK     string `dynamodbav:"GSI2SK"`
	Type       string `dynamodbav:"type"`
	Edition    string `dynamodbav:"edition"`
	MovieID    int64  `dynamodbav:"id_movie"`
	UserID     int64  `dynamodbav:"id_user"`
	AssignedAt string `dynamodbav:"assignedAt"`
}

// storedLanguages is a list of languages as an item keeps it: an empty list
// is no attribute (omitempty leaves an empty list in place, which would read
// back as [] where the memory store and a new item give nil).
func storedLanguages(codes []festival.LanguageCode) []festival.LanguageCode {
	if len(codes) == 0 {
		return nil
	}
	return codes
}

// storedTags is a film's tags as its item keeps them: none is no attribute.
func storedTags(tags []string) []string {
	if len(tags) == 0 {
		return nil
	}
	return tags
}
