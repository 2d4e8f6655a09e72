package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseSizesReadsGrowingPositiveNumbersOfFilms(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int // nil: refused
	}{
		{"200", []int{200}},
		{"200,2000,20000", []int{200, 2000, 20000}},
		{" 200 , 2_000 ", []int{200, 2000}},
		{"", nil},
		{"200,", nil},
		{"0", nil},
		{"-5", nil},
		{"two", nil},
		{"2000,200", nil},
		{"200,200", nil},
		{"99999999999", nil},
	} {
		got, err := parseSizes(c.in)
		if c.want == nil {
			if err == nil {
				t.Errorf("parseSizes(%q) = %v, want refused", c.in, got)
			} else if !strings.HasPrefix(err.Error(), "-scale: ") {
				t.Errorf("parseSizes(%q): %v does not name the flag", c.in, err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("parseSizes(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestPrintSizeWritesTheSeedTheTableAndTheFirstReads(t *testing.T) {
	var out bytes.Buffer
	printSize(&out, sizeReport{
		Films: 2000, Seeded: 1800, SeedTime: 1800 * time.Millisecond,
		Rows: []scaleRow{{Name: "GET /movies (gzip)", Bytes: 34543, measured: measured{
			result: result{Requests: 100, Errors: 3, Statuses: map[string]int{"504": 2, "no answer": 1}, Seconds: 2, Latencies: []float64{10, 20, 30}},
			APIms:  20.44, DBms: 2.09, DBCalls: 1,
		}}, {Name: "GET /movies (plain)", measured: measured{result: result{Requests: 8, Seconds: 29.1, Latencies: []float64{29000}}}}},
		FirstReads: []time.Duration{500 * time.Millisecond, 300 * time.Millisecond, 400 * time.Millisecond},
	})
	for _, want := range []string{
		"### 2000 films",
		"Seeded 1800 films in 1.8s (1s per 1,000).",
		"| Route | req/s | p50 ms | p99 ms | API CPU ms/req | DynamoDB Local CPU ms/req | DynamoDB requests/req | bytes | errors |",
		"| GET /movies (gzip) | 50 | 20.0 | 30.0 | 20.44 | 2.09 | 1.0 | 34543 | 3 (504: 2, no answer: 1) |",
		"| GET /movies (plain) | 0.3 | 29000.0 | 29000.0 | 0.00 | 0.00 | 0.0 | 0 | 0 |",
		"median 400.0 ms, max 500.0 ms (3 changes)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestPrintSizeLeavesOutTheSeedLineWhenNothingWasSeeded(t *testing.T) {
	var out bytes.Buffer
	printSize(&out, sizeReport{Films: 200})
	if strings.Contains(out.String(), "Seeded") || strings.Contains(out.String(), "First GET") {
		t.Errorf("a size with nothing seeded and no write timed reports them:\n%s", out.String())
	}
}

func TestEachFilmHasItsOwnSynopsisTheSameEveryRun(t *testing.T) {
	a, b := synopsis(1), synopsis(2)
	if a == b {
		t.Fatalf("films 1 and 2 share the synopsis %q", a)
	}
	if synopsis(1) != a {
		t.Fatal("film 1's synopsis changed between calls")
	}
	if n := len(strings.Fields(a)); n != 60 {
		t.Fatalf("%d words, want 60", n)
	}
}
