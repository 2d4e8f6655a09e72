package apitest

import (
	"net/http"
	"path/filepath"
	"sync"

	"github.com/festivalapi/festival/infra/openapicheck"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// The document is loaded and validated once per test binary.
var loadContract = sync.OnceValues(func() (*openapicheck.Document, error) {
	root, err := dynamotest.RepoRoot()
	if err != nil {
		return nil, err
	}
	return openapicheck.Load(filepath.Join(root, "docs", "openapi.yaml"))
})

// CheckOpenAPI makes Do check every answer of a documented route against
// docs/openapi.yaml (status documented, headers and body matching their
// schemas) and fail the test when it does not match. Start turns it on.
// Routes the document does not describe are not checked here; the contract
// test (infra/contract) fails for them.
func (a *API) CheckOpenAPI() *API {
	a.t.Helper()
	doc, err := loadContract()
	if err != nil {
		a.t.Fatalf("load the OpenAPI document: %v", err)
	}
	a.contract = doc
	return a
}

func (a *API) checkContract(req *http.Request, resp *http.Response, body []byte) {
	a.t.Helper()
	if a.contract == nil {
		return
	}
	if err := a.contract.CheckResponse(req, resp.StatusCode, resp.Header, body); err != nil {
		a.t.Errorf("%v\nbody: %s", err, body)
	}
}
