package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// widestChars is n characters of four bytes each, the most UTF-8 a character takes.
func widestChars(n int) string { return strings.Repeat("𝄞", n) }

// largestForm is the form at every limit: as many questions as allowed,
// each with the longest label, help, id and as many of the longest choices.
func largestForm() festival.EntryForm {
	var f festival.EntryForm
	at, _ := festival.ParseTime("2026-05-01T00:00:00.000Z")
	for i := range festival.MaxQuestions {
		id := fmt.Sprintf("%02d", i) + strings.Repeat("q", festival.MaxQuestionIDLen-2)
		q := festival.Question{ID: id, Label: widestChars(festival.MaxQuestionLabel), Help: widestChars(festival.MaxQuestionHelp),
			Kind: festival.QuestionChoices, Category: 1 << 40, Required: true, RequiredFrom: at, FrozenFrom: festival.NewTime(at.Add(time.Hour)),
			Visibility: festival.VisibleAdmins}
		for j := range festival.MaxQuestionChoices {
			q.Choices = append(q.Choices, fmt.Sprintf("%02d", j)+widestChars(festival.MaxChoiceLen-2))
		}
		f.Questions = append(f.Questions, q)
	}
	return f
}

// TestTheLargestFormFitsOneItem stores the largest form the checks let
// through (30 questions, every text at its limit in four-byte characters,
// 20 choices each): DynamoDB refuses an item over 400 KB. It then reads it
// back with the settings, as every read of the settings does.
func TestTheLargestFormFitsOneItem(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	f := largestForm()
	if err := f.Check(); err != nil {
		t.Fatalf("the largest form is refused by its own check: %v", err)
	}
	saved, err := s.ReplaceForm(ctx, admin, func(cur festival.EntryForm) (festival.EntryForm, error) {
		if len(cur.Questions) != 0 {
			t.Errorf("a fresh table has a form: %+v", cur)
		}
		return f, nil
	})
	if err != nil {
		t.Fatalf("the largest form is not stored: %v", err)
	}
	st, err := s.GetSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st.Form, saved) || len(st.Form.Questions) != festival.MaxQuestions || st.Form.UpdatedAt.IsZero() {
		t.Errorf("the form read back with the settings differs from the one stored")
	}
}

func TestTheFormIsReplacedWholeAndAudited(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	lo, hi := festival.MustDecimal("1"), festival.MustDecimal("9.5")
	first := festival.EntryForm{Questions: []festival.Question{
		{ID: "premiere", Label: "Première mondiale ?", Kind: festival.QuestionYesNo, Visibility: festival.VisibleJury, Required: true},
		{ID: "budget", Label: "Budget", Kind: festival.QuestionNumber, Visibility: festival.VisibleAdmins, Category: 3, Min: &lo, Max: &hi},
	}}
	if _, err := s.ReplaceForm(ctx, admin, func(festival.EntryForm) (festival.EntryForm, error) { return first, nil }); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused")
	if _, err := s.ReplaceForm(ctx, admin, func(cur festival.EntryForm) (festival.EntryForm, error) {
		if len(cur.Questions) != 2 || *cur.Questions[1].Max != hi || cur.Questions[0].Help != "" {
			t.Errorf("the current form read back: %+v", cur)
		}
		return cur, refused
	}); !errors.Is(err, refused) {
		t.Errorf("a refused change: %v", err)
	}
	second := festival.EntryForm{Questions: first.Questions[1:]}
	if _, err := s.ReplaceForm(ctx, admin, func(festival.EntryForm) (festival.EntryForm, error) { return second, nil }); err != nil {
		t.Fatal(err)
	}
	st, err := s.GetSettings(ctx)
	if err != nil || len(st.Form.Questions) != 1 || st.Form.Questions[0].ID != "budget" {
		t.Fatalf("form after the second replacement: %+v, %v", st.Form, err)
	}
	entries, _, err := s.ListAudit(ctx, festival.AuditFilter{Action: "form.update"}, dynamo.Page{Limit: 10})
	if err != nil || len(entries) != 2 || entries[0].Details["ids"] != "budget" {
		t.Errorf("audit entries %+v, %v; want two form.update, the last naming budget", entries, err)
	}
}

func TestAFilmsAnswersRoundTrip(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	m := newMovie(t, s, festival.User{ID: 4, FirstName: "A", LastName: "B", Role: festival.RoleProducer})
	n := festival.MustDecimal("12.5")
	want := festival.Answers{
		"t": {Text: new("Bonjour")}, "n": {Number: &n}, "yn": {Bool: new(false)}, "cs": {Choices: []string{"fr", "en"}},
		"f": {File: &festival.AnswerFile{Key: "answer-f-1-2.pdf", Name: "dossier.pdf", ContentType: "application/pdf", Size: 1234}},
	}
	if _, err := s.UpdateMovie(ctx, m.ID, func(stored *festival.Movie) ([]types.TransactWriteItem, error) {
		stored.Answers = want
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetMovie(ctx, m.ID)
	if err != nil || !reflect.DeepEqual(got.Answers, want) {
		t.Fatalf("answers read back %+v, %v; want %+v", got.Answers, err, want)
	}
	if _, err := s.UpdateMovie(ctx, m.ID, func(stored *festival.Movie) ([]types.TransactWriteItem, error) {
		stored.Answers = nil
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetMovie(ctx, m.ID); got.Answers != nil {
		t.Errorf("answers cleared read back as %+v", got.Answers)
	}
}
