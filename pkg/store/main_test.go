package store_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }
