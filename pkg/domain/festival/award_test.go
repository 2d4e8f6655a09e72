package festival

import (
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestCheckAwardRoom(t *testing.T) {
	full := make([]MovieAward, MaxMovieAwards)
	cases := []struct {
		name string
		m    Movie
		want texts.Key // "" when the film may be awarded
		code apperr.Code
	}{
		{"submitted", Movie{SelectionStatus: StatusSubmitted}, "", ""},
		{"assigned", Movie{SelectionStatus: StatusAssigned}, "", ""},
		{"to discuss", Movie{SelectionStatus: StatusToDiscuss}, "", ""},
		{"candidate", Movie{SelectionStatus: StatusCandidate}, "", ""},
		{"selected", Movie{SelectionStatus: StatusSelected}, "", ""},
		{"finalist", Movie{SelectionStatus: StatusFinalist}, "", ""},
		{"awarded already", Movie{SelectionStatus: StatusAwarded, Awards: []MovieAward{{ID: 1}}}, "", ""},
		{"refused", Movie{SelectionStatus: StatusRefused}, texts.AwardFilmRefused, apperr.Conflict},
		{"withdrawn", Movie{SelectionStatus: StatusSelected, Withdrawn: &Withdrawal{At: NewTime(time.Unix(0, 0))}}, texts.MovieOutWithdrawn, apperr.Conflict},
		{"refused and withdrawn", Movie{SelectionStatus: StatusRefused, Withdrawn: &Withdrawal{}}, texts.MovieOutWithdrawn, apperr.Conflict},
		{"draft", Movie{SelectionStatus: StatusSubmitted, Draft: true}, texts.MovieOutDraft, apperr.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckAwardRoom(c.m)
			if c.want == "" {
				if err != nil {
					t.Fatalf("CheckAwardRoom = %v, want nil", err)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Key != c.want {
				t.Fatalf("CheckAwardRoom = %v, want the text %q", err, c.want)
			}
			if e.Code != c.code {
				t.Fatalf("CheckAwardRoom code = %v, want %v", e.Code, c.code)
			}
		})
	}

	// A film with every award it may have: a field error on id_movie.
	var fe *FieldError
	if err := CheckAwardRoom(Movie{SelectionStatus: StatusAwarded, Awards: full}); !errors.As(err, &fe) || fe.Field != "id_movie" {
		t.Fatalf("CheckAwardRoom(full) = %v, want a field error on id_movie", err)
	}
}

func TestCardPicture(t *testing.T) {
	p := func(s string) *string { return &s }
	cases := []struct {
		name string
		m    Movie
		want string
	}{
		{"poster", Movie{DisplayPicture: p("poster-1.png"), Thumbnail: p("thumbnail1-1.png")}, "poster-1.png"},
		{"thumbnail only", Movie{Thumbnail: p("thumbnail1-1.png")}, "thumbnail1-1.png"},
		{"empty poster name", Movie{DisplayPicture: p(""), Thumbnail: p("thumbnail1-1.png")}, "thumbnail1-1.png"},
		{"none", Movie{}, ""},
	}
	for _, c := range cases {
		if got := c.m.CardPicture(); got != c.want {
			t.Errorf("%s: CardPicture = %q, want %q", c.name, got, c.want)
		}
	}
}
