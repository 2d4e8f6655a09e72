// Package board_test proves the selection committee's board on the local
// stack: sorting, filters, pages and neighbours, the committee's tags (never
// shown to anyone but admins), its notes and each admin's saved views.
package board_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
