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

func TestADecisionMessageIsReleasedByItsCategoriesOrByAll(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	season := Season{DecisionsReleaseAt: NewTime(now.Add(time.Hour))}
	m := DecisionMessage(Movie{ID: 7, Title: "Cléo", OwnerID: 3, SelectionStatus: StatusSelected,
		Categories: []MovieCategory{{ID: 2}, {ID: 5}}}, now, season)
	if got := m.DecisionCategories(); len(got) != 2 || got[0] != 2 || got[1] != 5 {
		t.Errorf("categories %v", got)
	}
	if !m.ReleasedBy(5) || !m.ReleasedBy(0) || m.ReleasedBy(4) {
		t.Error("a decision is released by its categories and by a release of all, not by another category")
	}
	if other := NewMessage(MessageMovieReceived, []int64{3}, nil, now); other.ReleasedBy(0) {
		t.Error("a film received is no decision")
	}
	season.Release(5, now)
	if !season.DecisionReleased(now, m.DecisionCategories()) || season.DecisionReleased(now, []int64{2}) {
		t.Errorf("after releasing category 5: %v", season.ReleasedCategories)
	}
	season.Release(0, now)
	if !season.DecisionReleased(now, []int64{2}) {
		t.Error("after releasing all, every decision is out")
	}
}

func TestAResetTokenIsMaskedWhenShown(t *testing.T) {
	m := NewMessage(MessagePasswordReset, []int64{1}, map[string]string{"token": "abc"}, time.Now())
	if m.ShownParams()["token"] != MaskedToken || m.Params["token"] != "abc" {
		t.Errorf("shown %v, kept %v", m.ShownParams(), m.Params)
	}
}
