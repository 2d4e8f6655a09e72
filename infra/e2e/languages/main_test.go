// Package languages_test proves on the local stack that the API answers in
// the language the request prefers (Accept-Language), French by default,
// with the same error code in every language.
package languages_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
