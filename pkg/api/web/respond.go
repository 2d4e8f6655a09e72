// Package web is the HTTP plumbing shared by every route group: JSON answers,
// the single mapping from apperr codes to statuses, input decoding with the
// accepted field aliases, and the middleware every handler runs behind
// (request id, structured logs, panic recovery).
package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// statusOf is the one table from failure codes to HTTP statuses.
var statusOf = map[apperr.Code]int{
	apperr.Invalid:      http.StatusBadRequest,
	apperr.Unauthorized: http.StatusUnauthorized,
	apperr.Forbidden:    http.StatusForbidden,
	apperr.NotFound:     http.StatusNotFound,
	apperr.Conflict:     http.StatusConflict,
	apperr.TooLarge:     http.StatusRequestEntityTooLarge,
	apperr.TooMany:      http.StatusTooManyRequests,
	apperr.Contended:    http.StatusConflict,
	apperr.Rejected:     http.StatusInternalServerError,
	apperr.Internal:     http.StatusInternalServerError,
}

// StatusOf returns the HTTP status for an error.
func StatusOf(err error) int { return statusOf[apperr.CodeOf(err)] }

// JSON writes v as a JSON body with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // the status is sent; a broken connection is all that can fail here
}

// ErrorBody is the error shape of the specification, with the key of its
// text as code: the same in every language, for clients that tell
// failures apart.
type ErrorBody struct {
	Error   string `json:"error"`
	Code    string `json:"code,omitempty"`
	Details string `json:"details,omitempty"`
}

// internalBody is the answer to an internal failure: the same text in every
// language, as the specification writes it.
var internalBody = ErrorBody{Error: texts.T(texts.Default, texts.Internal), Code: string(texts.Internal)}

// Error answers err, written in the request's language (Lang). An
// *apperr.Error is shown as it is; anything else is an internal failure
// whose cause goes to the log only.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	log := Logger(r.Context())
	var e *apperr.Error
	if !errors.As(err, &e) {
		log.Error("internal failure", "err", err.Error())
		JSON(w, http.StatusInternalServerError, internalBody)
		return
	}
	status := statusOf[e.Code]
	switch {
	case e.Code == apperr.Internal:
		log.Error("internal failure", "err", e.Error())
	case e.Code == apperr.Rejected:
		// The spec answers 500 here, but the cause is the client's value.
		log.Warn("client error: value refused by the store", "details", e.DetailsText(texts.Default))
	default:
		log.Info("client error", "status", status, "code", string(e.Key))
	}
	if !texts.Has(e.Key) && e.Key != "" {
		// Every text should be keyed: this one is answered as it is, without a code.
		log.Warn("error text outside the catalogues", "text", string(e.Key))
	}
	if (e.Code == apperr.TooMany || e.Code == apperr.Contended) && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.FormatInt(int64((e.RetryAfter+time.Second-1)/time.Second), 10))
	}
	if e.Body != nil {
		JSON(w, status, e.Body)
		return
	}
	if e.Code == apperr.Internal && e.Key == "" {
		JSON(w, status, internalBody)
		return
	}
	JSON(w, status, body(e, Lang(r)))
}

// body writes e in l. The code is e's key when a catalogue holds it (a text
// not yet keyed has none).
func body(e *apperr.Error, l texts.Lang) ErrorBody {
	b := ErrorBody{Error: e.Text(l), Details: e.DetailsText(l)}
	if texts.Has(e.Key) {
		b.Code = string(e.Key)
	}
	return b
}

// Refuse answers status with the error body of key, written in r's
// language: for the few answers outside the apperr codes' table (the
// console's 405 and 503).
func Refuse(w http.ResponseWriter, r *http.Request, status int, key texts.Key) {
	JSON(w, status, ErrorBody{Error: texts.T(Lang(r), key), Code: string(key)})
}

// Lang is the language r is answered in: the one its Accept-Language
// prefers, which Serve put in its context.
func Lang(r *http.Request) texts.Lang { return texts.LangOf(r.Context()) }

// Say writes key's text in r's language: the message of a success body.
func Say(r *http.Request, key texts.Key, args ...any) string {
	return texts.T(Lang(r), key, args...)
}

// Message is the body of answers that only confirm, such as deletions
// (its text written with Say).
type Message struct {
	Message string `json:"message"`
}

// NextCursorHeader carries the cursor of the next page of a listing, so that
// listing bodies stay the plain arrays the specification shows.
const NextCursorHeader = "X-Next-Cursor"

// SetNextCursor announces the next page of a listing, if there is one.
func SetNextCursor(w http.ResponseWriter, next string) {
	if next != "" {
		w.Header().Set(NextCursorHeader, next)
	}
}
