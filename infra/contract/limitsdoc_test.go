package contract

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/app"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/service/decisions"
	"github.com/festivalapi/festival/pkg/service/movies"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// documentedLimits maps each name docs/limits.md gives a limit by (a Go
// constant, qualified by its package, or a setting of the environment) to
// the value the code uses, in the document's base units: characters,
// items, bytes, seconds.
func documentedLimits(t *testing.T) map[string]float64 {
	t.Helper()
	cfg, err := app.ReadConfig(func(name string) string {
		return map[string]string{"TABLE_NAME": "t", "BUCKET_NAME": "b", "JWT_SECRET": strings.Repeat("s", 32)}[name]
	})
	if err != nil {
		t.Fatal(err)
	}
	store := files.New(s3.New(s3.Options{Region: "eu-west-3"}), nil, "b", files.Options{})
	seconds := func(d time.Duration) float64 { return d.Seconds() }
	return map[string]float64{
		"festival.MaxEmailLen": festival.MaxEmailLen, "festival.MaxNameLen": festival.MaxNameLen,
		"festival.MaxLateCodeLen": festival.MaxLateCodeLen, "festival.MaxPlanID": festival.MaxPlanID,
		"dynamo.MaxPartitionKeyBytes": dynamo.MaxPartitionKeyBytes, "dynamo.MaxSortKeyBytes": dynamo.MaxSortKeyBytes,
		"festival.MaxSpans": festival.MaxSpans, "festival.MaxSpanEnd": festival.MaxSpanEnd,
		"festival.ScoreDecimals": festival.ScoreDecimals, "festival.DecimalPlaces": festival.DecimalPlaces,
		"festival.AnswerDecimals": festival.AnswerDecimals, "festival.MaxDecimal": festival.MaxDecimal,
		"festival.MaxCriterionWeight": festival.MaxCriterionWeight,
		"festival.MinPasswordLen":     festival.MinPasswordLen, "festival.MaxPasswordLen": festival.MaxPasswordLen,
		"festival.MaxTextLen": festival.MaxTextLen, "festival.MaxBiographyLen": festival.MaxBiographyLen,
		"festival.MaxMovieTitleLen": festival.MaxMovieTitleLen, "festival.MaxShortTextLen": festival.MaxShortTextLen,
		"festival.MaxLongTextLen": festival.MaxLongTextLen, "festival.MaxAIToolLen": festival.MaxAIToolLen,
		"festival.MaxCategoryNameLen": festival.MaxCategoryNameLen, "festival.MaxEventNameLen": festival.MaxEventNameLen,
		"festival.MaxEventLocationLen": festival.MaxEventLocationLen, "festival.MaxEventDescLen": festival.MaxEventDescLen,
		"festival.MaxAwardNameLen": festival.MaxAwardNameLen, "festival.MaxCommentLen": festival.MaxCommentLen,
		"festival.MinScore": festival.MinScore, "festival.MaxScore": festival.MaxScore,
		"festival.MaxMovieDuration": festival.MaxMovieDuration, "festival.MaxMovieAwards": festival.MaxMovieAwards,
		"festival.MaxMessageSubject": festival.MaxMessageSubject, "festival.MaxMessageText": festival.MaxMessageText,
		"mailtemplate.MaxSubject": mailtemplate.MaxSubject, "mailtemplate.MaxBody": mailtemplate.MaxBody,
		"festival.KeyLogPerMinute": festival.KeyLogPerMinute,
		"festival.MaxQuestions":    festival.MaxQuestions, "festival.MaxQuestionIDLen": festival.MaxQuestionIDLen,
		"festival.MaxQuestionLabel": festival.MaxQuestionLabel, "festival.MaxQuestionHelp": festival.MaxQuestionHelp,
		"festival.MaxQuestionChoices": festival.MaxQuestionChoices, "festival.MaxChoiceLen": festival.MaxChoiceLen,
		"festival.MaxAnswerNumber": festival.MaxAnswerNumber, "festival.MaxAnswerText": festival.MaxAnswerText,
		"festival.MaxAnswerLongText": festival.MaxAnswerLongText, "festival.MaxAnswerURL": festival.MaxAnswerURL,
		"festival.MaxAnswersBytes": festival.MaxAnswersBytes, "festival.MaxRulesPerCategory": festival.MaxRulesPerCategory,
		"festival.MaxWithdrawalReason": festival.MaxWithdrawalReason, "festival.MaxExportedFile": festival.MaxExportedFile,
		"festival.ExportLifetime": seconds(festival.ExportLifetime),
		"decisions.MaxChanges":    decisions.MaxChanges,
		"movies.MaxCollaborators": movies.MaxCollaborators, "movies.MaxJuries": movies.MaxJuries,
		"movies.MaxCategories": movies.MaxCategories, "movies.MaxCollaboratorText": movies.MaxCollaboratorText,
		"files.Options.MaxImageBytes": float64(store.Limit(files.Image)),
		"web.MaxJSONBody":             web.MaxJSONBody, "web.AnswerMemory": web.AnswerMemory,
		"dynamo.ListFreshness":   seconds(dynamo.ListFreshness),
		"web.LambdaPayloadLimit": web.LambdaPayloadLimit, "web.ResponseHeadroom": web.ResponseHeadroom,
		"web.AnswerLinkLifetime": seconds(web.AnswerLinkLifetime), "web.InlineAnswerMax": web.InlineAnswerMax,
		"MAX_VIDEO_BYTES": float64(cfg.MaxVideoBytes), "MAX_UPLOAD_BYTES": float64(cfg.MaxUploadBytes),
		"MAX_IMAGE_BYTES": float64(cfg.MaxImageBytes), "MAX_SUBTITLE_BYTES": float64(cfg.MaxSubtitleBytes),
	}
}

