// Package editions_test proves the festival's editions on the local stack:
// a table written before editions migrated and every record reachable,
// the start of the next edition (the archived one unchanged and read-only,
// the new one empty with the copied settings and categories), a film
// submitted again, and ?edition= reading both.
package editions_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
