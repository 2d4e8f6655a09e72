package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestCategoryNamesAreUniqueWhateverTheLetterCase(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	c, err := s.CreateCategory(ctx, actor(admin), "Court métrage")
	if err != nil || c.ID == 0 || c.Name != "Court métrage" {
		t.Fatalf("CreateCategory = %+v, %v", c, err)
	}
	if _, err := s.CreateCategory(ctx, actor(admin), "court MÉTRAGE"); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("duplicate name: err %v, want festival.ErrNameTaken", err)
	}
	other, _ := s.CreateCategory(ctx, actor(admin), "Documentaire")
	if _, err := s.RenameCategory(ctx, actor(admin), other.ID, "COURT métrage"); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("rename onto a taken name: err %v, want festival.ErrNameTaken", err)
	}
	list, _, err := s.ListCategories(ctx, dynamo.Page{})
	if err != nil || len(list) != 2 {
		t.Fatalf("ListCategories = %+v, %v", list, err)
	}
}

func TestRenamingACategoryRenamesItInItsMoviesAndDeletingUnlinksIt(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	c, _ := s.CreateCategory(ctx, actor(admin), "Fiction")
	keep, _ := s.CreateCategory(ctx, actor(admin), "Drame")
	m := judgedMovie(t, s, prod, festival.MovieCategory{ID: c.ID, Name: c.Name}, festival.MovieCategory{ID: keep.ID, Name: keep.Name})

	if _, err := s.RenameCategory(ctx, actor(admin), c.ID, "Fiction courte"); err != nil {
		t.Fatal(err)
	}
	got, _ := s.GetMovie(ctx, m.ID)
	if len(got.Categories) != 2 || got.Categories[0].Name != "Fiction courte" {
		t.Fatalf("film categories after rename = %+v", got.Categories)
	}
	// The old name is free again, the new one is taken.
	if _, err := s.CreateCategory(ctx, actor(admin), "fiction"); err != nil {
		t.Fatalf("old name not freed: %v", err)
	}
	if _, err := s.DeleteCategory(ctx, actor(admin), c.ID); err != nil {
		t.Fatal(err)
	}
	got, _ = s.GetMovie(ctx, m.ID)
	if len(got.Categories) != 1 || got.Categories[0].ID != keep.ID {
		t.Fatalf("film categories after delete = %+v", got.Categories)
	}
	movies, _, err := s.ListMovies(ctx, festival.MovieFilter{CategoryID: c.ID}, dynamo.Page{})
	if err != nil || len(movies) != 0 {
		t.Fatalf("films of the deleted category = %d, %v", len(movies), err)
	}
	if _, err := s.GetCategory(ctx, c.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("deleted category: err %v", err)
	}
	if _, err := s.CreateCategory(ctx, actor(admin), "Fiction courte"); err != nil {
		t.Fatalf("name of the deleted category not freed: %v", err)
	}
	trail, _, _ := s.ListAudit(ctx, festival.AuditFilter{Target: fmt.Sprintf("category:%d", c.ID)}, dynamo.Page{Limit: 10})
	if len(trail) != 3 || trail[0].Action != "category.delete" || trail[2].Action != "category.create" {
		t.Fatalf("audit of the category = %+v", trail)
	}
}

func newEvent(name string) festival.Event {
	start := festival.NewTime(time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC))
	return festival.Event{Name: name, Description: "Rencontre", StartDate: start, EndDate: festival.NewTime(start.Add(2 * time.Hour)),
		Location: "Marseille", EventType: "MEETUP"}
}

