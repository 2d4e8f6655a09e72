package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/catalog"
	"github.com/festivalapi/festival/pkg/storage/memory"
)

// The catalogue's rules, run on the memory store (which the repository
// suite holds to the DynamoDB store's behaviour): milliseconds, no DynamoDB.

var _ interface {
	catalog.Categories
	catalog.Events
	catalog.Awards
} = (*memory.Catalog)(nil)

var admin = festival.Actor{ID: 1, Role: festival.RoleAdmin}

// festivalOf returns the service over a new, empty memory festival, and
// the festival's films.
func festivalOf() (*catalog.Service, *memory.Films) {
	db := memory.New(nil)
	c := db.Catalog()
	return catalog.New(catalog.Stores{Categories: c, Events: c, Awards: c}), db.Films()
}

// wantAnswer fails unless err is the API answer code with message msg.
func wantAnswer(t *testing.T, what string, err error, code apperr.Code, msg string) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != code || (msg != "" && ae.Text(texts.French) != msg) {
		t.Fatalf("%s: err %v, want %s %q", what, err, code, msg)
	}
}

func TestCategoryNamesAreFoldedRequiredAndUnique(t *testing.T) {
	svc, _ := festivalOf()
	ctx := context.Background()
	c, err := svc.CreateCategory(ctx, admin, "  Court \t métrage ")
	if err != nil || c.Name != "Court métrage" {
		t.Fatalf("CreateCategory = %+v, %v; want the name with its spaces folded", c, err)
	}
	_, err = svc.CreateCategory(ctx, admin, " \t ")
	wantAnswer(t, "blank name", err, apperr.Invalid, texts.T(texts.French, texts.CategoryName))
	_, err = svc.CreateCategory(ctx, admin, strings.Repeat("x", festival.MaxCategoryNameLen+1))
	wantAnswer(t, "name too long", err, apperr.Invalid, "")
	_, err = svc.CreateCategory(ctx, admin, "COURT   MÉTRAGE")
	wantAnswer(t, "taken name", err, apperr.Conflict, texts.T(texts.French, texts.CategoryTaken))

	doc, _ := svc.CreateCategory(ctx, admin, "Documentaire")
	_, err = svc.RenameCategory(ctx, admin, doc.ID, "court métrage")
	wantAnswer(t, "rename onto a taken name", err, apperr.Conflict, texts.T(texts.French, texts.CategoryTaken))
	_, err = svc.RenameCategory(ctx, admin, doc.ID+10, "Autre")
	wantAnswer(t, "rename of an unknown category", err, apperr.NotFound, texts.T(texts.French, texts.CategoryNotFound))
	wantAnswer(t, "deletion of an unknown category", svc.DeleteCategory(ctx, admin, doc.ID+10), apperr.NotFound, texts.T(texts.French, texts.CategoryNotFound))
	if up, err := svc.RenameCategory(ctx, admin, doc.ID, "  Documentaire  long "); err != nil || up.Name != "Documentaire long" {
		t.Fatalf("RenameCategory = %+v, %v", up, err)
	}
	list, _, err := svc.Categories(ctx, festival.Page{})
	if err != nil || len(list) != 2 || list[1].Name != "Documentaire long" {
		t.Fatalf("Categories = %+v, %v", list, err)
	}
	_, _, err = svc.Categories(ctx, festival.Page{Limit: 1, Cursor: "nonsense"})
	wantAnswer(t, "bad cursor", err, apperr.Invalid, "Paramètre cursor invalide")
}

func date(s string) *string { return &s }

