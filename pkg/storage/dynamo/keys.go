package dynamo

import (
	"fmt"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Key shapes of the single table. docs/data-model.md is the schema and lists
// the same shapes with the access pattern each one serves; change both together.
// The records of an edition list under the edition's shapes (the block
// "Editions" at the end): where a comment below names a GSI partition or
// prefix without <ed> (MOVIES, JURY#MOVIE#, ...), the stores write and read
// it with the edition in it (MOVIES#<ed>, JURY#<ed>#MOVIE#, ...).
//
// Attributes PK/SK form the primary key. GSI1 (GSI1PK/GSI1SK) answers "all
// records of one type" and lookups by a record's own id; GSI2 (GSI2PK/GSI2SK)
// answers "what hangs off this user / category" (films produced, jury
// assignments, votes cast, films of a category).
const (
	attrPK     = "PK"
	attrSK     = "SK"
	attrGSI1PK = "GSI1PK"
	attrGSI1SK = "GSI1SK"
	attrGSI2PK = "GSI2PK"
	attrGSI2SK = "GSI2SK"
	attrType   = "type"

	IndexGSI1 = "GSI1"
	IndexGSI2 = "GSI2"
)

// Sort-key prefixes that queries select on (begins_with). prefixProduces,
// prefixJuryOf and prefixVoteOf are the shapes before editions (the
// migration reads them); the stores use the edition's (keys.go, end).
const (
	prefixMovieRef = "MOVIE#"          // GSI2SK: a category's films
	prefixProduces = "PRODUCES#MOVIE#" // GSI2SK: a producer's films
	prefixJuryOf   = "JURY#MOVIE#"     // GSI2SK: a jury member's assigned films
	prefixVoteOf   = "VOTE#MOVIE#"     // GSI2SK: a voter's votes
	prefixVote     = "VOTE#"           // SK: a film's votes
)

// Audit trail: one partition a day. GSI2 ACTOR#<id> lists one person's
// changes; it is not the user's USER#<id> partition, so that deleting a user
// keeps what they did.
func auditPK(day string) string { return "AUDIT#" + day }
func actorPK(id int64) string   { return fmt.Sprintf("ACTOR#%d", id) }

// pad makes numeric ids sort as numbers inside string sort keys.
func pad(id int64) string { return fmt.Sprintf("%010d", id) }

// Users.
func userPK(id int64) string                 { return fmt.Sprintf("USER#%d", id) }
func emailPK(email festival.EmailKey) string { return "EMAIL#" + email.String() }

const (
	skUser       = "USER"
	skEmail      = "EMAIL"
	gsi1Users    = "USERS"
	typeUser     = "USER"
	typeEmail    = "EMAIL"
	typeCounter  = "COUNTER"
	skCounter    = "COUNTER"
	counterUsers = "users"
)

func userGSI1SK(id int64) string { return "USER#" + pad(id) }

// userRefPK is the GSI2 partition of everything that hangs off a user.
func userRefPK(id int64) string { return fmt.Sprintf("USER#%d", id) }

func counterPK(name string) string { return "COUNTER#" + name }

// Films. A film's item collection (PK MOVIE#<id>) holds the film item, which
// embeds Categories, Collaborators, Awards, Producer and Juries as the API
// shows them (so one read answers GET /movies/:id and a listing needs no
// request per film), and the link items that answer reverse lookups and carry
// the uniqueness rules: CATEGORY#, JURY#, VOTE#, AWARD#.
const (
	skMovie       = "MOVIE"
	gsi1Movies    = "MOVIES"
	typeMovie     = "MOVIE"
	counterMovies = "movies"
	// Collaborators are embedded in their film; the counter only numbers them.
	counterCollaborators = "collaborators"
)

func moviePK(id int64) string     { return fmt.Sprintf("MOVIE#%d", id) }
func movieGSI1SK(id int64) string { return "MOVIE#" + pad(id) }

// Category link: film <-> category. GSI2 CATEGORY#<cid> lists a category's films.
func categoryLinkSK(categoryID int64) string { return "CATEGORY#" + pad(categoryID) }
func categoryRefPK(categoryID int64) string  { return fmt.Sprintf("CATEGORY#%d", categoryID) }
func movieRefSK(movieID int64) string        { return prefixMovieRef + pad(movieID) }

// Jury assignment: film <-> jury member. GSI2 USER#<uid> / JURY#MOVIE#... lists
// the films assigned to a jury member.
func juryLinkSK(userID int64) string { return "JURY#" + pad(userID) }

// Vote: one per voter per film, by its key (PK MOVIE#<mid>, SK VOTE#<uid>).
// GSI1 VOTES / VOTE#<id_vote> lists all votes and finds one by id; GSI2
// USER#<uid> / VOTE#MOVIE#<mid> lists a voter's votes.
const (
	gsi1Votes    = "VOTES"
	typeVote     = "VOTE"
	counterVotes = "votes"
)

func voteSK(userID int64) string     { return prefixVote + pad(userID) }
func voteGSI1SK(voteID int64) string { return "VOTE#" + pad(voteID) }

// Award: PK MOVIE#<mid>, SK AWARD#<id>; GSI1 AWARDS / AWARD#<id> lists all
// awards and finds one by id.
const (
	gsi1Awards    = "AWARDS"
	typeAward     = "AWARD"
	counterAwards = "awards"
)

func awardSK(id int64) string { return "AWARD#" + pad(id) }

// Categories: PK CATEGORY#<id>, SK CATEGORY; GSI1 CATEGORIES lists them. The
// marker PK CATEGORYNAME#<lower name> makes names unique.
const (
	skCategory        = "CATEGORY"
	gsi1Categories    = "CATEGORIES"
	typeCategory      = "CATEGORY"
	typeCategoryName  = "CATEGORYNAME"
	counterCategories = "categories"
)

func categoryPK(id int64) string     { return fmt.Sprintf("CATEGORY#%d", id) }
func categoryGSI1SK(id int64) string { return "CATEGORY#" + pad(id) }

// Events: PK EVENT#<id>, SK EVENT; GSI1 EVENTS lists them. The marker
// PK EVENTNAME#<lower name> makes names unique.
const (
	skEvent       = "EVENT"
	gsi1Events    = "EVENTS"
	typeEvent     = "EVENT"
	typeEventName = "EVENTNAME"
	counterEvents = "events"
)

func eventPK(id int64) string        { return fmt.Sprintf("EVENT#%d", id) }
func eventGSI1SK(id int64) string    { return "EVENT#" + pad(id) }
func eventNamePK(name string) string { return "EVENTNAME#" + name } // name normalized

// Festival settings: one item; the festival's own form beside it
// (SETTINGS / FORM), read with it.
const (
	settingsPK   = "SETTINGS"
	settingsSK   = "SETTINGS"
	typeSettings = "SETTINGS"
	formSK       = "FORM"
	typeForm     = "FORM"
)

// Audit trail: PK AUDIT#<yyyy-mm-dd>, SK <time>#<seq>#<random>; GSI1 AUDIT /
// <time>#<seq>#<random> lists all entries in time order; GSI2 ACTOR#<actor> /
// <time>#<seq>#<random> lists one actor's entries.
const (
	gsi1Audit = "AUDIT"
	typeAudit = "AUDIT"
)

// Throttle counters: PK THROTTLE#<counter>#<subject>, SK THROTTLE, where the
// counter is login-account, login-address or registration and the subject a
// normalised e-mail or a source address. expires_at (epoch seconds) is the
// table's TTL attribute.
const (
	skThrottle   = "THROTTLE"
	typeThrottle = "THROTTLE"
)

func throttlePK(counter, subject string) string { return "THROTTLE#" + counter + "#" + subject }

// Copy jobs: PK COPYJOB#<kind>#<source id>, SK COPYJOB; GSI1 COPYJOBS lists
// the pending ones (copyjobs.go).
const (
	skCopyJob    = "COPYJOB"
	typeCopyJob  = "COPYJOB"
	gsi1CopyJobs = "COPYJOBS"
)

// Media jobs (mediajobs.go): PK MOVIE#<id>, SK MEDIAJOB, in the film's item
// collection; GSI1 MEDIAJOBS / <pad id> lists the pending ones.
const (
	skMediaJob    = "MEDIAJOB"
	typeMediaJob  = "MEDIAJOB"
	gsi1MediaJobs = "MEDIAJOBS"
)

func copyJobPK(kind CopyKind, id int64) string { return fmt.Sprintf("COPYJOB#%s#%d", kind, id) }

// Plans, automatic assignments and bulk decisions (assignment.go,
// decision_plan.go): PK ASSIGNPLAN, SK PLAN#<id>, kind absent or "decision".
const (
	pkAssignPlans  = "ASSIGNPLAN"
	typeAssignPlan = "ASSIGNPLAN"
)

func planSK(id festival.PlanID) string { return "PLAN#" + id.String() }

// Late-entry codes: PK LATECODE#<code>, SK LATECODE, with uses_left and
// expires_at; GSI1 LATECODES / <createdAt>#<code> lists them. A submission
// outside the window that names a code takes one use in the transaction that
// creates the film, conditional on a use left and the code's deadline.
const (
	skLateCode    = "LATECODE"
	typeLateCode  = "LATECODE"
	gsi1LateCodes = "LATECODES"
)

// The vote ledger (ledger.go): pending entries PK LEDGERQ#<id>, SK LEDGERQ,
// queued on GSI1 LEDGERQ; linked entries PK LEDGER, SK E#<pad seq>, and the head.
const (
	ledgerPK     = "LEDGER"
	skLedgerHead = "HEAD"
	skLedgerQ    = "LEDGERQ"
	gsi1LedgerQ  = "LEDGERQ"
	typeLedger   = "LEDGER"
)

func ledgerSK(seq int64) string { return fmt.Sprintf("E#%012d", seq) }

// Version items: PK LISTVERSION#<kind>, SK LISTVERSION, attribute version.
const (
	skListVersion   = "LISTVERSION"
	typeListVersion = "LISTVERSION"
)

func listVersionPK(k listKind) string { return "LISTVERSION#" + string(k) }

// The outbox (outbox.go): PK MESSAGE#<id>, SK MESSAGE; GSI1
// MESSAGES#<state> / <time>#<id> is the queue of each state.
const (
	skMessage   = "MESSAGE"
	typeMessage = "MESSAGE"
)

func messagePK(id string) string                   { return "MESSAGE#" + id }
func messageQueue(st festival.MessageState) string { return "MESSAGES#" + string(st) }

// decisionMessageID names the message a bulk decision writes for one film:
// <plan id>-<film id>, so that undoing the plan finds it (decision_plan.go).
func decisionMessageID(planID festival.PlanID, movieID int64) string {
	return fmt.Sprintf("%s-%d", planID, movieID)
}
func messageQueueSK(at festival.Time, id string) string {
	return at.String() + "#" + id
}

// Jury mail preferences (PK JURYMAIL#<uid>, SK JURYMAIL) and what a member
// watched of a film (SK WATCH#<pad uid> in the film's collection), progress.go.
const (
	skJuryMail   = "JURYMAIL"
	typeJuryMail = "JURYMAIL"
	typeWatch    = "WATCH"
	gsi1Watches  = "WATCHES"
)

func juryMailPK(uid int64) string { return fmt.Sprintf("JURYMAIL#%d", uid) }
func watchSK(uid int64) string    { return "WATCH#" + pad(uid) }

// Password resets (resets.go): PK RESET#<sha-256 of the token, hex>, SK RESET.
const (
	skReset   = "RESET"
	typeReset = "RESET"
)

func resetPK(tokenHash string) string { return "RESET#" + tokenHash }

// Message templates (templates.go): a festival's own version of one kind of
// message in one language, PK SETTINGS, SK TEMPLATE#<kind> in French (the
// key every template had before English) and TEMPLATE#<kind>#<lang> in
// another language; the outbox reads them all with one Query of the
// settings partition (begins_with TEMPLATE#).
const (
	prefixTemplate = "TEMPLATE#"
	typeTemplate   = "TEMPLATE"
)

func templateSK(kind festival.MessageKind, l texts.Lang) string {
	if l == "" || l == texts.Default {
		return prefixTemplate + string(kind)
	}
	return prefixTemplate + string(kind) + "#" + string(l)
}

// Editions (docs/data-model.md, "Editions"). Film, category, vote, award
// and user ids stay global, so the items keyed by them keep their keys and
// carry an `edition` attribute; what lists or makes unique the records of
// one edition names it:
//   - GSI1 partitions MOVIES#<ed>, CATEGORIES#<ed>, VOTES#<ed>, AWARDS#<ed>,
//     WATCHES#<ed>, LATECODES#<ed>;
//   - GSI2 sort keys PRODUCES#<ed>#MOVIE#<pad>, JURY#<ed>#MOVIE#<pad>,
//     VOTE#<ed>#MOVIE#<pad> under USER#<uid>;
//   - markers CATEGORYNAME#<ed>#<name>, LATECODE#<ed>#<code>;
//   - partitions LEDGER#<ed> (entries and head), ASSIGNPLAN#<ed>;
//   - SETTINGS/SETTINGS, its FORM and TEMPLATE# items are the current
//     edition's (attribute `edition` names it); starting the next edition
//     copies them to SETTINGS#<ed> for the one it archives;
//   - EDITIONS/EDITIONS lists the editions; MIGRATION#editions/MIGRATION
//     records how far the migration of a table written before editions got.
//
// Pending ledger entries (LEDGERQ) stay on one queue and carry `edition`.
const (
	editionsPK             = "EDITIONS"
	skEditions             = "EDITIONS"
	typeEditions           = "EDITIONS"
	attrEdition            = "edition"
	migrationPK            = "MIGRATION#editions"
	skMigration            = "MIGRATION"
	typeMigration          = "MIGRATION"
	archivedSettingsPrefix = "SETTINGS#"
)

func edMoviesGSI1PK(ed festival.EditionID) string     { return gsi1Movies + "#" + string(ed) }
func edCategoriesGSI1PK(ed festival.EditionID) string { return gsi1Categories + "#" + string(ed) }
func edVotesGSI1PK(ed festival.EditionID) string      { return gsi1Votes + "#" + string(ed) }
func edAwardsGSI1PK(ed festival.EditionID) string     { return gsi1Awards + "#" + string(ed) }
func edWatchesGSI1PK(ed festival.EditionID) string    { return gsi1Watches + "#" + string(ed) }
func edLateCodesGSI1PK(ed festival.EditionID) string  { return gsi1LateCodes + "#" + string(ed) }

// What hangs off a user in every edition (a user's deletion, erasure and
// the copies of their names): GSI2 USER#<uid> sort keys that begin so.
const (
	prefixProducesAny = "PRODUCES#"
	prefixJuryOfAny   = "JURY#"
	prefixVoteOfAny   = "VOTE#"
)

func edProducesPrefix(ed festival.EditionID) string { return "PRODUCES#" + string(ed) + "#MOVIE#" }
func edJuryOfPrefix(ed festival.EditionID) string   { return "JURY#" + string(ed) + "#MOVIE#" }
func edVoteOfPrefix(ed festival.EditionID) string   { return "VOTE#" + string(ed) + "#MOVIE#" }

func edMovieProducerSK(ed festival.EditionID, movieID int64) string {
	return edProducesPrefix(ed) + pad(movieID)
}
func edJuryAssignedSK(ed festival.EditionID, movieID int64) string {
	return edJuryOfPrefix(ed) + pad(movieID)
}
func edVoterSK(ed festival.EditionID, movieID int64) string { return edVoteOfPrefix(ed) + pad(movieID) }

func edCategoryNamePK(ed festival.EditionID, name string) string {
	return "CATEGORYNAME#" + string(ed) + "#" + name
}
func edLateCodePK(ed festival.EditionID, code festival.LateCodeID) string {
	return lateCodeMarker(ed, code.String())
}

// lateCodeMarker is edLateCodePK of a code the table already holds (the
// migration moves markers written before editions).
func lateCodeMarker(ed festival.EditionID, code string) string {
	return "LATECODE#" + string(ed) + "#" + code
}
func edLedgerPK(ed festival.EditionID) string      { return ledgerPK + "#" + string(ed) }
func edAssignPlansPK(ed festival.EditionID) string { return pkAssignPlans + "#" + string(ed) }

// archivedSettingsPK is the partition an archived edition's settings, form
// and templates are copied to when the next edition starts.
func archivedSettingsPK(ed festival.EditionID) string { return archivedSettingsPrefix + string(ed) }

// The first admin's marker (setup.go): PK ADMINEXISTS, SK ADMINEXISTS,
// written by every transaction that creates an ADMIN or makes one.
const (
	adminMarkerPK = "ADMINEXISTS"
	typeAdmin     = "ADMINEXISTS"
)

// E-mail confirmations (setup.go): PK CONFIRM#<sha-256 of the token, hex>,
// SK CONFIRM.
const (
	skConfirm   = "CONFIRM"
	typeConfirm = "CONFIRM"
)

func confirmPK(tokenHash string) string { return "CONFIRM#" + tokenHash }
