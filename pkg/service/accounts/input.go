package accounts

import (
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Texts of the user operations fixed by the specification.
const (
	MsgMissingData   = "Données manquantes"
	MsgAllRequired   = "Tous les champs sont requis"
	MsgCreated       = "Utilisateur créé avec succès"
	MsgAlreadyExists = "Cet utilisateur existe déjà"
	MsgUserNotFound  = "Utilisateur non trouvé"
	MsgLoginOK       = "Connexion réussie"
	MsgBadLogin      = "Identifiants invalides"
	MsgLoginMissing  = "Email et mot de passe requis"
	MsgUserDeleted   = "Utilisateur supprimé avec succès"
)

// optional names the nullable profile fields and where each lives on a User.
var optional = []struct {
	name string
	ptr  func(*festival.User) **string
	max  int
}{
	{"phone", func(u *festival.User) **string { return &u.Phone }, 30},
	{"mobile", func(u *festival.User) **string { return &u.Mobile }, 30},
	{"street", func(u *festival.User) **string { return &u.Street }, festival.MaxTextLen},
	{"postal_code", func(u *festival.User) **string { return &u.PostalCode }, 20},
	{"city", func(u *festival.User) **string { return &u.City }, festival.MaxTextLen},
	{"country", func(u *festival.User) **string { return &u.Country }, festival.MaxTextLen},
	{"biography", func(u *festival.User) **string { return &u.Biography }, festival.MaxBiographyLen},
	{"portfolio", func(u *festival.User) **string { return &u.Portfolio }, festival.MaxTextLen},
	{"youtube", func(u *festival.User) **string { return &u.Youtube }, festival.MaxTextLen},
	{"instagram", func(u *festival.User) **string { return &u.Instagram }, festival.MaxTextLen},
	{"linkedin", func(u *festival.User) **string { return &u.Linkedin }, festival.MaxTextLen},
	{"facebook", func(u *festival.User) **string { return &u.Facebook }, festival.MaxTextLen},
	{"tiktok", func(u *festival.User) **string { return &u.Tiktok }, festival.MaxTextLen},
	{"job", func(u *festival.User) **string { return &u.Job }, 0},
	{"known_by_service", func(u *festival.User) **string { return &u.KnownByService }, 0},
	{"birth_date", func(u *festival.User) **string { return &u.BirthDate }, 0},
}

// Input is a decoded user body: only the fields that were sent are set.
type Input struct {
	// profile holds the optional fields that were sent, normalized; a nil
	// value clears the field (sent as null or empty).
	profile   map[string]*string
	FirstName *string
	LastName  *string
	Email     *string
	Password  *string
	Role      *festival.Role
}

// ParseInput reads a user body. Values are checked here, before anything is
// written: a refused value gives the spec's 500 "Erreur base de données" with
// details naming the field.
func ParseInput(f web.Fields, now time.Time) (Input, error) {
	in := Input{profile: map[string]*string{}}
	text := func(name string) (*string, error) {
		s, ok, err := f.String(name)
		if err != nil {
			return nil, apperr.Rejectedf("%s : la valeur doit être une chaîne de caractères", name)
		}
		if !ok {
			return nil, nil
		}
		return &s, nil
	}
	var err error
	if in.FirstName, err = text("first_name"); err != nil {
		return in, err
	}
	if in.LastName, err = text("last_name"); err != nil {
		return in, err
	}
	if in.Email, err = text("email"); err != nil {
		return in, err
	}
	if in.Password, err = text("password"); err != nil {
		return in, err
	}
	role, err := text("role")
	if err != nil {
		return in, err
	}
	if role != nil {
		r, ok := festival.ParseRole(*role)
		if !ok {
			return in, apperr.Rejectedf("role : la valeur %q n'est pas permise (valeurs possibles : ADMIN, JURY, PRODUCER)", *role)
		}
		in.Role = &r
	}
	if in.FirstName != nil {
		*in.FirstName = strings.TrimSpace(*in.FirstName)
		if err := festival.CheckName("first_name", *in.FirstName); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
	}
	if in.LastName != nil {
		*in.LastName = strings.TrimSpace(*in.LastName)
		if err := festival.CheckName("last_name", *in.LastName); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
	}
	if in.Email != nil {
		*in.Email = strings.TrimSpace(*in.Email)
		if err := festival.CheckEmail(*in.Email); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
	}
	for _, o := range optional {
		v, err := text(o.name)
		if err != nil {
			return in, err
		}
		if !f.Has(o.name) {
			continue
		}
		if v == nil || strings.TrimSpace(*v) == "" {
			in.profile[o.name] = nil
			continue
		}
		if err := checkOptional(o.name, v, o.max, now); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
		in.profile[o.name] = v
	}
	return in, nil
}

// checkOptional validates (and normalizes) one optional profile value.
func checkOptional(name string, v *string, max int, now time.Time) error {
	switch name {
	case "job":
		*v = strings.ToUpper(strings.TrimSpace(*v))
		return festival.CheckOneOf(name, *v, festival.Jobs)
	case "known_by_service":
		return festival.CheckOneOf(name, *v, festival.KnownByService)
	case "birth_date":
		// YYYY-MM-DD; a date-time (as responses show it) is read as its date.
		s := strings.TrimSpace(*v)
		if len(s) > 10 && s[10] == 'T' {
			if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
				s = t.UTC().Format(time.DateOnly)
			}
		}
		*v = s
		return festival.CheckBirthDate(s, now)
	}
	return festival.CheckText(name, *v, max)
}

// applyOptional copies every optional field that was sent onto u.
func (in Input) applyOptional(u *festival.User) {
	for _, o := range optional {
		if v, sent := in.profile[o.name]; sent {
			*o.ptr(u) = v
		}
	}
}
