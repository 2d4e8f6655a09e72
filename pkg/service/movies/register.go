package movies

import (
	"context"
	"errors"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/accounts"
)

// Accounts is what register-film needs of the accounts service
// (*accounts.Service): the festival's limit on registrations per address,
// and a new account built from the form's user fields (checked, its password
// hashed; nothing written).
type Accounts interface {
	AdmitRegistration(ctx context.Context, st festival.Settings, address string) error
	NewUser(in festival.UserPatch) (festival.User, error)
	// AskConfirmation makes a new account confirm its address before it
	// submits again or votes (the festival's email_confirmation).
	AskConfirmation(u *festival.User) error
}

// Registrar registers a producer with their first film (POST
// /auth/register-film). It stands beside Service rather than in it because
// the accounts service already depends on the film service (deleting a user
// deletes their films).
type Registrar struct {
	films    *Service
	accounts Accounts
}

// NewRegistrar returns the register-film service.
func NewRegistrar(films *Service, acc Accounts) *Registrar {
	return &Registrar{films: films, accounts: acc}
}

// RegisterFilm creates a producer account and their film from one multipart
// form, in one transaction: both or neither. Before the body is read, with
// the settings read once: the registration throttle, the roles open to
// self-registration, the film's admission. A registered e-mail is a 409
// "Cet utilisateur existe déjà"; on any failure the files already stored
// are removed.
func (r *Registrar) RegisterFilm(ctx context.Context, reg FilmRegistration) (u festival.User, m festival.Movie, err error) {
	s := r.films
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return u, m, err
	}
	if err := r.accounts.AdmitRegistration(ctx, st, reg.Address); err != nil {
		return u, m, err
	}
	if err := accounts.CheckSelfRegistration(st, festival.RoleProducer); err != nil {
		return u, m, err
	}
	admit, err := s.admit(ctx, st, reg.LateCode)
	if err != nil {
		return u, m, err
	}
	if reg.FormErr != nil {
		return u, m, reg.FormErr
	}
	id, err := s.films.NewMovieID(ctx)
	if err != nil {
		return u, m, err
	}
	committed := false
	defer s.discardUnlessCommitted(ctx, id, &committed)
	// Saves the uploads in the common case; the transaction decides.
	stored, fields, err := s.receive(ctx, id, reg.Form, func(f File) error { return r.emailFree(ctx, f.Email) })
	if err != nil {
		return u, m, err
	}
	if u, err = r.account(ctx, fields); err != nil {
		return u, m, err
	}
	if st.EmailConfirmation {
		// The film is received with the account; the account confirms
		// its address before it submits another film (or votes).
		if err := r.accounts.AskConfirmation(&u); err != nil {
			return u, m, err
		}
	}
	if fields.FilmErr != nil {
		return u, m, fields.FilmErr
	}
	if err := admit.Check(fields.Film.Categories); err != nil {
		return u, m, err // its categories' windows are closed: the files go
	}
	m, err = s.newMovie(ctx, id, festival.Producer{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName}, fields.Film, stored, st.Form)
	if err != nil {
		return u, m, err
	}
	if err := admit.entry(st, &m); err != nil {
		return u, m, err
	}
	err = s.films.CreateProducerWithMovie(ctx, u, m, admit.store)
	if errors.Is(err, festival.ErrEmailTaken) {
		return u, m, userExists()
	}
	if err != nil {
		return u, m, storeErr(err)
	}
	committed = true
	s.mediaMayBeQueued(m)
	films := []festival.Movie{m}
	withChecklist(ctx, st, festival.Actor{ID: u.ID, Role: festival.RoleProducer}, films, admit.now) // a draft says why
	return u, films[0], nil
}

func userExists() error { return apperr.E(apperr.Conflict, texts.UserExists) }

// emailFree refuses an e-mail that has an account ("" when not sent yet).
func (r *Registrar) emailFree(ctx context.Context, email string) error {
	if email == "" {
		return nil
	}
	key, err := festival.ParseEmailKey(email)
	if err != nil {
		return err
	}
	_, err = r.films.producers.UserByEmail(ctx, key)
	switch {
	case err == nil:
		return userExists()
	case errors.Is(err, festival.ErrNotFound):
		return nil
	}
	return err
}

// account builds the producer's account from the form's user fields, with
// a fresh id. The account of a film submission is a producer's, whatever is
// sent.
func (r *Registrar) account(ctx context.Context, fields Fields) (festival.User, error) {
	if fields.AccountErr != nil {
		return festival.User{}, asInvalid(fields.AccountErr)
	}
	u, err := r.accounts.NewUser(fields.Account)
	if err != nil {
		return u, asInvalid(err)
	}
	u.Role = festival.RoleProducer
	if u.ID, err = r.films.producers.NewUserID(ctx); err != nil {
		return u, err
	}
	return u, nil
}

// asInvalid answers a refused user value with 400 naming the field: the
// spec's 500 "Erreur base de données" is for the user operations only
// (docs/architecture.md, "Baseline decisions"), and register-film is a film submission.
func asInvalid(err error) error {
	var e *apperr.Error
	if errors.As(err, &e) && e.Code == apperr.Rejected {
		return apperr.E(apperr.Invalid, e.DetailsKey, e.DetailsArgs...)
	}
	return err
}
