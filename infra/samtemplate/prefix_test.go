package samtemplate_test

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// keyFamily is one builder of S3 object keys in the code, the principals
// (function or role logical ids of template.yaml) that write or delete the
// objects it names, and its keys for the ids at their edges.
type keyFamily struct {
	name     string
	writers  []string // s3:PutObject on these keys
	removers []string // s3:DeleteObject on these keys
	keys     func() []string
}

// edgeIDs are ids at their edges: the smallest, one digit and two (film 1's
// prefix must not be film 12's), the largest int64, and values no stored id
// has (0, negative) to show that even those stay under the prefix.
var edgeIDs = []int64{1, 9, 12, math.MaxInt64, 0, -1, math.MinInt64}

// keyFamilies is every place the code builds the key of an object it writes
// (TestEveryKeyBuilderIsInKeyFamilies finds them by their prefixes):
// pkg/storage/files (a film's uploaded files and their copies), pkg/media
// (a stream's plan: clear outputs, watermark pictures), pkg/screening (the
// encrypted segments), festival.ExportID (an account's export), web.AnswerKey
// (an answer too large for a Lambda response).
func keyFamilies() []keyFamily {
	store := files.New(s3.New(s3.Options{Region: "eu-west-3"}), nil, "bucket", files.Options{})
	parts := []string{"film", "poster", "thumbnail", "subtitle", "answer_" + strings.Repeat("q", festival.MaxQuestionIDLen)}
	exts := []string{".mp4", ".png", ".vtt", ".pdf", ""}
	plans := func(each func(media.Plan, media.Output) []string) []string {
		var out []string
		for _, id := range edgeIDs {
			for _, version := range []int64{0, 1, math.MaxInt64} {
				p := media.Plan{MovieID: id, Version: version}
				for _, r := range media.Ladder {
					for _, v := range []string{"", media.VariantA, media.VariantB} {
						out = append(out, each(p, media.Output{Rendition: festival.Rendition{Name: r.Name}, Variant: v})...)
					}
				}
			}
		}
		return out
	}
	segments := []int{1, 99_999, 100_000, math.MaxInt32}
	return []keyFamily{
		{
			name:     "a film's uploaded file (files.Key of files.Store.StoredName), its copy (files.Store.Copy)",
			writers:  []string{"AuthFunction", "MoviesFunction"},
			removers: []string{"AuthFunction", "UsersFunction", "MoviesFunction", "BackgroundFunction"},
			keys: func() []string {
				var out []string
				for _, id := range edgeIDs {
					for _, p := range parts {
						for _, e := range exts {
							out = append(out, files.Key(id, store.StoredName(p, e)))
						}
					}
				}
				return out
			},
		},
		{
			name:     "a stream's clear outputs (media.Plan.ClearPlaylist, ClearSegment), written by the encoder, removed once encrypted",
			writers:  []string{"BackgroundFunction", "MediaConvertRole"},
			removers: []string{"BackgroundFunction"},
			keys: func() []string {
				return plans(func(p media.Plan, o media.Output) []string {
					out := []string{p.ClearPlaylist(o), p.ClearDestination()}
					for _, n := range segments {
						out = append(out, p.ClearSegment(o, n))
					}
					return out
				})
			},
		},
		{
			name:     "a stream's watermark pictures and encrypted segments (media.Plan.WatermarkKey, Segment, screening.SegmentKey), under media.Plan.Prefix",
			writers:  []string{"BackgroundFunction"},
			removers: []string{"BackgroundFunction"},
			keys: func() []string {
				return plans(func(p media.Plan, o media.Output) []string {
					out := []string{p.Prefix(), p.WatermarkKey(o.Variant)}
					for _, n := range segments {
						st := festival.Streaming{Version: p.Version}
						out = append(out, p.Segment(o, n), screening.SegmentKey(p.MovieID, st, o.Rendition, o.Variant, n))
					}
					return out
				})
			},
		},
		{
			name:     "an answer too large for a Lambda response (web.AnswerKey), expired by the bucket's lifecycle rule",
			writers:  []string{"MoviesFunction", "UsersFunction", "VotesFunction"},
			removers: nil,
			keys: func() []string {
				var out []string
				sum := sha256.Sum256([]byte("an answer"))
				etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
				for _, ct := range []string{"application/json; charset=utf-8", "text/csv; charset=utf-8", "image/png", ""} {
					for _, gz := range []bool{false, true} {
						out = append(out, web.AnswerKey(etag, ct, gz), web.AnswerKey(`""`, ct, gz))
					}
				}
				return out
			},
		},
		{
			name:     "an account's export (festival.ExportID.Key)",
			writers:  []string{"UsersFunction"},
			removers: []string{"UsersFunction"},
			keys: func() []string {
				var out []string
				for _, uid := range edgeIDs {
					out = append(out, festival.NewExportID().Key(uid), festival.ExportID(strings.Repeat("f", 32)).Key(uid))
				}
				return out
			},
		},
	}
}