func TestEventNamesAreUniqueAndADuplicateReturnsTheExistingEvent(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	e, created, err := s.CreateEvent(ctx, actor(admin), newEvent("Masterclass IA"))
	if err != nil || !created || e.ID == 0 {
		t.Fatalf("CreateEvent = %+v, %v, %v", e, created, err)
	}
	dup, created, err := s.CreateEvent(ctx, actor(admin), newEvent("masterclass  ia"))
	if err != nil || created || dup.ID != e.ID {
		t.Fatalf("duplicate CreateEvent = %+v, %v, %v; want the existing event", dup, created, err)
	}
	other, _, _ := s.CreateEvent(ctx, actor(admin), newEvent("Atelier"))
	if _, err := s.UpdateEvent(ctx, actor(admin), other.ID, func(ev *festival.Event) error { ev.Name = "MASTERCLASS IA"; return nil }); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("rename onto a taken name: err %v", err)
	}
	up, err := s.UpdateEvent(ctx, actor(admin), e.ID, func(ev *festival.Event) error { ev.Name = "Masterclass"; ev.Location = "Lyon"; return nil })
	if err != nil || up.Name != "Masterclass" || up.Location != "Lyon" || up.Description != "Rencontre" || !up.CreatedAt.Equal(e.CreatedAt.Time) {
		t.Fatalf("UpdateEvent = %+v, %v", up, err)
	}
	if _, created, _ := s.CreateEvent(ctx, actor(admin), newEvent("Masterclass IA")); !created {
		t.Fatal("the old name was not freed by the rename")
	}
	if _, err := s.DeleteEvent(ctx, actor(admin), e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetEvent(ctx, e.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("deleted event: err %v", err)
	}
	if _, err := s.UpdateEvent(ctx, actor(admin), e.ID, func(*festival.Event) error { return nil }); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("update of a deleted event: err %v", err)
	}
	list, _, _ := s.ListEvents(ctx, dynamo.Page{})
	if len(list) != 2 {
		t.Fatalf("%d events listed, want 2", len(list))
	}
}

func TestAnAwardIsEmbeddedInItsMovieAndMovesItToAwarded(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	m := judgedMovie(t, s, prod)
	a, err := s.CreateAward(ctx, actor(admin), m.ID, "Grand prix")
	if err != nil || a.ID == 0 || a.MovieID != m.ID {
		t.Fatalf("CreateAward = %+v, %v", a, err)
	}
	b, err := s.CreateAward(ctx, actor(admin), m.ID, "Prix du public")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.GetMovie(ctx, m.ID)
	if got.SelectionStatus != festival.StatusAwarded || len(got.Awards) != 2 || got.Awards[0].Name != "Grand prix" || got.Awards[0].AwardedAt.IsZero() {
		t.Fatalf("film after awards = %s %+v", got.SelectionStatus, got.Awards)
	}
	if _, err := s.CreateAward(ctx, actor(admin), m.ID+50, "Prix"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("award for an unknown film: err %v", err)
	}
	list, _, _ := s.ListAwards(ctx, dynamo.Page{})
	if len(list) != 2 {
		t.Fatalf("%d awards listed", len(list))
	}
	if _, err := s.DeleteAward(ctx, actor(admin), a.ID); err != nil {
		t.Fatal(err)
	}
	got, _ = s.GetMovie(ctx, m.ID)
	if got.SelectionStatus != festival.StatusAwarded || len(got.Awards) != 1 || got.Awards[0].ID != b.ID {
		t.Fatalf("film after withdrawing one award = %s %+v", got.SelectionStatus, got.Awards)
	}
	if _, err := s.DeleteAward(ctx, actor(admin), b.ID); err != nil {
		t.Fatal(err)
	}
	got, _ = s.GetMovie(ctx, m.ID)
	if got.SelectionStatus != festival.StatusCandidate || len(got.Awards) != 0 {
		t.Fatalf("film after withdrawing its last award = %s %+v", got.SelectionStatus, got.Awards)
	}
	if _, err := s.DeleteAward(ctx, actor(admin), b.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second withdrawal: err %v", err)
	}
}

