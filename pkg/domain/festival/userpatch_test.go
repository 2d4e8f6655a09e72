package festival

import (
	"errors"
	"reflect"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestAUserPatchSetsWhatWasSent(t *testing.T) {
	t.Parallel()
	city, job := "Sète", "DIRECTOR"
	stored := func() User {
		return User{ID: 4, FirstName: "Agnès", LastName: "Varda", Email: "agnes@example.org", PasswordHash: "$2a$10$hash",
			Role: RoleProducer, City: sent("Paris"), Job: &job}
	}
	tests := []struct {
		name          string
		patch         UserPatch
		mayChangeRole bool
		want          func(*User)
		refused       string
	}{
		{"nothing sent", UserPatch{}, false, func(*User) {}, ""},
		{"names and e-mail", UserPatch{FirstName: sent("Jacques"), LastName: sent("Demy"), Email: sent("jacques@example.org")}, false,
			func(u *User) { u.FirstName, u.LastName, u.Email = "Jacques", "Demy", "jacques@example.org" }, ""},
		{"a profile field set, another cleared", UserPatch{Profile: map[string]*string{"city": &city, "job": nil}}, false,
			func(u *User) { u.City, u.Job = &city, nil }, ""},
		{"the password is not the patch's", UserPatch{Password: sent("motdepasse")}, false, func(*User) {}, ""},
		{"an admin changes the role", UserPatch{Role: sent(RoleJury)}, true, func(u *User) { u.Role = RoleJury }, ""},
		{"the same role sent back by its owner", UserPatch{Role: sent(RoleProducer), FirstName: sent("Jacques")}, false,
			func(u *User) { u.FirstName = "Jacques" }, ""},
		{"users cannot change their own role", UserPatch{Role: sent(RoleAdmin)}, false, nil, "Vous ne pouvez pas changer votre propre rôle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := stored()
			err := tt.patch.Apply(&got, tt.mayChangeRole)
			if tt.refused != "" {
				var e *apperr.Error
				if !errors.As(err, &e) || e.Code != apperr.Forbidden || e.Text(texts.French) != tt.refused {
					t.Fatalf("Apply: %v, want 403 %q", err, tt.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := stored()
			tt.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("user\n got %+v\nwant %+v", got, want)
			}
		})
	}
}
