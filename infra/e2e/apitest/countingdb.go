package apitest

import (
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/dynamocount"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// CountingDB sits between the API and DynamoDB: it counts the requests by
// operation (to prove "one request per call, none per film") and can make
// transactions fail (to prove that a failure part-way leaves nothing behind).
type CountingDB = dynamocount.DB

// ErrInjected is the failure CountingDB injects.
var ErrInjected = dynamocount.ErrInjected

// StartCounting starts an API whose DynamoDB requests go through a CountingDB.
func StartCounting(t testing.TB, opts ...func(*localserver.Options)) (*API, *CountingDB) {
	db := &CountingDB{}
	opts = append([]func(*localserver.Options){func(o *localserver.Options) {
		// The scheduled run of copy jobs would be counted with whatever
		// request it meets (the requests that write jobs run them at once);
		// a test's own options may set it back.
		o.JobsEvery = time.Hour
	}}, opts...)
	opts = append(opts, func(o *localserver.Options) {
		o.WrapDB = func(inner dynamo.DB) dynamo.DB { db.DB = inner; return db }
	})
	return Start(t, opts...), db
}