func TestSettingsDefaultToTheSpecAndAreAudited(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	st, err := s.GetSettings(ctx)
	if err != nil || st.JuryVoteAssignedOnly || len(st.SelfRegistrationRoles) != 3 {
		t.Fatalf("default settings = %+v, %v", st, err)
	}
	up, err := s.UpdateSettings(ctx, actor(admin), func(x *festival.Settings) ([]festival.Message, error) {
		x.JuryVoteAssignedOnly = true
		x.SelfRegistrationRoles = []festival.Role{festival.RoleProducer}
		return nil, nil
	})
	if err != nil || !up.JuryVoteAssignedOnly {
		t.Fatal(err)
	}
	st, _ = s.GetSettings(ctx)
	if !st.JuryVoteAssignedOnly || st.SelfRegistrationAllows(festival.RoleJury) || !st.SelfRegistrationAllows(festival.RoleProducer) {
		t.Fatalf("stored settings = %+v", st)
	}
	trail, _, _ := s.ListAudit(ctx, festival.AuditFilter{Action: "settings.update"}, dynamo.Page{Limit: 5})
	if len(trail) != 1 || trail[0].ActorID != admin.ID {
		t.Fatalf("audit = %+v", trail)
	}
}

func TestAuditIsListedNewestFirstWithFiltersAndCursor(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	clock := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	s := dynamo.New(db, table, func() time.Time { clock = clock.Add(time.Second); return clock })
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	other := newUser(t, s, "other@example.org", festival.RoleAdmin)
	for i := 0; i < 5; i++ {
		if _, err := s.CreateCategory(ctx, actor(admin), fmt.Sprintf("Catégorie %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := s.CreateEvent(ctx, actor(other), newEvent("Soirée")); err != nil {
		t.Fatal(err)
	}
	all, next, err := s.ListAudit(ctx, festival.AuditFilter{}, dynamo.Page{Limit: 100})
	if err != nil || len(all) != 6 || next != "" || all[0].Action != "event.create" || !all[0].At.After(all[1].At.Time) {
		t.Fatalf("ListAudit = %+v, %q, %v", all, next, err)
	}
	// Pages of two of admin's category entries, newest first, no gap.
	var seen []string
	cursor := ""
	for {
		page, next, err := s.ListAudit(ctx, festival.AuditFilter{ActorID: admin.ID, Action: "category.create"}, dynamo.Page{Limit: 2, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range page {
			seen = append(seen, e.Details["name"])
		}
		if next == "" {
			break
		}
		cursor = next
	}
	if fmt.Sprint(seen) != "[Catégorie 4 Catégorie 3 Catégorie 2 Catégorie 1 Catégorie 0]" {
		t.Fatalf("paged entries = %v", seen)
	}
	// Time bounds are inclusive.
	from, to := all[4].At.Time, all[2].At.Time
	window, _, err := s.ListAudit(ctx, festival.AuditFilter{From: from, To: to}, dynamo.Page{Limit: 10})
	if err != nil || len(window) != 3 {
		t.Fatalf("window [%s, %s] = %d entries, %v; want 3", from, to, len(window), err)
	}
	if _, _, err := s.ListAudit(ctx, festival.AuditFilter{}, dynamo.Page{Limit: 2, Cursor: "nonsense"}); !errors.Is(err, dynamo.ErrBadCursor) {
		t.Fatalf("bad cursor: err %v", err)
	}
}

func TestACategoryBeingDeletedCannotBeRenamed(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	s := dynamo.New(db, table, nil)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	c, err := s.CreateCategory(ctx, admin, "Documentaire")
	if err != nil {
		t.Fatal(err)
	}
	// The first step of a deletion, as DeleteCategory takes it.
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &table, Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("CATEGORY#%d", c.ID)}, "SK": &types.AttributeValueMemberS{Value: "CATEGORY"}},
		UpdateExpression:          aws.String("SET deleting = :t"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RenameCategory(ctx, admin, c.ID, "Fiction"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("rename of a category being deleted: err = %v, want festival.ErrNotFound", err)
	}
	if cats, _, err := s.ListCategories(ctx, dynamo.Page{}); err != nil || len(cats) != 0 {
		t.Fatalf("a category being deleted is still listed: %v %v", cats, err)
	}
	if _, err := s.DeleteCategory(ctx, admin, c.ID); err != nil {
		t.Fatal(err)
	}
	// Neither name is left taken by a marker.
	for _, name := range []string{"Documentaire", "Fiction"} {
		if _, err := s.CreateCategory(ctx, admin, name); err != nil {
			t.Fatalf("create %q after the deletion: %v", name, err)
		}
	}
}
