package entries_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// answerObjects lists the bucket's answer files of film id.
func answerObjects(t *testing.T, api *apitest.API, id int64) []string {
	t.Helper()
	d := api.Server.Deps
	out, err := d.S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(d.Config.Bucket),
		Prefix: aws.String(fmt.Sprintf("movies/%d/answer_", id))})
	if err != nil {
		t.Fatalf("list bucket: %v", err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}

// TestAnswersPastTheirBudgetAreRefusedAndLeaveNoFile fills a film's answers
// to their 64 KiB budget with long texts: the next answer is refused naming
// its question, and a file answer that would pass it is refused after its
// upload, which is then removed from the bucket.
func TestAnswersPastTheirBudgetAreRefusedAndLeaveNoFile(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	var questions []any
	for i := range 14 {
		questions = append(questions, map[string]any{"id": fmt.Sprintf("long_%02d", i), "label": fmt.Sprintf("Texte %d", i),
			"kind": "long_text", "visibility": "admins"})
	}
	questions = append(questions, map[string]any{"id": "dossier", "label": "Dossier", "kind": "file", "visibility": "admins"})
	api.Do("PUT", "/settings/form", admin.Token, map[string]any{"questions": questions}).Expect(http.StatusOK)
	id := api.Upload(t, prod.Token, "Plein")
	path := fmt.Sprintf("/movies/%d/answers", id)
	text := strings.Repeat("a", 5000)
	for i := range 13 { // 13 answers of 5,017 bytes each (id, JSON, overhead): 65,221 of 65,536
		api.Do("PUT", path, prod.Token, map[string]any{"answers": map[string]any{fmt.Sprintf("long_%02d", i): text}}).Expect(http.StatusOK)
	}
	api.Do("PUT", path, prod.Token, map[string]any{"answers": map[string]any{"long_13": text}}).
		ExpectError(http.StatusBadRequest, "Question « Texte 13 » : les réponses du film dépassent 65536 octets avec celle-ci")
	// 217 bytes more: 98 left, fewer than a file answer takes (about 125).
	api.Do("PUT", path, prod.Token, map[string]any{"answers": map[string]any{"long_13": text[:200]}}).Expect(http.StatusOK)
	api.Do("PUT", path+"/dossier", prod.Token, apitest.NewMultipart().File("file", "dossier.pdf", filestest.PDF()).Close()).
		ExpectError(http.StatusBadRequest, "Question « Dossier » : les réponses du film dépassent 65536 octets avec celle-ci")
	if left := answerObjects(t, api, id); len(left) != 0 {
		t.Errorf("a refused file answer left %v in the bucket", left)
	}
	// Room made, the same file goes in and is the film's only answer file.
	api.Do("PUT", path, prod.Token, map[string]any{"answers": map[string]any{"long_00": nil}}).Expect(http.StatusOK)
	api.Do("PUT", path+"/dossier", prod.Token, apitest.NewMultipart().File("file", "dossier.pdf", filestest.PDF()).Close()).Expect(http.StatusOK)
	if left := answerObjects(t, api, id); len(left) != 1 {
		t.Errorf("answer files in the bucket: %v, want the one given", left)
	}
}