func TestAnEventStaysValidThroughItsChanges(t *testing.T) {
	svc, _ := festivalOf()
	ctx := context.Background()
	start := festival.NewTime(time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC))
	ev := festival.Event{Name: "Masterclass", Description: "IA et cinéma", StartDate: start,
		EndDate: festival.NewTime(start.Add(2 * time.Hour)), Location: "Marseille", EventType: "WORKSHOP"}

	bad := ev
	bad.EndDate = festival.NewTime(start.Add(-time.Hour))
	_, _, err := svc.CreateEvent(ctx, admin, bad)
	wantAnswer(t, "an event that ends before it starts", err, apperr.Invalid, "")
	bad = ev
	bad.EventType = "PICNIC"
	_, _, err = svc.CreateEvent(ctx, admin, bad)
	wantAnswer(t, "an unknown event type", err, apperr.Invalid, "")

	e, created, err := svc.CreateEvent(ctx, admin, ev)
	if err != nil || !created {
		t.Fatalf("CreateEvent = %+v, %v, %v", e, created, err)
	}
	again, created, err := svc.CreateEvent(ctx, admin, ev)
	if err != nil || created || again.ID != e.ID {
		t.Fatalf("second CreateEvent = %+v, %v, %v; want the first", again, created, err)
	}
	// The new end is checked against the stored start, and nothing is written.
	_, err = svc.UpdateEvent(ctx, admin, e.ID, catalog.EventPatch{EndDate: date("2026-05-31")})
	wantAnswer(t, "an end before the stored start", err, apperr.Invalid, "")
	_, err = svc.UpdateEvent(ctx, admin, e.ID, catalog.EventPatch{StartDate: date("demain")})
	wantAnswer(t, "a date that does not parse", err, apperr.Invalid, "")
	if got, err := svc.Event(ctx, e.ID); err != nil || !got.EndDate.Equal(ev.EndDate.Time) {
		t.Fatalf("event after refused changes = %+v, %v", got, err)
	}
	up, err := svc.UpdateEvent(ctx, admin, e.ID, catalog.EventPatch{EndDate: date("2026-06-02T10:00"), EventType: date(" conference ")})
	if err != nil || up.EventType != "CONFERENCE" || up.Name != "Masterclass" || up.EndDate.Day() != 2 {
		t.Fatalf("UpdateEvent = %+v, %v", up, err)
	}

	other, _, _ := svc.CreateEvent(ctx, admin, festival.Event{Name: "Atelier", Description: "Montage", StartDate: start,
		EndDate: start, Location: "Lyon", EventType: "WORKSHOP"})
	_, err = svc.UpdateEvent(ctx, admin, other.ID, catalog.EventPatch{Name: date(" MASTERCLASS ")})
	wantAnswer(t, "rename onto a taken name", err, apperr.Conflict, texts.T(texts.French, texts.EventTaken))
	_, err = svc.UpdateEvent(ctx, admin, other.ID+10, catalog.EventPatch{Location: date("Nice")})
	wantAnswer(t, "update of an unknown event", err, apperr.NotFound, texts.T(texts.French, texts.EventNotFound))
	_, err = svc.Event(ctx, other.ID+10)
	wantAnswer(t, "an unknown event", err, apperr.NotFound, texts.T(texts.French, texts.EventNotFound))
	if err := svc.DeleteEvent(ctx, admin, other.ID); err != nil {
		t.Fatal(err)
	}
	wantAnswer(t, "second deletion", svc.DeleteEvent(ctx, admin, other.ID), apperr.NotFound, texts.T(texts.French, texts.EventNotFound))
}

func TestAwardsNeedAFilmANameAndRoom(t *testing.T) {
	svc, films := festivalOf()
	ctx := context.Background()
	id, _ := films.NewMovieID(ctx)
	if err := films.CreateMovie(ctx, festival.Movie{ID: id, Title: "Film", OwnerID: 7, SelectionStatus: festival.StatusSelected}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		movieID int64
		name    string
	}{{0, "Grand prix"}, {-1, "Grand prix"}, {id, "   "}} {
		_, err := svc.CreateAward(ctx, admin, c.movieID, c.name)
		wantAnswer(t, fmt.Sprintf("award %d %q", c.movieID, c.name), err, apperr.Invalid, texts.T(texts.French, texts.AwardFields))
	}
	_, err := svc.CreateAward(ctx, admin, id, strings.Repeat("p", festival.MaxAwardNameLen+1))
	wantAnswer(t, "award name too long", err, apperr.Invalid, "")
	_, err = svc.CreateAward(ctx, admin, id+1, "Grand prix")
	wantAnswer(t, "award for an unknown film", err, apperr.NotFound, texts.T(texts.French, texts.MovieNotFound))

	first, err := svc.CreateAward(ctx, admin, id, "  Grand prix ")
	if err != nil || first.Name != "Grand prix" {
		t.Fatalf("CreateAward = %+v, %v", first, err)
	}
	for i := 1; i < festival.MaxMovieAwards; i++ {
		if _, err := svc.CreateAward(ctx, admin, id, fmt.Sprintf("Prix %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	_, err = svc.CreateAward(ctx, admin, id, "Un de trop")
	wantAnswer(t, "an award beyond the film's room", err, apperr.Conflict, "")
	if err := svc.DeleteAward(ctx, admin, first.ID); err != nil {
		t.Fatal(err)
	}
	wantAnswer(t, "second withdrawal", svc.DeleteAward(ctx, admin, first.ID), apperr.NotFound, texts.T(texts.French, texts.AwardNotFound))
	list, _, err := svc.Awards(ctx, festival.Page{})
	if err != nil || len(list) != festival.MaxMovieAwards-1 {
		t.Fatalf("%d awards listed, %v", len(list), err)
	}
	m, err := films.GetMovie(ctx, id)
	if err != nil || m.SelectionStatus != festival.StatusAwarded {
		t.Fatalf("film = %s, %v; want awarded", m.SelectionStatus, err)
	}
}