// limitName is a backticked name in a table's cell that names a limit: a
// qualified Go name (festival.MaxNameLen, files.Options.MaxImageBytes), a
// bare one that takes the package of the name before it in the cell
// (`mailtemplate.MaxSubject`, `MaxBody`), or a setting (MAX_VIDEO_BYTES).
var limitName = regexp.MustCompile("`((?:[a-z]+\\.)+[A-Z]\\w*(?:\\.[A-Z]\\w*)?|(?:Max|Min)[A-Z]\\w*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`")

// amount is a number as the document writes one: digits (with commas
// between thousands), a power of ten (10¹², 10¹⁵), and a unit of size or time.
var amount = regexp.MustCompile(`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)?(?:\s*(KiB|MiB|GiB|days?|hours?)\b)?`)

// superscript reads an exponent written in superscript digits.
func superscript(s string) float64 {
	n := 0.0
	for _, r := range s {
		n = 10*n + float64(slices.Index([]rune("⁰¹²³⁴⁵⁶⁷⁸⁹"), r))
	}
	return n
}

var units = map[string]float64{
	"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30,
	"day": 86400, "days": 86400, "hour": 3600, "hours": 3600,
}

// amounts reads every number a text states, in base units.
func amounts(s string) []float64 {
	var out []float64
	for _, m := range amount.FindAllStringSubmatch(s, -1) {
		n, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err != nil {
			continue
		}
		if m[2] != "" {
			n = math.Pow(n, superscript(m[2]))
		}
		if u, ok := units[m[3]]; ok {
			n *= u
		}
		out = append(out, n)
	}
	return out
}

// limitRow is one row of a table of docs/limits.md.
type limitRow struct {
	line   int
	cells  []string
	header []string
	names  []string // the limits it names, qualified
	hasCol bool     // its table has a Constant column (the last)
}

// limitRows reads the tables of docs/limits.md.
func limitRows(t *testing.T) []limitRow {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(root, "docs", "limits.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []limitRow
	var header []string
	for i, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "|") {
			header = nil
			continue
		}
		// A cell may hold an escaped pipe (\|x\|): it does not split.
		cells := strings.Split(strings.ReplaceAll(strings.Trim(line, "| "), `\|`, "\x00"), " | ")
		for j := range cells {
			cells[j] = strings.ReplaceAll(cells[j], "\x00", "|")
		}
		switch {
		case header == nil:
			header = cells
			continue
		case strings.HasPrefix(line, "|---"):
			continue
		}
		r := limitRow{line: i + 1, cells: cells, header: header, hasCol: header[len(header)-1] == "Constant"}
		for _, c := range cells {
			pkg := ""
			for _, m := range limitName.FindAllStringSubmatch(c, -1) {
				name := m[1]
				if dot := strings.LastIndex(name, "."); dot >= 0 {
					pkg = name[:strings.Index(name, ".")+1]
				} else if strings.HasPrefix(name, "Max") || strings.HasPrefix(name, "Min") {
					name = pkg + name
				}
				r.names = append(r.names, name)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// TestEveryLimitOfDocsLimitsIsTheCodesNumber: each limit docs/limits.md's
// tables name is in documentedLimits, and the row states the code's value
// (in the document's units: 64 KiB, 7 days); a table with a Constant column
// states no number without naming the constant that holds it; and the
// mapping holds no limit the document no longer states.
func TestEveryLimitOfDocsLimitsIsTheCodesNumber(t *testing.T) {
	t.Parallel()
	known := documentedLimits(t)
	stated := map[string]bool{}
	for _, r := range limitRows(t) {
		var numbers []float64
		for i, c := range r.cells {
			if i == 0 || (r.hasCol && i == len(r.cells)-1) || (i < len(r.header) && strings.HasPrefix(r.header[i], "Answer")) {
				continue // the row's subject, the names of its constants, the HTTP answer past the limit
			}
			numbers = append(numbers, amounts(c)...)
		}
		if r.hasCol && len(numbers) > 0 && len(r.names) == 0 {
			t.Errorf("docs/limits.md:%d (%s) states %s but names no constant: name it, and map it in documentedLimits", r.line, r.cells[0], plain(numbers...))
		}
		for _, name := range r.names {
			stated[name] = true
			v, ok := known[name]
			switch {
			case !ok:
				t.Errorf("docs/limits.md:%d (%s) names %s, which documentedLimits does not map to the code", r.line, r.cells[0], name)
			case !slices.Contains(numbers, v):
				t.Errorf("docs/limits.md:%d (%s) states %s; %s is %s in the code", r.line, r.cells[0], plain(numbers...), name, plain(v))
			}
		}
	}
	var stale []string
	for name := range known {
		if !stated[name] {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("documentedLimits maps %v, which no table of docs/limits.md names", stale)
	}
}

func TestAmountsReadTheDocumentsNumbers(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][]float64{
		"5,000":                         {5000},
		"films ≤ 5 GiB, 10 MiB":         {5 << 30, 10 << 20},
		"64 KiB (id + 8 bytes each)":    {64 << 10, 8},
		"lasts 7 days":                  {7 * 86400},
		"\\|x\\| ≤ 10¹², 40 characters": {1e12, 40},
		"magnitude at most 10¹⁵":        {1e15},
		"1 to 200 characters; 500":      {1, 200, 500},
	} {
		if got := amounts(in); !slices.Equal(got, want) {
			t.Errorf("amounts(%q) = %v, want %v", in, got, want)
		}
	}
}

// plain writes numbers as the document would, without exponents.
func plain(ns ...float64) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strconv.FormatFloat(n, 'f', -1, 64)
	}
	return strings.Join(out, ", ")
}
