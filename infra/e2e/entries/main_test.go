// Package entries_test proves the filmmaker's own festival on the local
// stack: the festival's form, completeness, edits, withdrawal, blind
// judging and the makers' data.
package entries_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
