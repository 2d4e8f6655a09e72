// Package apperr is the one vocabulary of failures shared by every route group.
//
// Handlers and stores return *Error values with a Code; package web maps each
// Code to an HTTP status in a single table, so no handler chooses a status on
// its own. Anything that is not an *Error is an internal failure: it is logged
// and the client sees a generic message, never the cause.
package apperr

import (
	"errors"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Code classifies a failure. Each code maps to exactly one HTTP status.
type Code string

const (
	Invalid      Code = "invalid"      // 400: the request is malformed or a value is refused.
	Unauthorized Code = "unauthorized" // 401: no token, or a token that is not (or no longer) valid.
	Forbidden    Code = "forbidden"    // 403: authenticated, but the role or ownership does not allow it.
	NotFound     Code = "not_found"    // 404: the record does not exist.
	Conflict     Code = "conflict"     // 409: a uniqueness rule refuses the write.
	TooLarge     Code = "too_large"    // 413: an upload exceeds its configured limit.
	TooMany      Code = "too_many"     // 429: too many attempts; RetryAfter says when to try again.
	// Contended is a write that lost every try of the store's retry policy
	// to concurrent writes of the same record: 409, with RetryAfter. Nothing
	// was written; the same request may well succeed a moment later.
	Contended Code = "contended"
	// Rejected is the spec's "Erreur base de données" on user operations: a value
	// the store refuses answers 500 with details. It is the client's fault, so it
	// is logged as a client error, not as a server fault.
	Rejected Code = "rejected"
	Internal Code = "internal" // 500: anything unexpected; the cause is logged, never shown.
)

// Error is a failure the client may see. It carries its text as a key and
// the key's arguments, not as words: package web writes it in the
// request's language, and answers the key as the body's "code".
type Error struct {
	Code Code
	Key  texts.Key // the body's "error" text, and its "code"
	Args []any     // Key's arguments (a texts.Msg is written in the same language)
	// DetailsKey, when set, is the optional "details" text, with its
	// arguments.
	DetailsKey  texts.Key
	DetailsArgs []any
	// Body, when set, replaces the standard {error, code, details} body; used
	// where the spec fixes a richer answer for a failure.
	Body any
	// RetryAfter, with TooMany or Contended, is how long the caller must wait (the
	// answer's Retry-After header, in whole seconds).
	RetryAfter time.Duration
	Err        error // the cause, for logs only
}

// Text is the error's text in l (the body's "error").
func (e *Error) Text(l texts.Lang) string { return texts.T(l, e.Key, e.Args...) }

// DetailsText is the details' text in l, "" without details.
func (e *Error) DetailsText(l texts.Lang) string {
	if e.DetailsKey == "" {
		return ""
	}
	return texts.T(l, e.DetailsKey, e.DetailsArgs...)
}

// Error is the failure in the default language, for logs and tests.
func (e *Error) Error() string {
	msg := string(e.Code) + ": " + e.Text(texts.Default)
	if d := e.DetailsText(texts.Default); d != "" {
		msg += " (" + d + ")"
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// E builds an error with a code and a text: its key, and the values the
// key's format takes.
func E(code Code, key texts.Key, args ...any) *Error {
	return &Error{Code: code, Key: key, Args: args}
}

// Ef is E: the name of the formatting call sites.
func Ef(code Code, key texts.Key, args ...any) *Error { return E(code, key, args...) }

// Rejectedf is the spec's persistence failure on user operations, with a
// details sentence that names the field and the reason.
func Rejectedf(key texts.Key, args ...any) *Error {
	return &Error{Code: Rejected, Key: texts.DatabaseError, DetailsKey: key, DetailsArgs: args}
}

// CodeOf returns the code of err, or Internal when err is not an *Error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err carries the given code.
func Is(err error, code Code) bool { return err != nil && CodeOf(err) == code }
