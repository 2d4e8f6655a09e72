package festival

import "slices"

// SelectionStatus is the stored status of a film (`selection_status`).
type SelectionStatus string

const (
	StatusSubmitted SelectionStatus = "submitted"
	StatusAssigned  SelectionStatus = "assigned"
	StatusToDiscuss SelectionStatus = "to_discuss"
	StatusCandidate SelectionStatus = "candidate"
	StatusAwarded   SelectionStatus = "awarded"
	StatusRefused   SelectionStatus = "refused"
	StatusSelected  SelectionStatus = "selected"
	StatusFinalist  SelectionStatus = "finalist"
)

// SelectionStatuses lists every stored status.
var SelectionStatuses = []SelectionStatus{
	StatusSubmitted, StatusAssigned, StatusToDiscuss, StatusCandidate,
	StatusAwarded, StatusRefused, StatusSelected, StatusFinalist,
}

// InCompetition reports whether a film with this status is still in the
// festival's running: every status but refused. The automatic assignment
// staffs these films unless asked otherwise.
func (s SelectionStatus) InCompetition() bool { return s != StatusRefused }

// CompetingStatuses lists the statuses of films in competition, in the
// order of SelectionStatuses.
func CompetingStatuses() []SelectionStatus {
	return slices.DeleteFunc(slices.Clone(SelectionStatuses), func(s SelectionStatus) bool { return !s.InCompetition() })
}

// ToldToProducer reports whether a film's producer hears of it reaching
// this status: the festival's decisions (selected, finalist, refused,
// awarded), not the steps of its deliberation (assigned, to discuss,
// candidate), which stay internal until decided.
func (s SelectionStatus) ToldToProducer() bool {
	switch s {
	case StatusSelected, StatusFinalist, StatusRefused, StatusAwarded:
		return true
	}
	return false
}

// GuideStatus is the status vocabulary of the admin guide and film listings.
type GuideStatus string

const (
	GuidePending   GuideStatus = "PENDING"
	GuideValidated GuideStatus = "VALIDATED"
	GuideCandidate GuideStatus = "CANDIDATE"
	GuideRejected  GuideStatus = "REJECTED"
)

// Guide maps a stored status onto the guide vocabulary (docs/architecture.md, "Baseline decisions").
func (s SelectionStatus) Guide() GuideStatus {
	switch s {
	case StatusAssigned, StatusToDiscuss:
		return GuideValidated
	case StatusCandidate, StatusSelected, StatusFinalist, StatusAwarded:
		return GuideCandidate
	case StatusRefused:
		return GuideRejected
	default:
		return GuidePending
	}
}

// ParseStatus reads a status in either vocabulary, exactly as each writes
// it: a guide value (upper case) maps onto its stored status (PENDING ->
// submitted, VALIDATED -> assigned, CANDIDATE -> candidate, REJECTED ->
// refused); a stored value (lower case) is taken as is. Anything else is
// refused (docs/architecture.md, "Baseline decisions").
func ParseStatus(s string) (SelectionStatus, bool) {
	switch GuideStatus(s) {
	case GuidePending:
		return StatusSubmitted, true
	case GuideValidated:
		return StatusAssigned, true
	case GuideCandidate:
		return StatusCandidate, true
	case GuideRejected:
		return StatusRefused, true
	}
	if slices.Contains(SelectionStatuses, SelectionStatus(s)) {
		return SelectionStatus(s), true
	}
	return "", false
}

