package festival

import (
	"strings"
	"testing"
	"time"
)

func TestAMessageEditIsCheckedAtTheEdge(t *testing.T) {
	s := func(v string) *string { return &v }
	for _, c := range []struct {
		subject, text *string
		ok            bool
	}{
		{nil, nil, false},
		{s("  "), nil, false},
		{s("Deux\nlignes"), nil, false},
		{s(strings.Repeat("é", MaxMessageSubject+1)), nil, false},
		{nil, s(strings.Repeat("a", MaxMessageText+1)), false},
		{nil, s(" \n "), false},
		{s(" Votre film "), nil, true},
		{nil, s("Bonjour,\n\nTexte."), true},
	} {
		e, err := NewMessageEdit(c.subject, c.text)
		if (err == nil) != c.ok {
			t.Errorf("edit %v/%v: %v, want ok=%v", c.subject, c.text, err, c.ok)
		}
		if c.ok && c.subject != nil && *e.Subject != "Votre film" {
			t.Errorf("subject %q, want it trimmed", *e.Subject)
		}
	}
}

func TestHeldDecisionsMoveWhenTheSeasonReleasesThemSooner(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	date := now.Add(72 * time.Hour)
	season := Season{DecisionsReleaseAt: NewTime(date)}
	film := func(id int64, cats ...int64) Movie {
		m := Movie{ID: id, Title: "Film", OwnerID: 3, SelectionStatus: StatusSelected}
		for _, c := range cats {
			m.Categories = append(m.Categories, MovieCategory{ID: c})
		}
		return m
	}
	held := []Message{DecisionMessage(film(1, 2, 5), now, season), DecisionMessage(film(2, 4), now, season), DecisionMessage(film(3), now, season),
		NewMessage(MessageJuryAssigned, []int64{9}, nil, date)}
	if got := held[0].DecisionCategories(); len(got) != 2 || got[0] != 2 || got[1] != 5 {
		t.Errorf("categories %v", got)
	}
	ids := func(moves []MessageMove) (out []string) {
		for _, mv := range moves {
			out = append(out, mv.Message.Params["id_movie"]+"@"+mv.Due.Sub(now).String())
		}
		return out
	}
	if moves := DecisionMoves(held, season, now); len(moves) != 0 {
		t.Errorf("nothing changed: %v", ids(moves))
	}
	season.Release(5, now)
	if got := ids(DecisionMoves(held, season, now)); len(got) != 1 || got[0] != "1@0s" {
		t.Errorf("category 5 released: %v, want film 1 due now", got)
	}
	season.DecisionsReleaseAt = NewTime(now.Add(24 * time.Hour))
	if got := ids(DecisionMoves(held, season, now)); len(got) != 3 || got[1] != "2@24h0m0s" {
		t.Errorf("date brought forward a day: %v, want every decision (film 1 now, the others in a day)", got)
	}
	season.DecisionsReleaseAt = NewTime(now.Add(96 * time.Hour))
	season.ReleasedCategories = nil
	if got := ids(DecisionMoves(held, season, now)); len(got) != 0 {
		t.Errorf("date moved later: %v, want no move (delivery holds them)", got)
	}
	season.Release(0, now)
	if got := ids(DecisionMoves(held, season, now)); len(got) != 3 {
		t.Errorf("all released: %v, want the three decisions, not the assignment", got)
	}
}

func TestAResetTokenIsMaskedWhenShown(t *testing.T) {
	m := NewMessage(MessagePasswordReset, []int64{1}, map[string]string{"token": "abc"}, time.Now())
	if m.ShownParams()["token"] != MaskedToken || m.Params["token"] != "abc" {
		t.Errorf("shown %v, kept %v", m.ShownParams(), m.Params)
	}
}
