package movies

import (
	"context"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// A file given in answer to question <id> arrives in the form part
// answer.<id> and is stored as the part answer_<id> (stored names are
// answer_<id>-<millis>-<digits><ext>, under the film's prefix).
const (
	answerFormPrefix = "answer."
	answerPartPrefix = "answer_"
)

// AnswerPart is the stored part of a submission's form part answer.<id>
// and what it must hold; ok is false when the name is not one (or names no
// possible question id).
func AnswerPart(formName string) (part string, kind files.Kind, ok bool) {
	id, ok := strings.CutPrefix(formName, answerFormPrefix)
	if !ok || !festival.ValidQuestionID(id) {
		return "", "", false
	}
	return answerPartPrefix + id, files.Document, true
}

// answerFile is the answer a stored file makes, with the name the
// producer's file had (cut to festival.MaxAnswerFileName characters).
func answerFile(st files.Stored, name string) *festival.AnswerFile {
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "")
	}
	if r := []rune(name); len(r) > festival.MaxAnswerFileName {
		name = string(r[:festival.MaxAnswerFileName])
	}
	return &festival.AnswerFile{Key: st.Name, Name: name, ContentType: st.ContentType, Size: st.Size}
}

// submittedAnswers are a new film's answers: the text answers of its form,
// and the files of its answer.<id> parts (stored), each read against the
// questions asked of the film's categories cats, within the budget. A new
// film's first answers are held to no freeze.
func submittedAnswers(form festival.EntryForm, sub Submission, stored map[string]files.Stored, cats []int64) (festival.Answers, error) {
	changes, err := form.ReadAnswers(sub.Answers, cats)
	if err != nil {
		return nil, err
	}
	parts := make([]string, 0, len(stored))
	for part := range stored {
		parts = append(parts, part)
	}
	slices.Sort(parts)
	for _, part := range parts {
		id, ok := strings.CutPrefix(part, answerPartPrefix)
		if !ok {
			continue
		}
		fc, err := form.FileAnswer(id, cats, answerFile(stored[part], sub.AnswerFileNames[id]))
		if err != nil {
			return nil, err
		}
		changes[id] = fc[id]
	}
	next, changed := changes.Apply(nil, form)
	return next, form.CheckBudget(next, changed)
}

// SetAnswers changes a film's answers (PUT /movies/:id/answers, the film's
// producer or an admin): raw, {id: value or null}, read against the
// questions asked of the film as stored, in the edit window, the frozen
// questions the admins' only; audited (movie.answers, the ids changed). A
// file answer cleared is removed from the bucket once the write succeeded.
// It answers the film as the caller reads it.
func (s *Service) SetAnswers(ctx context.Context, c festival.Actor, id int64, raw festival.RawAnswers) (festival.Movie, error) {
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return festival.Movie{}, err
	}
	return s.editAnswers(ctx, c, id, st, func(m festival.Movie) (festival.AnswerChanges, error) {
		return st.Form.ReadAnswers(raw, m.CategoryIDs())
	})
}

// editAnswers applies an answers' edit (festival.EditAnswers) as a change
// of the film's entry (changeEntry), removes the files it no longer points
// at, and answers the film as c reads it.
func (s *Service) editAnswers(ctx context.Context, c festival.Actor, id int64, st festival.Settings,
	read func(festival.Movie) (festival.AnswerChanges, error)) (festival.Movie, error) {
	var before []string
	edit := festival.EditAnswers(c, st, s.now(), read)
	// Through the entry's change: the checklist (refused, draft), and the
	// jurors who voted told of it.
	m, err := s.changeEntry(ctx, c, id, st, "movie.answers", func(m *festival.Movie) (map[string]string, error) {
		before = m.Answers.FileKeys() // the last run is the one written
		return edit(m)
	})
	if err != nil {
		return m, err
	}
	after := m.Answers.FileKeys()
	for _, k := range before {
		if !slices.Contains(after, k) {
			s.discardKey(ctx, files.Key(id, k))
		}
	}
	return m, nil // as c reads it, with its checklist
}

// PutAnswerFile gives a file in answer to the file question qid (PUT
// /movies/:id/answers/:question, the film's producer or an admin): checked
// before anything is stored (the edit window, the question asked of the
// film, its freeze), then checked by its content (a PDF, a JPEG, PNG or
// WebP image) and stored, then pointed at in the film's versioned write.
// The file it replaces is removed after that write; a write that fails
// removes the new one: no orphan either way.
func (s *Service) PutAnswerFile(ctx context.Context, c festival.Actor, id int64, qid, name string, body io.Reader) (festival.Movie, error) {
	m, st, err := s.films.GetMovieAndSettings(ctx, id)
	if err != nil {
		return m, storeErr(err)
	}
	now := s.now()
	if err := st.CheckEdit(c, m, now); err != nil {
		return festival.Movie{}, err
	}
	if _, err := st.Form.FileAnswer(qid, m.CategoryIDs(), nil); err != nil {
		return festival.Movie{}, err
	}
	if err := st.Form.CheckFrozen(c, []string{qid}, now); err != nil {
		return festival.Movie{}, err
	}
	if body == nil {
		return festival.Movie{}, apperr.E(apperr.Invalid, texts.AnswerFileMissing)
	}
	stored, err := s.files.Put(ctx, id, answerPartPrefix+qid, files.Document, body)
	if err != nil {
		return festival.Movie{}, fileErr(answerFormPrefix+qid, files.Document, err)
	}
	file := answerFile(stored, name)
	m, err = s.editAnswers(ctx, c, id, st, func(m festival.Movie) (festival.AnswerChanges, error) {
		return st.Form.FileAnswer(qid, m.CategoryIDs(), file)
	})
	if err != nil {
		s.discardKey(ctx, stored.Key)
	}
	return m, err
}

// DeleteAnswerFile clears the answer to the file question qid (DELETE
// /movies/:id/answers/:question), under the same rules as a change; the
// file is removed once the film no longer points at it.
func (s *Service) DeleteAnswerFile(ctx context.Context, c festival.Actor, id int64, qid string) (festival.Movie, error) {
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return festival.Movie{}, err
	}
	return s.editAnswers(ctx, c, id, st, func(m festival.Movie) (festival.AnswerChanges, error) {
		return st.Form.FileAnswer(qid, m.CategoryIDs(), nil)
	})
}

// AnswerFileURL is a short-lived link to the file a film gives in answer
// to qid (GET /movies/:id/answers/:question), for a caller who may read
// the film and that answer (its question's visibility): 404 when the film
// is hidden from them or the answer is no file, 403 when they may not
// read it.
func (s *Service) AnswerFileURL(ctx context.Context, c festival.Actor, id int64, qid string) (string, error) {
	m, st, err := s.films.GetMovieAndSettings(ctx, id)
	if err != nil {
		return "", storeErr(err)
	}
	stored, ok := m.Answers[qid]
	if !ok || stored.File == nil {
		return "", apperr.E(apperr.NotFound, texts.AnswerNone)
	}
	seen := st.In(texts.LangOf(ctx)).FilmsFor(c, []festival.Movie{m}, s.now())
	if len(seen) == 0 {
		return "", apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	if !seen[0].Answers.Has(qid) {
		return "", apperr.E(apperr.Forbidden, texts.AnswerHidden)
	}
	url, _, err := s.files.PresignGet(ctx, files.Key(id, stored.File.Key))
	return url, err
}
