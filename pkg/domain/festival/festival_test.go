package festival

import (
	"encoding/json"
	"testing"
	"time"
)

func TestGuideStatusMapsEveryStoredStatus(t *testing.T) {
	t.Parallel()
	want := map[SelectionStatus]GuideStatus{
		StatusSubmitted: GuidePending, StatusAssigned: GuideValidated, StatusToDiscuss: GuideValidated,
		StatusCandidate: GuideCandidate, StatusSelected: GuideCandidate, StatusFinalist: GuideCandidate,
		StatusAwarded: GuideCandidate, StatusRefused: GuideRejected,
	}
	for _, s := range SelectionStatuses {
		if got := s.Guide(); got != want[s] {
			t.Errorf("%s.Guide() = %s, want %s", s, got, want[s])
		}
	}
}

func TestParseStatusAcceptsBothVocabularies(t *testing.T) {
	t.Parallel()
	tests := map[string]SelectionStatus{
		"PENDING": StatusSubmitted, "VALIDATED": StatusAssigned, "CANDIDATE": StatusCandidate,
		"REJECTED": StatusRefused, "to_discuss": StatusToDiscuss,
		"awarded": StatusAwarded, "finalist": StatusFinalist, "selected": StatusSelected,
	}
	for in, want := range tests {
		if got, ok := ParseStatus(in); !ok || got != want {
			t.Errorf("ParseStatus(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "DONE", "candidat", "42", "pending", "validated ", " selected", "SUBMITTED"} {
		if _, ok := ParseStatus(bad); ok {
			t.Errorf("ParseStatus(%q) was accepted", bad)
		}
	}
}

func TestTimeEncodesLikeJavaScriptISOString(t *testing.T) {
	t.Parallel()
	tm := NewTime(time.Date(2026, 11, 22, 5, 47, 6, 123456789, time.FixedZone("CET", 3600)))
	b, _ := json.Marshal(tm)
	if string(b) != `"2026-11-22T04:47:06.123Z"` {
		t.Fatalf("got %s", b)
	}
	var back Time
	if err := json.Unmarshal(b, &back); err != nil || !back.Equal(tm.Time) {
		t.Fatalf("round trip: %v %v", back, err)
	}
	b, _ = json.Marshal(Time{})
	if string(b) != "null" {
		t.Fatalf("zero time = %s", b)
	}
}

func TestUserValueChecks(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		err  error
		ok   bool
	}{
		{"plain e-mail", CheckEmail("ada@example.org"), true},
		{"e-mail without domain dot", CheckEmail("ada@example"), false},
		{"e-mail with display name", CheckEmail("Ada <ada@example.org>"), false},
		{"e-mail too long", CheckEmail(string(make([]byte, 250)) + "@x.org"), false},
		{"password of 6", CheckPassword("abcdef"), true},
		{"password of 5", CheckPassword("abcde"), false},
		{"password over 72 bytes", CheckPassword(string(make([]byte, 73))), false},
		{"birth date", CheckBirthDate("1990-05-17", now), true},
		{"birth date in the future", CheckBirthDate("2030-01-01", now), false},
		{"birth date not a date", CheckBirthDate("1990-02-30", now), false},
		{"birth date in French order", CheckBirthDate("17/05/1990", now), false},
		{"known job", CheckOneOf("job", "DIRECTOR", Jobs), true},
		{"unknown job", CheckOneOf("job", "CHEF", Jobs), false},
		{"known_by_service French value", CheckOneOf("known_by_service", "Via le site internet ou application de l'IA", KnownByService), true},
		{"known_by_service other text", CheckOneOf("known_by_service", "Par hasard", KnownByService), false},
		{"text of 255", CheckText("city", string(make([]rune, 255)), 255), true},
		{"text of 256", CheckText("city", string(make([]rune, 256)), 255), false},
		{"blank name", CheckName("first_name", "   "), false},
	}
	for _, tt := range tests {
		if (tt.err == nil) != tt.ok {
			t.Errorf("%s: err = %v, want ok=%v", tt.name, tt.err, tt.ok)
		}
	}
}

func TestConflictOfInterest(t *testing.T) {
	t.Parallel()
	m := Movie{OwnerID: 7, Collaborators: []Collaborator{{Email: "Coll@Example.org"}}}
	if !ConflictOfInterest(m, User{ID: 7}) {
		t.Error("the producer may not judge their film")
	}
	if !ConflictOfInterest(m, User{ID: 8, Email: "coll@example.org"}) {
		t.Error("a collaborator (same e-mail, other case) may not judge the film")
	}
	if ConflictOfInterest(m, User{ID: 9, Email: "other@example.org"}) {
		t.Error("an unrelated jury member was refused")
	}
}

func TestPublicUserHidesTheHashAndShowsBirthDateAsDateTime(t *testing.T) {
	t.Parallel()
	d := "1990-05-17"
	u := User{ID: 1, PasswordHash: "$2a$10$x", BirthDate: &d}
	b, _ := json.Marshal(u.Public())
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if _, has := m["password"]; has {
		t.Fatal("public user shows the password hash")
	}
	if m["birth_date"] != "1990-05-17T00:00:00.000Z" {
		t.Fatalf("birth_date = %v", m["birth_date"])
	}
	b, _ = json.Marshal(u.WithHash())
	_ = json.Unmarshal(b, &m)
	if m["password"] != "$2a$10$x" {
		t.Fatal("create/update answers must include the hash")
	}
}
