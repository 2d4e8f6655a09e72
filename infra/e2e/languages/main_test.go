// Package languages_test proves the language-aware assignment on the local
// stack: jurors declare the languages they understand, films their original
// and subtitle languages (checked against the subtitle file), and the
// automatic assignment never gives a film to a juror who understands
// neither.
package languages_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
