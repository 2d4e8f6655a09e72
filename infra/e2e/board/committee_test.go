package board_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// auditOf is the audit trail's entries of one action on one target.
func auditOf(t *testing.T, api *apitest.API, admin apitest.Account, action, target string) []map[string]any {
	t.Helper()
	return api.For(t).Do("GET", "/audit?action="+action+"&target="+target, admin.Token, nil).Expect(http.StatusOK).List()
}

// itemsUnder lists the sort keys of a partition, straight from the table.
func itemsUnder(t *testing.T, api *apitest.API, pk string) []string {
	t.Helper()
	out, err := api.Server.Deps.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(api.Server.Deps.Store.Table()), KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}}, ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	var sks []string
	for _, it := range out.Items {
		sks = append(sks, it["SK"].(*types.AttributeValueMemberS).Value)
	}
	return sks
}

func TestTagsAreTheAdminsOnly(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod, jury := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	film := api.Upload(t, prod.Token, "Les Glaneurs")
	other := api.StoreMovie(t, prod, festival.Movie{Title: "Jacquot"})
	path := fmt.Sprintf("/movies/%d", film)
	api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)

	r := api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": []string{" Coup de  CŒUR ", "court", "COURT"}}).Expect(http.StatusOK).JSON()
	if r["message"] != "Étiquettes enregistrées" || fmt.Sprint(r["tags"]) != "[coup de cœur court]" {
		t.Fatalf("PUT tags: %v", r)
	}
	api.Do("PUT", fmt.Sprintf("/movies/%d/tags", other), admin.Token, map[string]any{"tags": []string{"court"}}).Expect(http.StatusOK)
	// The audit keeps the tags before and after.
	entries := auditOf(t, api, admin, "movie.tags", fmt.Sprintf("movie:%d", film))
	if len(entries) != 1 || fmt.Sprint(entries[0]["details"]) != "map[after:coup de cœur,court before:]" {
		t.Errorf("audit: %v", entries)
	}
	// Tags in use, and the board's filter.
	if got := api.Do("GET", "/movies/tags", admin.Token, nil).Expect(http.StatusOK).List(); fmt.Sprint(got) != "[map[count:1 tag:coup de cœur] map[count:2 tag:court]]" {
		t.Errorf("tags in use: %v", got)
	}
	var b board
	api.Do("GET", "/movies/board?tag=COURT", admin.Token, nil).Expect(http.StatusOK).Decode(&b)
	if got := ids(b.Films); !slices.Equal(got, []int64{film, other}) || !slices.Equal(b.Films[0].Tags, []string{"coup de cœur", "court"}) {
		t.Errorf("board by tag: %v %v", got, b.Films)
	}
	// An admin's film carries them; nobody else's answer does, whatever the route.
	if m := api.Do("GET", path, admin.Token, nil).Expect(http.StatusOK).JSON(); fmt.Sprint(m["tags"]) != "[coup de cœur court]" || m["notes"] != 0.0 {
		t.Errorf("admin's film: tags %v, notes %v", m["tags"], m["notes"])
	}
	for _, read := range []struct{ path, token string }{
		{path, ""}, {path, prod.Token}, {path, jury.Token}, {"/movies", ""}, {"/movies", prod.Token}, {"/movies", jury.Token},
		{"/movies/mine", prod.Token}, {"/movies/assigned", jury.Token},
	} {
		body := string(api.Do("GET", read.path, read.token, nil).Expect(http.StatusOK).Body)
		if strings.Contains(body, `"tags"`) || strings.Contains(body, "cœur") || strings.Contains(body, `"notes"`) {
			t.Errorf("GET %s (token %t) shows the committee's tags: %s", read.path, read.token != "", body)
		}
	}
	edit := api.Do("PUT", path+"/entry", prod.Token, map[string]any{"synopsis": "Glaner"}).Expect(http.StatusOK)
	if strings.Contains(string(edit.Body), "cœur") {
		t.Errorf("the producer's edit answers the tags: %s", edit.Body)
	}
	// Refusals.
	api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": strings.Split("a,b,c,d,e,f,g,h,i,j,k", ",")}).ExpectError(http.StatusBadRequest, "Un film porte au plus 10 étiquettes")
	api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": []string{strings.Repeat("x", 31)}}).ExpectErrorAbout(http.StatusBadRequest, "1 à 30 caractères")
	api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": []string{"a\u0007b"}}).ExpectErrorAbout(http.StatusBadRequest, "contrôle")
	api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": []string{"  "}}).Expect(http.StatusBadRequest)
	api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": "court"}).ExpectErrorAbout(http.StatusBadRequest, "tags")
	api.Do("PUT", path+"/tags", admin.Token, nil).ExpectErrorAbout(http.StatusBadRequest, "tags")
	api.Do("PUT", "/movies/999999/tags", admin.Token, map[string]any{"tags": []string{}}).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("PUT", path+"/tags", prod.Token, map[string]any{"tags": []string{}}).Expect(http.StatusForbidden)
	// Cleared.
	if r := api.Do("PUT", path+"/tags", admin.Token, map[string]any{"tags": []string{}}).Expect(http.StatusOK).JSON(); fmt.Sprint(r["tags"]) != "[]" {
		t.Errorf("cleared: %v", r)
	}
}

