// Package festival walks a whole festival over HTTP, from the accounts to the
// clean-up, as the specification describes it.
package festival

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
