package lambdahttp_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/pkg/api/web"
)

// TestResponseSizeIsThePayloadTheAdapterAndTheRuntimeProduce checks
// web.ResponseSize, the rule by which the web layer sends an answer through
// the bucket and the local edge refuses one, against the real thing: the
// adapter's events.APIGatewayV2HTTPResponse, encoded as aws-lambda-go's
// runtime encodes it (HTML not escaped, a final newline).
func TestResponseSizeIsThePayloadTheAdapterAndTheRuntimeProduce(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(bytes.Repeat([]byte(`{"title":"Cléo de 5 à 7"},`), 500))
	_ = zw.Close()
	tests := []struct {
		name   string
		header http.Header
		body   []byte
	}{
		{"JSON with quotes, backslashes, accents and <html>", http.Header{"Content-Type": {"application/json"}},
			[]byte(`[{"title":"L'\"Atalante\" \\ <b>&</b> été","n":1}]`)},
		{"control characters and line separators", http.Header{"Content-Type": {"text/plain"}},
			[]byte("a\tb\nc\rd\x00e\x1f\bf\fg\u2028h\u2029i\x7f")},
		{"gzip: base64-encoded", http.Header{"Content-Type": {"application/json"}, "Content-Encoding": {"gzip"}}, gz.Bytes()},
		{"no content type: the adapter sniffs one", http.Header{}, []byte("<!doctype html><p>hi</p>")},
		{"cookies and a repeated header", http.Header{"Set-Cookie": {"a=1", "b=2"}, "Vary": {"Accept-Encoding", "Accept-Language"}},
			[]byte("{}")},
		{"an empty body", http.Header{"Etag": {`"x"`}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				for k, v := range tt.header {
					w.Header()[k] = v
				}
				w.WriteHeader(http.StatusOK)
				if len(tt.body) > 0 { // an empty Write would make the adapter sniff a type: a few bytes, never 6 MB
					_, _ = w.Write(tt.body)
				}
			})
			resp := invoke(t, h, get("GET", "/movies"))
			var payload bytes.Buffer
			enc := json.NewEncoder(&payload)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(resp); err != nil {
				t.Fatal(err)
			}
			if got := web.ResponseSize(http.StatusOK, tt.header, tt.body); got != payload.Len() {
				t.Errorf("ResponseSize %d, the runtime's payload %d bytes: %s", got, payload.Len(), payload.String()[:min(200, payload.Len())])
			}
		})
	}
}