// Movie is a film with everything embedded in its record, in the shape of
// the specification (plus `status` in the guide vocabulary).
type Movie struct {
	ID              int64           `json:"id_movie"`
	Title           string          `json:"title"`
	Description     *string         `json:"description"`
	Duration        *int64          `json:"duration"`
	MainLanguage    *string         `json:"main_language"`
	ReleaseYear     *int64          `json:"release_year"`
	Nationality     *string         `json:"nationality"`
	DisplayPicture  *string         `json:"display_picture"`
	Picture1        *string         `json:"picture1"`
	Picture2        *string         `json:"picture2"`
	Picture3        *string         `json:"picture3"`
	Trailer         *string         `json:"trailer"`
	YoutubeLink     *string         `json:"youtube_link"`
	Production      *string         `json:"production"`
	Workshop        *string         `json:"workshop"`
	Translation     *string         `json:"translation"`
	Synopsis        *string         `json:"synopsis"`
	SynopsisAnglais *string         `json:"synopsis_anglais"`
	Subtitle        *string         `json:"subtitle"`
	AITool          *string         `json:"ai_tool"`
	Thumbnail       *string         `json:"thumbnail"`
	SelectionStatus SelectionStatus `json:"selection_status"`
	Status          GuideStatus     `json:"status"`
	// StatusLabel is the status in the words of whoever reads the film
	// (StatusWord): an addition to the specification's object.
	StatusLabel   string          `json:"status_label"`
	JuryComment   *string         `json:"jury_comment"`
	AdminComment  *string         `json:"admin_comment"`
	OwnerID       int64           `json:"id_user"`
	CreatedAt     Time            `json:"createdAt"`
	UpdatedAt     Time            `json:"updatedAt"`
	Categories    []MovieCategory `json:"Categories"`
	Collaborators []Collaborator  `json:"Collaborators"`
	Awards        []MovieAward    `json:"Awards"`
	Producer      *Producer       `json:"Producer"`
	Juries        []Jury          `json:"Juries"`
	// Media is what the media job measured, checked and encoded of the
	// film's file (media.go): an addition, shown to admins and the film's
	// producer only (nil for everyone else, and before any file).
	Media *FilmMedia `json:"media,omitempty"`
	// Answers are the film's answers to the festival's own questions
	// (entryform.go), each shown to the audiences its question allows.
	Answers Answers `json:"answers,omitempty"`
	// Completeness is the film's checklist, computed when read by its
	// producer or an admin (nil otherwise).
	Completeness *Completeness `json:"completeness,omitempty"`
	// Draft: saved incomplete, not yet submitted (IncompleteSave).
	Draft bool `json:"draft,omitempty"`
	// Withdrawn is set while the film is withdrawn from the festival.
	Withdrawn *Withdrawal `json:"withdrawn,omitempty"`
	// LateEntryUntil is when the late-entry code that let the film in
	// expires (zero: it came in through the window): its producer may edit
	// it until then (Season.CheckEdit).
	LateEntryUntil Time `json:"-"`
	// Edition is the edition the film was submitted to (edition.go); a
	// film of an archived edition is read-only.
	Edition EditionID `json:"edition,omitempty"`
	// OriginalLanguage and SubtitleLanguages are what the film declares it
	// is spoken and subtitled in (ISO 639-1): the automatic assignment gives
	// it only to a juror who understands one of them. Additions to the
	// specification's object; absent (null, empty) when not declared.
	OriginalLanguage  *LanguageCode  `json:"original_language,omitempty"`
	SubtitleLanguages []LanguageCode `json:"subtitle_languages,omitempty"`
	// Tags and NoteCount are the selection committee's (committee.go):
	// never part of a film's JSON, so no answer but the admins' own
	// (the board, an admin's film) can carry them.
	Tags      []string `json:"-"`
	NoteCount int      `json:"-"`
}

// MovieCategory is a category embedded in a film.
type MovieCategory struct {
	ID   int64  `json:"id_categorie" dynamodbav:"id_categorie"`
	Name string `json:"name" dynamodbav:"name"`
}

// Collaborator is a person who worked on a film.
type Collaborator struct {
	ID        int64  `json:"id_collaborator" dynamodbav:"id_collaborator"`
	FirstName string `json:"first_name" dynamodbav:"first_name"`
	LastName  string `json:"last_name" dynamodbav:"last_name"`
	Email     string `json:"email" dynamodbav:"email"`
	Job       string `json:"job" dynamodbav:"job"`
}

// MovieAward is an award embedded in a film.
type MovieAward struct {
	ID        int64  `json:"id_award" dynamodbav:"id_award"`
	Name      string `json:"name" dynamodbav:"name"`
	AwardedAt Time   `json:"awarded_at" dynamodbav:"-"`
	// AwardedAtS is the stored form of AwardedAt.
	AwardedAtS string `json:"-" dynamodbav:"awarded_at"`
}

