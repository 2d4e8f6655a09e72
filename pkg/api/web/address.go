package web

import (
	"net"
	"net/http"
)

// SourceAddress is the address a request came from: on Lambda, API Gateway's
// requestContext.http.sourceIp (the adapter puts it in RemoteAddr, without a
// port); locally, the connection's address without its port. Headers such as
// X-Forwarded-For are not trusted: any client can send them.
func SourceAddress(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}