// s3Grants reads, from the transformed template (what CloudFormation
// deploys), the object keys each principal's roles allow an S3 action on:
// a function's by its Role, the stack's IAM roles by their own id. A
// resource ${Bucket.Arn}/<pattern> becomes the key pattern <pattern>.
func s3Grants(t *testing.T, doc map[string]any, action string) map[string][]string {
	t.Helper()
	resources := asMapOrEmpty(at(doc, "Resources"))
	roleOf := map[string]string{} // role id -> principal
	for id, r := range resources {
		switch at(r, "Type") {
		case "AWS::Lambda::Function":
			role, _ := at(r, "Properties", "Role", "Fn::GetAtt").([]any)
			if len(role) == 0 {
				t.Fatalf("%s: its Role is not a !GetAtt of a role of the stack", id)
			}
			roleOf[fmt.Sprint(role[0])] = id
		case "AWS::IAM::Role":
			if _, taken := roleOf[id]; !taken {
				roleOf[id] = id
			}
		}
	}
	grants := map[string][]string{}
	for roleID, principal := range roleOf {
		policies, _ := at(resources[roleID], "Properties", "Policies").([]any)
		for _, p := range policies {
			statements, _ := at(p, "PolicyDocument", "Statement").([]any)
			for _, st := range statements {
				if at(st, "Effect") != "Allow" || !slices.Contains(list(at(st, "Action")), action) {
					continue
				}
				for _, res := range list(at(st, "Resource")) {
					if pattern, ok := strings.CutPrefix(res, "${Bucket.Arn}/"); ok {
						grants[principal] = append(grants[principal], pattern)
					}
				}
			}
		}
	}
	return grants
}

// list reads a policy's Action or Resource: one value or a list, a Resource
// written !Sub read as its template.
func list(v any) []string {
	var out []string
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	for _, it := range items {
		if sub, ok := at(it, "Fn::Sub").(string); ok {
			it = sub
		}
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// iamMatch reports whether key matches an IAM resource pattern: * is any
// run of characters (slashes included), ? any one character.
func iamMatch(pattern, key string) bool {
	re := "^" + strings.NewReplacer(`\*`, ".*", `\?`, ".").Replace(regexp.QuoteMeta(pattern)) + "$"
	return regexp.MustCompile(re).MatchString(key)
}

// TestEveryS3KeyTheCodeWritesLiesUnderThePrefixItsWritersRolesAllow builds
// every key of every key builder with ids at their edges and checks it
// against the prefixes the deployed roles of the functions that write (and
// delete) it allow: a key outside them is an AccessDenied in AWS, which no
// local test (gofakes3 has no IAM) would see. Every principal granted a
// write must be a writer of some family, so that a grant no code needs, or
// a writer missing from the table, shows.
func TestEveryS3KeyTheCodeWritesLiesUnderThePrefixItsWritersRolesAllow(t *testing.T) {
	_, doc := transformed(t)
	checked := 0
	for _, action := range []string{"s3:PutObject", "s3:DeleteObject"} {
		grants := s3Grants(t, doc, action)
		if len(grants) == 0 {
			t.Fatalf("no role of the transformed template is granted %s on the bucket's objects", action)
		}
		named := map[string]bool{}
		for _, fam := range keyFamilies() {
			principals := fam.writers
			if action == "s3:DeleteObject" {
				principals = fam.removers
			}
			keys := fam.keys()
			for _, p := range principals {
				named[p] = true
				if len(grants[p]) == 0 {
					t.Errorf("%s: %s is granted %s on no key of the bucket", fam.name, p, action)
					continue
				}
				for _, k := range keys {
					checked++
					if len(k) > 1024 || !utf8.ValidString(k) || !slices.ContainsFunc(grants[p], func(g string) bool { return iamMatch(g, k) }) {
						t.Errorf("%s: %s may not %s %q (its role allows %v; an S3 key is at most 1,024 bytes of UTF-8)", fam.name, p, action, k, grants[p])
					}
				}
			}
		}
		var unexplained []string
		for p := range grants {
			if !named[p] {
				unexplained = append(unexplained, p)
			}
		}
		sort.Strings(unexplained)
		if len(unexplained) > 0 {
			t.Errorf("%v are granted %s on the bucket's objects but write no key family of keyFamilies: add what they write, or drop the grant", unexplained, action)
		}
	}
	t.Logf("%d (key, principal, action) cases checked", checked)
}

// bucketPrefix is a string literal that starts an object key under one of
// the bucket's top-level folders.
var bucketPrefix = regexp.MustCompile("\"(movies|exports|answers)/")

// keyBuilders are the files whose code writes a literal bucket prefix: the
// builders keyFamilies covers. A new file that builds keys fails
// TestEveryKeyBuilderIsInKeyFamilies until its keys are added there.
var keyBuilders = []string{
	"pkg/api/web/oversize.go",
	"pkg/domain/festival/export.go",
	"pkg/media/plan.go",
	"pkg/service/mediajob/steps.go", // streamRoot: a prefix whose keys it deletes are media.Plan's
	"pkg/storage/files/store.go",
}

// TestEveryKeyBuilderIsInKeyFamilies scans the code (tests and test helpers
// aside) for the literal prefixes of the bucket's folders, so that a key
// built in a new place cannot escape the prefix test.
func TestEveryKeyBuilderIsInKeyFamilies(t *testing.T) {
	root := filepath.Join("..", "..")
	var found []string
	err := filepath.WalkDir(filepath.Join(root, "pkg"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.Contains(rel, "test/") { // screeningtest, mediatest...: test helpers
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bucketPrefix.Match(src) {
			found = append(found, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(found)
	if !slices.Equal(found, keyBuilders) {
		t.Errorf("files that build bucket keys: %v, keyBuilders (whose keys keyFamilies checks) lists %v", found, keyBuilders)
	}
}
