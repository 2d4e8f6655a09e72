// Package requestlog carries the logger of the request being served in its
// context, so that any layer logs with the request's id without knowing HTTP.
package requestlog

import (
	"context"
	"log/slog"
)

type key struct{}

// With returns a context whose logger is l.
func With(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, key{}, l)
}

// From returns the request's logger, or the default one.
func From(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(key{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
