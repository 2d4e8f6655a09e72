package festival

import (
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A change of a film's entry (its fields, PUT /movies/{id}/entry; its
// answers): what it changed, in the audit trail and in the message the
// jurors who already voted on the film receive.

// MessageMovieEdited tells the jurors who voted on a film what its entry's
// edit changed (MovieEdited).
const MessageMovieEdited MessageKind = "movie.edited"

// EntryChange is one part of a film's entry an edit changed: its API name,
// its name in French words, and for a short field its values before and
// after (long texts and answers are named only).
type EntryChange struct {
	Field    string
	Word     string
	Old, New string
	Short    bool
}

// entryWords are the producer-editable fields in French words, in the order
// the film's form shows them.
var entryWords = []struct{ field, word string }{
	{"title", "titre"}, {"description", "description"}, {"duration", "durée"},
	{"main_language", "langue principale"}, {"release_year", "année de sortie"},
	{"nationality", "nationalité"}, {"youtube_link", "lien YouTube"}, {"production", "production"},
	{"workshop", "atelier"}, {"translation", "traduction"}, {"synopsis", "synopsis"},
	{"synopsis_anglais", "synopsis en anglais"}, {"ai_tool", "outils d'IA"},
	{"jury_comment", "commentaire du jury"}, {"admin_comment", "commentaire de l'administration"},
	{"original_language", texts.T(texts.Default, texts.EntryOriginalLanguage)}, {"subtitle_languages", texts.T(texts.Default, texts.EntrySubtitleLanguages)},
}

// entryValue is a field's value as the audit writes it ("" when unset) and
// whether it is short enough to be written there.
func entryValue(m Movie, field string) (string, bool) {
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	switch field {
	case "title":
		return m.Title, true
	case "original_language":
		if m.OriginalLanguage == nil {
			return "", true
		}
		return string(*m.OriginalLanguage), true
	case "subtitle_languages":
		return JoinLanguages(m.SubtitleLanguages), true
	}
	for _, f := range MovieTextFields {
		if f.Name == field {
			return str(*f.Of(&m)), f.Max <= MaxShortTextLen
		}
	}
	for _, f := range MovieNumberFields {
		if f.Name == field {
			if v := *f.Of(&m); v != nil {
				return strconv.FormatInt(*v, 10), true
			}
			return "", true
		}
	}
	return "", false
}

// EntryChanges lists what changed from before to after in a film's entry:
// its fields, then its answers (named by their question's label in form,
// in the form's order, then any other by id).
func EntryChanges(before, after Movie, form EntryForm) []EntryChange {
	var out []EntryChange
	for _, w := range entryWords {
		old, short := entryValue(before, w.field)
		now, _ := entryValue(after, w.field)
		if old != now {
			c := EntryChange{Field: w.field, Word: w.word, Short: short}
			if short {
				c.Old, c.New = old, now
			}
			out = append(out, c)
		}
	}
	ids := answerIDs(before.Answers, after.Answers, form)
	for _, id := range ids {
		a, _ := json.Marshal(before.Answers[id])
		b, _ := json.Marshal(after.Answers[id])
		if before.Answers.Has(id) != after.Answers.Has(id) || string(a) != string(b) {
			label := id
			if q, ok := form.Question(id); ok {
				label = q.Label
			}
			out = append(out, EntryChange{Field: "answers." + id, Word: "réponse « " + label + " »"})
		}
	}
	return out
}

// answerIDs are the question ids answered before or after, in the form's
// order, then the others by id.
func answerIDs(before, after Answers, form EntryForm) []string {
	var rest []string
	for id := range before {
		rest = append(rest, id)
	}
	for id := range after {
		if !before.Has(id) {
			rest = append(rest, id)
		}
	}
	var out []string
	for _, q := range form.Questions {
		if i := slices.Index(rest, q.ID); i >= 0 {
			out = append(out, q.ID)
			rest = slices.Delete(rest, i, i+1)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// EntryAudit are the details of an entry's audit entry: the fields changed
// (API names, comma-separated), and each short field's old and new values.
func EntryAudit(changes []EntryChange) map[string]string {
	names := make([]string, len(changes))
	details := map[string]string{}
	for i, c := range changes {
		names[i] = c.Field
		if c.Short {
			details[c.Field+".old"], details[c.Field+".new"] = c.Old, c.New
		}
	}
	details["fields"] = strings.Join(names, ",")
	return details
}

// MovieEdited is the message that tells the jurors who voted on film m
// (voters) what an edit of its entry changed, one "- <what>" a line; none
// when nobody voted or nothing changed.
func MovieEdited(m Movie, voters []int64, changes []EntryChange, now time.Time) []Message {
	if len(voters) == 0 || len(changes) == 0 {
		return nil
	}
	lines := make([]string, len(changes))
	for i, c := range changes {
		lines[i] = "- " + c.Word
	}
	return []Message{NewMessage(MessageMovieEdited, voters, map[string]string{"title": m.Title, "id_movie": strconv.FormatInt(m.ID, 10), "changes": strings.Join(lines, "\n")}, now)}
}

// EntryEdit is a change of film's entry by by at now, with every rule such
// a change meets: the edit window (Season.CheckEdit), then apply (which
// changes the fields or the answers), then the checklist (Admit: refused
// or kept as a draft when incomplete, the draft cleared once complete; an
// admin's edit is never refused). It returns the audit's details
// (EntryAudit, with apply's own) and the message the jurors who voted
// (voters) receive, naming only what they may read (juryReads).
func (s Settings) EntryEdit(by Actor, voters []int64, now time.Time, apply MovieEdit) MovieEditTelling {
	return func(m *Movie) (map[string]string, []Message, error) {
		if err := s.CheckEdit(by, *m, now); err != nil {
			return nil, nil, err
		}
		before := *m
		before.Answers = maps.Clone(m.Answers)
		own, err := apply(m)
		if err != nil {
			return nil, nil, err
		}
		if err := s.Admit(m, now, by.Is(RoleAdmin)); err != nil {
			return nil, nil, err
		}
		if !slices.Equal(before.SubtitleLanguages, m.SubtitleLanguages) {
			RecheckSubtitlesLanguage(m, s.Season)
		}
		changes := EntryChanges(before, *m, s.Form)
		details := EntryAudit(changes)
		for k, v := range own {
			if _, taken := details[k]; !taken {
				details[k] = v
			}
		}
		return details, MovieEdited(*m, voters, s.juryReads(changes), now), nil
	}
}

// juryReads keeps the changes a juror may read of: not the admins' comment,
// nor an answer whose question jurors do not read (Question.ReadBy).
func (s Settings) juryReads(changes []EntryChange) []EntryChange {
	var out []EntryChange
	for _, c := range changes {
		id, answer := strings.CutPrefix(c.Field, "answers.")
		if q, ok := s.Form.Question(id); c.Field == "admin_comment" || (answer && (!ok || !q.ReadBy(AudienceJury))) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// MovieEditTelling is a MovieEdit that also returns the messages the change
// owes people, written in the same transaction as the film.
type MovieEditTelling func(m *Movie) (map[string]string, []Message, error)
