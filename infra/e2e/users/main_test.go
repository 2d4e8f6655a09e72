// Package users walks the auth and users routes of the specification over
// HTTP against the local API.
package users

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