func TestNotesAreDeletedByTheirAuthorOnly(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, admin2, prod := api.Register("ADMIN"), api.Register("ADMIN"), api.Register("PRODUCER")
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Sans toit ni loi"})
	path := fmt.Sprintf("/movies/%d/notes", film)

	if got := api.Do("GET", path, admin.Token, nil).Expect(http.StatusOK).List(); len(got) != 0 {
		t.Fatalf("no note yet: %v", got)
	}
	first := api.Do("POST", path, admin.Token, map[string]any{"text": "  À revoir : le son.  "}).Expect(http.StatusCreated).JSON()
	second := api.Do("POST", path, admin2.Token, map[string]any{"text": "Très fort."}).Expect(http.StatusCreated).JSON()
	if first["text"] != "À revoir : le son." || first["author"].(map[string]any)["id_user"] != float64(admin.ID) ||
		first["author"].(map[string]any)["first_name"] != "PrénomADMIN" {
		t.Errorf("note: %v", first)
	}
	notes := api.Do("GET", path, admin2.Token, nil).Expect(http.StatusOK).List()
	if len(notes) != 2 || notes[0]["id_note"] != first["id_note"] || notes[1]["id_note"] != second["id_note"] ||
		notes[0]["author"].(map[string]any)["last_name"] != "Nom" {
		t.Fatalf("notes, oldest first: %v", notes)
	}
	var b board
	api.Do("GET", "/movies/board", admin.Token, nil).Expect(http.StatusOK).Decode(&b)
	if len(b.Films) != 1 || b.Films[0].Notes != 2 {
		t.Errorf("the board's count of notes: %+v", b.Films)
	}
	one := fmt.Sprintf("%s/%s", path, first["id_note"])
	api.Do("DELETE", one, admin2.Token, nil).ExpectError(http.StatusForbidden, "Seul l'auteur d'une note peut la supprimer")
	api.Do("DELETE", one, prod.Token, nil).Expect(http.StatusForbidden)
	api.Do("DELETE", one, admin.Token, nil).Expect(http.StatusOK)
	api.Do("DELETE", one, admin.Token, nil).ExpectError(http.StatusNotFound, "Note non trouvée")
	api.Do("DELETE", path+"/pas-une-note", admin.Token, nil).ExpectError(http.StatusNotFound, "Note non trouvée")
	if m := api.Do("GET", fmt.Sprintf("/movies/%d", film), admin.Token, nil).Expect(http.StatusOK).JSON(); m["notes"] != 1.0 {
		t.Errorf("notes after a deletion: %v", m["notes"])
	}
	// Refusals.
	api.Do("POST", path, admin.Token, map[string]any{"text": "   "}).ExpectError(http.StatusBadRequest, "Le texte de la note doit faire de 1 à 2000 caractères")
	api.Do("POST", path, admin.Token, map[string]any{"text": strings.Repeat("é", 2001)}).Expect(http.StatusBadRequest)
	api.Do("POST", path, admin.Token, map[string]any{"texte": "x"}).ExpectErrorAbout(http.StatusBadRequest, "text")
	api.Do("POST", "/movies/999999/notes", admin.Token, map[string]any{"text": "x"}).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("GET", "/movies/999999/notes", admin.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("GET", path, prod.Token, nil).Expect(http.StatusForbidden)
	api.Do("POST", path, "", map[string]any{"text": "x"}).Expect(http.StatusUnauthorized)
	// The audit records who wrote and deleted which note, never its text.
	target := fmt.Sprintf("movie:%d", film)
	written, deleted := auditOf(t, api, admin, "movie.note", target), auditOf(t, api, admin, "movie.note.delete", target)
	if len(written) != 2 || len(deleted) != 1 || deleted[0]["details"].(map[string]any)["id_note"] != first["id_note"] {
		t.Errorf("audit: written %v, deleted %v", written, deleted)
	}
	for _, e := range append(written, deleted...) {
		if strings.Contains(fmt.Sprint(e), "revoir") || strings.Contains(fmt.Sprint(e), "fort") {
			t.Errorf("the audit copies a note's text: %v", e)
		}
	}
	// Deleting the film deletes its notes.
	api.Do("DELETE", fmt.Sprintf("/movies/%d", film), admin.Token, nil).Expect(http.StatusOK)
	if left := itemsUnder(t, api, fmt.Sprintf("MOVIE#%d", film)); len(left) != 0 {
		t.Errorf("left of the film: %v", left)
	}
	api.Do("POST", path, admin.Token, map[string]any{"text": "x"}).ExpectError(http.StatusNotFound, "Film non trouvé")
}

func TestSavedViewsRoundTrip(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, admin2, jury := api.Register("ADMIN"), api.Register("ADMIN"), api.Register("JURY")
	if got := api.Do("GET", "/users/me/views", admin.Token, nil).Expect(http.StatusOK).List(); len(got) != 0 {
		t.Fatalf("no view yet: %v", got)
	}
	views := api.Do("PUT", "/users/me/views", admin.Token, map[string]any{"views": []map[string]any{
		{"name": "  Candidats   notés ", "query": "?order=desc&sort=mean&page=3&status=candidate&around=4"},
		{"name": "Tout", "query": ""},
	}}).Expect(http.StatusOK).List()
	if len(views) != 2 || views[0]["name"] != "Candidats notés" || views[0]["query"] != "sort=mean&order=desc&status=candidate" ||
		views[1]["query"] != "" || views[0]["id"] == "" || views[0]["id"] == views[1]["id"] {
		t.Fatalf("views kept: %v", views)
	}
	// A view keeps its id when sent back; a new one gets its own.
	again := api.Do("PUT", "/users/me/views", admin.Token, map[string]any{"views": []map[string]any{
		{"id": views[1]["id"], "name": "Tout", "query": "per_page=100"}, {"id": "inconnu", "name": "Nouvelle", "query": "file=missing"},
	}}).Expect(http.StatusOK).List()
	if again[0]["id"] != views[1]["id"] || again[1]["id"] == "inconnu" || again[0]["query"] != "per_page=100" {
		t.Errorf("ids: %v", again)
	}
	if got := api.Do("GET", "/users/me/views", admin.Token, nil).Expect(http.StatusOK).List(); fmt.Sprint(got) != fmt.Sprint(again) {
		t.Errorf("read back %v, want %v", got, again)
	}
	// Each admin has their own.
	if got := api.Do("GET", "/users/me/views", admin2.Token, nil).Expect(http.StatusOK).List(); len(got) != 0 {
		t.Errorf("another admin's views: %v", got)
	}
	// Refusals: nothing is kept of a refused list.
	many := make([]map[string]any, 21)
	for i := range many {
		many[i] = map[string]any{"name": fmt.Sprint(i), "query": ""}
	}
	for body, part := range map[string]string{
		`{"views":` + jsonOf(t, many) + `}`:                                       "20",
		`{"views":[{"name":"","query":""}]}`:                                      "1 à 60",
		`{"views":[{"name":"x","query":"sort=budget"}]}`:                          "sort",
		`{"views":[{"name":"x","query":"tag=` + strings.Repeat("a", 501) + `"}]}`: "500 octets",
		`{"views":[{"name":"x","query":"%zz"}]}`:                                  "illisible",
		`{"views":"tout"}`:                                                        "views",
		`{"views":[3]}`:                                                           "name",
		`{}`:                                                                      "views",
	} {
		api.Do("PUT", "/users/me/views", admin.Token, body).ExpectErrorAbout(http.StatusBadRequest, part)
	}
	if got := api.Do("GET", "/users/me/views", admin.Token, nil).Expect(http.StatusOK).List(); len(got) != 2 {
		t.Errorf("after refusals: %v", got)
	}
	api.Do("GET", "/users/me/views", jury.Token, nil).Expect(http.StatusForbidden)
	api.Do("PUT", "/users/me/views", "", `{"views":[]}`).Expect(http.StatusUnauthorized)
	if got := auditOf(t, api, admin, "user.views", fmt.Sprintf("user:%d", admin.ID)); len(got) != 2 {
		t.Errorf("audit: %v", got)
	}
	// An erased account's views go with it.
	api.Do("DELETE", "/users/me", admin.Token, map[string]any{"password": "motdepasse1"}).Expect(http.StatusOK)
	if left := itemsUnder(t, api, fmt.Sprintf("USER#%d", admin.ID)); len(left) != 0 {
		t.Errorf("left of the account: %v", left)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
