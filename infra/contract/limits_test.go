package contract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// at walks a decoded YAML document along a path of keys joined by "|" (keys
// such as /movies/{id} and application/json hold slashes).
func at(doc any, path string) any {
	for _, k := range strings.Split(path, "|") {
		m, ok := doc.(map[string]any)
		if !ok {
			return nil
		}
		doc = m[k]
	}
	return doc
}

// TestTheOpenAPIDocumentCarriesTheLimitsTheCodeEnforces: every limit a client
// can meet is stated in docs/openapi.yaml with the number the code uses.
func TestTheOpenAPIDocumentCarriesTheLimitsTheCodeEnforces(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join(root, "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	s := "components|schemas|"
	body := func(path, method string) string {
		return "paths|" + path + "|" + method + "|requestBody|content|application/json|schema|properties|"
	}
	want := map[string]any{
		s + "UserFields|properties|first_name|maxLength":                        festival.MaxNameLen,
		s + "UserFields|properties|last_name|maxLength":                         festival.MaxNameLen,
		s + "UserFields|properties|email|maxLength":                             festival.MaxEmailLen,
		s + "UserFields|properties|password|minLength":                          festival.MinPasswordLen,
		s + "UserFields|properties|password|maxLength":                          festival.MaxPasswordLen,
		s + "UserFields|properties|city|maxLength":                              festival.MaxTextLen,
		s + "UserFields|properties|biography|maxLength":                         festival.MaxBiographyLen,
		s + "MovieFields|properties|title|maxLength":                            festival.MaxMovieTitleLen,
		s + "MovieFields|properties|duration|maximum":                           festival.MaxMovieDuration,
		s + "CollaboratorInput|properties|first_name|maxLength":                 movies.MaxCollaboratorText,
		s + "CollaboratorInput|properties|email|maxLength":                      festival.MaxEmailLen,
		s + "VoteInput|properties|score|minimum":                                festival.MinScore,
		s + "VoteInput|properties|score|maximum":                                festival.MaxScore,
		s + "VoteInput|properties|comment|maxLength":                            festival.MaxCommentLen,
		s + "VoteInput|properties|criteria|additionalProperties|minimum":        festival.MinScore,
		s + "VoteInput|properties|criteria|additionalProperties|maximum":        festival.MaxScore,
		s + "Criterion|properties|weight|maximum":                               festival.MaxCriterionWeight,
		s + "Question|properties|min|minimum":                                   -int64(festival.MaxAnswerNumber),
		s + "Question|properties|max|maximum":                                   int64(festival.MaxAnswerNumber),
		s + "CategoryInput|properties|name|maxLength":                           festival.MaxCategoryNameLen,
		s + "EventCreate|properties|name|maxLength":                             festival.MaxEventNameLen,
		s + "EventCreate|properties|location|maxLength":                         festival.MaxEventLocationLen,
		body("/movies/{id}/categories", "put") + "categories|maxItems":          movies.MaxCategories,
		body("/movies/{id}/juries", "put") + "juries|maxItems":                  movies.MaxJuries,
		body("/movies/{id}/collaborators", "put") + "collaborators|maxItems":    movies.MaxCollaborators,
		body("/awards", "post") + "name|maxLength":                              festival.MaxAwardNameLen,
		body("/auth/setup", "post") + "code|maxLength":                          accounts.MaxSetupCode,
		s + "TagsInput|properties|tags|maxItems":                                festival.MaxTags,
		s + "TagsInput|properties|tags|items|maxLength":                         festival.MaxTagLength,
		s + "NoteInput|properties|text|maxLength":                               festival.MaxNoteLength,
		s + "SavedViewsInput|properties|views|maxItems":                         festival.MaxViews,
		s + "SavedViewsInput|properties|views|items|properties|name|maxLength":  festival.MaxViewName,
		s + "SavedViewsInput|properties|views|items|properties|query|maxLength": festival.MaxViewQuery,
		s + "NoticesRead|properties|ids|maxItems":                               festival.MaxNoticeIDs,
		"components|parameters|AuditAction|schema|maxLength":                    festadmin.MaxAuditParam,
		"components|parameters|LateCode|schema|maxLength":                       festival.MaxLateCodeLen,
		"components|parameters|LateCodePath|schema|maxLength":                   festival.MaxLateCodeLen,
		body("/movies/assignment/apply", "post") + "plan_id|maxLength":          festival.MaxPlanID,
		body("/movies/{id}/resubmit", "post") + "late_code|maxLength":           festival.MaxLateCodeLen,
		body("/movies/decisions/apply", "post") + "id_plan|maxLength":           festival.MaxPlanID,
		"components|parameters|AuditTarget|schema|maxLength":                    festadmin.MaxAuditParam,
	}
	for _, f := range festival.MovieTextFields {
		want[s+"MovieFields|properties|"+f.Name+"|maxLength"] = f.Max
	}
	for path, n := range want {
		got := at(doc, path)
		if fmt.Sprint(got) != fmt.Sprint(n) {
			t.Errorf("%s = %v in docs/openapi.yaml, the code enforces %v", path, got, n)
		}
	}
	// Every decimal number sent to storage is a festival.Decimal: two decimal
	// places, stated as multipleOf 0.01 (docs/limits.md, "Numbers sent to storage").
	for _, path := range []string{
		s + "VoteInput|properties|score|multipleOf",
		s + "VoteInput|properties|criteria|additionalProperties|multipleOf",
		s + "Criterion|properties|weight|multipleOf",
		s + "Question|properties|min|multipleOf",
		s + "Question|properties|max|multipleOf",
	} {
		if got := at(doc, path); fmt.Sprint(got) != "0.01" || festival.ScoreDecimals != 2 || festival.DecimalPlaces != 2 {
			t.Errorf("%s = %v in docs/openapi.yaml, the code allows %d decimal places", path, got, festival.DecimalPlaces)
		}
	}
	if !strings.Contains(fmt.Sprint(at(doc, "paths|/awards|post|description")), fmt.Sprintf("at most %d awards", festival.MaxMovieAwards)) {
		t.Errorf("POST /awards does not state the %d awards a film may hold", festival.MaxMovieAwards)
	}
}
