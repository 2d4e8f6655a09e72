// Package setup_test proves the first run and the confirmation of e-mail
// addresses on the local stack: the first admin created once with the
// deployment's setup code, and self-registered accounts that confirm their
// address before they submit or vote.
package setup_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