// Producer is the owner of a film as embedded in it.
type Producer struct {
	ID        int64  `json:"id_user" dynamodbav:"id_user"`
	FirstName string `json:"first_name" dynamodbav:"first_name"`
	LastName  string `json:"last_name" dynamodbav:"last_name"`
}

// Jury is a jury member assigned to a film, as embedded in it.
type Jury struct {
	ID        int64  `json:"id_user" dynamodbav:"id_user"`
	FirstName string `json:"first_name" dynamodbav:"first_name"`
	LastName  string `json:"last_name" dynamodbav:"last_name"`
	Email     string `json:"email" dynamodbav:"email"`
	Role      Role   `json:"role" dynamodbav:"role"`
}

// ConflictOfInterest reports whether a jury member may not judge the film:
// they produced it, they are listed among its collaborators (same e-mail,
// compared case-insensitively), or they declared a conflict with it.
func ConflictOfInterest(m Movie, juror User) bool {
	if m.OwnerID == juror.ID || slices.Contains(juror.JuryConflicts, m.ID) {
		return true
	}
	email := NormalizeEmail(juror.Email)
	for _, c := range m.Collaborators {
		if email != "" && NormalizeEmail(c.Email) == email {
			return true
		}
	}
	return false
}

// HasJury reports whether the user is assigned to the film as a jury member.
func (m Movie) HasJury(userID int64) bool {
	for _, j := range m.Juries {
		if j.ID == userID {
			return true
		}
	}
	return false
}

// InCategory reports whether the film is linked to the category.
func (m Movie) InCategory(categoryID int64) bool {
	return slices.ContainsFunc(m.Categories, func(c MovieCategory) bool { return c.ID == categoryID })
}

// CategoryIDs are the ids of the film's categories.
func (m Movie) CategoryIDs() []int64 {
	ids := make([]int64, len(m.Categories))
	for i, c := range m.Categories {
		ids[i] = c.ID
	}
	return ids
}

// MovieFilter narrows a film listing. Zero values do not filter.
type MovieFilter struct {
	// Statuses keeps films whose selection_status is one of these.
	Statuses []SelectionStatus
	// CategoryID keeps films linked to this category.
	CategoryID int64
	// ProducerID keeps the films of one producer (GET /movies/mine).
	ProducerID int64
	// JuryID keeps the films assigned to one jury member (GET /movies/assigned).
	JuryID int64
	// Settings, when set, receives the festival settings, read in the same
	// request as the film list's version (what a caller may see of a film
	// depends on them).
	Settings *Settings
}

// MovieFacts is the part of a film item that voting, results and awards
// decide on: who made it (conflict of interest), its status, its categories
// (results per category) and its awards. It is read with a projection, so
// that listing every film for the results reads a few hundred bytes per film
// rather than whole records.
type MovieFacts struct {
	ID            int64
	Title         string
	OwnerID       int64
	Status        SelectionStatus
	Categories    []MovieCategory // sorted by id, as the API shows them
	Collaborators []Collaborator
	Awards        []MovieAward
	Version       int64
	// Duration in seconds (the share of it a jury member watched).
	Duration *int64
	// Stream is the film's adaptive stream once ready (FilmMedia.Streams;
	// nil before): its minutes are what the server's count divides by.
	Stream *Streaming
	// Draft and Withdrawn say whether the film is out of the festival
	// (InFestival): the results and the votes leave it out.
	Draft     bool
	Withdrawn *Withdrawal
}

// Keeps reports whether the filter keeps m (its status, category, producer
// and jury).
func (f MovieFilter) Keeps(m Movie) bool {
	return (len(f.Statuses) == 0 || slices.Contains(f.Statuses, m.SelectionStatus)) &&
		(f.CategoryID == 0 || m.InCategory(f.CategoryID)) &&
		(f.ProducerID == 0 || m.OwnerID == f.ProducerID) &&
		(f.JuryID == 0 || m.HasJury(f.JuryID))
}

// Filters reports whether the filter keeps less than every film.
func (f MovieFilter) Filters() bool {
	return len(f.Statuses) > 0 || f.CategoryID > 0 || f.ProducerID > 0 || f.JuryID > 0
}
