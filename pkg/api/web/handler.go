package web

import (
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Handler answers a request with a status and a body, or with an error. Every
// route answers through Handle, so a failure takes one path whatever the
// route: the error's code picks the status (StatusOf) and Error writes it.
type Handler func(r *http.Request) (status int, body any, err error)

// Writer is a body that writes itself: a page of a listing (with its
// cursor header), a CSV file. Any other body is written as JSON.
type Writer interface {
	Write(w http.ResponseWriter, status int)
}

// Handle turns a Handler into an http.HandlerFunc.
func Handle(h Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		status, body, err := h(r)
		switch b := body.(type) {
		case nil:
		case Writer:
			if err == nil {
				b.Write(w, status)
				return
			}
		}
		if err != nil {
			Error(w, r, err)
			return
		}
		JSON(w, status, body)
	}
}

// page is one page of a listing: a JSON array, and the next page's cursor in
// X-Next-Cursor when more remains.
type page[T any] struct {
	items []T
	next  string
}

func (p page[T]) Write(w http.ResponseWriter, status int) {
	SetNextCursor(w, p.next)
	JSON(w, status, p.items)
}

// CSV is a CSV file as an answer body: an attachment named Name, with
// Header's headers besides (nil for none). Routes write it in memory first,
// so that a failure still answers with a proper error status.
type CSV struct {
	Name   string
	Data   []byte
	Header http.Header
}

func (f CSV) Write(w http.ResponseWriter, status int) {
	for k, v := range f.Header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+f.Name+`"`)
	w.WriteHeader(status)
	_, _ = w.Write(f.Data)
}

// List answers a listing: it reads the page parameters (PageParams), calls
// list, and answers the page.
func List[T any](r *http.Request, list func(festival.Page) ([]T, string, error)) (int, any, error) {
	p, err := PageParams(r)
	if err != nil {
		return 0, nil, err
	}
	items, next, err := list(p)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, Page(items, next), nil
}

// Page is one page of a listing as an answer body: the items as a JSON array
// (never null), the next page's cursor in X-Next-Cursor.
func Page[T any](items []T, next string) Writer {
	if items == nil {
		items = []T{}
	}
	return page[T]{items: items, next: next}
}

// Done answers a change that only confirms (a deletion): 200 {message},
// the text of key in r's language, or err.
func Done(r *http.Request, key texts.Key, err error) (int, any, error) {
	return http.StatusOK, Message{Message: Say(r, key)}, err
}

// Read reads a JSON body (Body, with ifEmpty) and decodes it with read, the
// route's own reader of typed input.
func Read[T any](r *http.Request, ifEmpty texts.Key, read func(Fields) (T, error)) (T, error) {
	f, err := Body(r, ifEmpty)
	if err != nil {
		var zero T
		return zero, err
	}
	return read(f)
}

// Body reads a JSON body. An empty one answers 400 with ifEmpty, the route's
// own message, or is an empty set of fields when ifEmpty is "" (each
// operation then says what is missing).
func Body(r *http.Request, ifEmpty texts.Key) (Fields, error) {
	return readBody(r, ifEmpty, readFields)
}

// AccountBody is Body for an account's fields (the user routes), where
// "language" is the account's language rather than a film's.
func AccountBody(r *http.Request, ifEmpty texts.Key) (Fields, error) {
	return readBody(r, ifEmpty, readAccountFields)
}

func readBody(r *http.Request, ifEmpty texts.Key, read func(*http.Request) (Fields, error)) (Fields, error) {
	f, err := read(r)
	if errors.Is(err, ErrEmptyBody) {
		if ifEmpty != "" {
			return nil, apperr.E(apperr.Invalid, ifEmpty)
		}
		return Fields{}, nil
	}
	return f, err
}
