// Package languages_test proves two things on the local stack: the
// language-aware assignment (jurors declare the languages they understand,
// films their original and subtitle languages, checked against the subtitle
// file, and the automatic assignment never gives a film to a juror who
// understands neither), and that the API answers in the language the request
// prefers (Accept-Language), French by default, with the same error code in
// every language.
package languages_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }
