package movies_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/movies"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// widest is n characters of four bytes each, the most UTF-8 a character takes.
func widest(n int) string { return strings.Repeat("𝄞", n) }

// TestAMovieAtEveryLimitFitsInOneItem fills every field a film's item holds to
// the longest the API lets through, with the widest characters, and with as
// many collaborators, categories, jury members and awards as a film may have,
// and answers to the festival's questions up to their budget:
// DynamoDB (which refuses an item over 400 KB) must store it and read it back.
// Raising a limit in pkg/service/movies or pkg/domain/festival without room
// for it fails here.
func TestAMovieAtEveryLimitFitsInOneItem(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	s := dynamo.New(db, table, nil)
	ctx := context.Background()
	id, err := s.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	email := func(i int) string {
		local := fmt.Sprintf("%d.", i) + strings.Repeat("a", 60)
		return local + "@" + strings.Repeat("b", festival.MaxEmailLen-len(local)-5) + ".org"
	}
	name := widest(festival.MaxNameLen)
	m := festival.Movie{ID: id, Title: widest(festival.MaxMovieTitleLen), OwnerID: 1, SelectionStatus: festival.StatusAwarded,
		Producer: &festival.Producer{ID: 1, FirstName: name, LastName: name}, CreatedAt: now, UpdatedAt: now}
	for _, f := range festival.MovieTextFields {
		v := widest(f.Max)
		*f.Of(&m) = &v
	}
	for i := range movies.MaxCollaborators {
		m.Collaborators = append(m.Collaborators, festival.Collaborator{ID: int64(i + 1),
			FirstName: widest(movies.MaxCollaboratorText), LastName: widest(movies.MaxCollaboratorText),
			Email: email(i), Job: widest(movies.MaxCollaboratorText)})
	}
	for i := range movies.MaxCategories {
		m.Categories = append(m.Categories, festival.MovieCategory{ID: int64(i + 1), Name: widest(festival.MaxCategoryNameLen)})
	}
	for i := range movies.MaxJuries {
		m.Juries = append(m.Juries, festival.Jury{ID: int64(i + 2), FirstName: name, LastName: name, Email: email(i), Role: festival.RoleJury})
	}
	for i := range festival.MaxMovieAwards {
		m.Awards = append(m.Awards, festival.MovieAward{ID: int64(i + 1), Name: widest(festival.MaxAwardNameLen), AwardedAt: now})
	}
	m.Answers = fullAnswers()
	if err := s.CreateMovie(ctx, festival.Movie{ID: id, Title: "x", OwnerID: 1, SelectionStatus: festival.StatusSubmitted, CreatedAt: now, UpdatedAt: now}, festival.Admission{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateMovie(ctx, id, func(stored *festival.Movie) ([]types.TransactWriteItem, error) {
		*stored = m
		return nil, nil
	}); err != nil {
		t.Fatalf("a film at every limit is not stored: %v", err)
	}
	got, err := s.GetMovie(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if *got.Synopsis != *m.Synopsis || len(got.Awards) != festival.MaxMovieAwards || len(got.Collaborators) != movies.MaxCollaborators ||
		len(got.Answers) != len(m.Answers) {
		t.Errorf("the film read back differs from the one stored")
	}
}

// fullAnswers are answers that fill a film's budget
// (festival.MaxAnswersBytes, as festival.AnswerSize counts it) with long
// texts in four-byte characters, the last one cut to what is left.
func fullAnswers() festival.Answers {
	answers := festival.Answers{}
	total := 0
	for i := 0; ; i++ {
		id := fmt.Sprintf("%02d", i) + strings.Repeat("q", festival.MaxQuestionIDLen-2)
		text := widest(festival.MaxAnswerLongText)
		a := festival.Answer{Text: &text}
		if total+festival.AnswerSize(id, a) > festival.MaxAnswersBytes {
			text = widest((festival.MaxAnswersBytes - total - festival.AnswerSize(id, festival.Answer{Text: new("")})) / 4)
			a = festival.Answer{Text: &text}
			answers[id] = a
			total += festival.AnswerSize(id, a)
			break
		}
		answers[id] = a
		total += festival.AnswerSize(id, a)
	}
	if total > festival.MaxAnswersBytes || total < festival.MaxAnswersBytes-4 {
		panic(fmt.Sprintf("answers of %d bytes, not the budget", total))
	}
	return answers
}
