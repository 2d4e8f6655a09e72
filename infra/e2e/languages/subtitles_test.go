package languages_test

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
)

// needFFmpeg skips a test on a machine without ffmpeg, and fails it in CI
// (CI=true), where the Makefile installed it.
func needFFmpeg(t *testing.T) {
	t.Helper()
	for _, p := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(p); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed: the media tests need it", p)
			}
			t.Skipf("%s is not installed: the media tests need it (apt-get install ffmpeg)", p)
		}
	}
}

// film is seconds of ffmpeg's test pattern with a tone, in H.264.
func film(t *testing.T, seconds int) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "film.mp4")
	args := []string{"-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10", "-f", "lavfi", "-i", "sine=frequency=440",
		"-t", fmt.Sprint(seconds), "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast", "-c:a", "aac", "-movflags", "+faststart", "-y", out}
	if msg, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// srt writes lines as a SubRip file, a cue every 2 seconds.
func srt(lines ...string) []byte {
	var b strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&b, "%d\n00:00:%02d,000 --> 00:00:%02d,800\n%s\n\n", i+1, 2*i, 2*i+1, l)
	}
	return []byte(b.String())
}

var (
	english = srt("I don't know what he wants.", "Are you sure she was here?", "We have done all we can for them.",
		"It's fine, we will see tomorrow.", "Is there anyone in the house?")
	french = srt("Je ne sais pas ce qu'il veut.", "Tu es sûr qu'elle est partie ?", "Nous avons tout fait pour elle.",
		"C'est pas grave, on verra demain.", "Il y a quelqu'un dans la maison ?")
)

// measured waits until the film's media job has measured it and returns its
// media as its producer reads it.
func measured(t *testing.T, api *apitest.API, token string, id int64) map[string]any {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		m := api.Do("GET", fmt.Sprintf("/movies/%d", id), token, nil).Expect(http.StatusOK).JSON()
		if media, _ := m["media"].(map[string]any); media != nil && media["facts"] != nil {
			return media
		}
		if time.Now().After(deadline) {
			t.Fatalf("film %d: media %v, not measured after 2 minutes", id, m["media"])
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func TestSubtitlesInAnotherLanguageThanDeclaredRaiseTheCheck(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	api := apitest.Start(t, func(o *localserver.Options) {
		o.MediaJobs = true
		o.Getenv = func(k string) string {
			if k == "MEDIA_PRESET" {
				return "ultrafast"
			}
			return ""
		}
	})
	prod := api.Register("PRODUCER")
	mp4 := film(t, 10)
	submit := func(title string, subtitles []byte, fields ...string) int64 {
		form := apitest.NewMultipart().Field("title", title).Field("duration", "10")
		for i := 0; i+1 < len(fields); i += 2 {
			form.Field(fields[i], fields[i+1])
		}
		form.File("filmFile", "film.mp4", mp4).File("subtitlesSrt", "film.srt", subtitles).Close()
		r := api.Do("POST", "/movies/upload", prod.Token, form).Expect(http.StatusCreated).JSON()
		return int64(r["movie"].(map[string]any)["id_movie"].(float64))
	}
	wrong := submit("Declared French", english, "subtitle_languages", "fr")
	right := submit("Sous-titré", french, "subtitle_languages", "fr")
	undeclared := submit("Undeclared", english, "original_language", "ja")

	media := measured(t, api, prod.Token, wrong)
	facts := media["facts"].(map[string]any)
	if facts["subtitles_language"] != "en" {
		t.Errorf("facts %v, want subtitles_language en", facts)
	}
	flags := media["flags"].([]any)
	want := map[string]any{"check": "subtitles_language", "action": "warn",
		"reason": "La langue détectée des sous-titres (en) n'est pas parmi celles que le film déclare (fr)"}
	if len(flags) != 1 || fmt.Sprint(flags[0]) != fmt.Sprint(want) {
		t.Errorf("flags %v, want only %v", flags, want)
	}
	if media := measured(t, api, prod.Token, right); media["facts"].(map[string]any)["subtitles_language"] != "fr" || len(media["flags"].([]any)) != 0 {
		t.Errorf("French subtitles declared French: facts %v, flags %v", media["facts"], media["flags"])
	}
	// Declared none: the detected language stands for them, no check, and
	// the assignment counts it: an English-speaking member may take it. A
	// declaration stands until the producer corrects it (the check told
	// them): the film declared French goes to no English-only member.
	if media := measured(t, api, prod.Token, undeclared); media["facts"].(map[string]any)["subtitles_language"] != "en" || len(media["flags"].([]any)) != 0 {
		t.Errorf("undeclared English subtitles: facts %v, flags %v", media["facts"], media["flags"])
	}
	admin, member := api.Register("ADMIN"), api.Register("JURY")
	api.Do("PUT", "/users/me/jury-profile", member.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": []string{"en"}}).Expect(http.StatusOK)
	var p preview
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 1}).Expect(http.StatusOK).Decode(&p)
	for _, f := range p.Films {
		if given := len(f.Juries) == 1; given != (f.ID == undeclared) {
			t.Errorf("film %d given: %v; want only the film with undeclared English subtitles given", f.ID, given)
		}
	}
	if len(p.Unassignable) != 2 || p.Unassignable[0].ID != wrong || p.Unassignable[1].ID != right || fmt.Sprint(p.Unassignable[1].Languages) != "[fr]" {
		t.Errorf("unassignable %+v, want films %d and %d for [fr]", p.Unassignable, wrong, right)
	}

	// The producer corrects the declaration: the flag goes, without sending
	// the file again; a wrong one raises it again.
	fixed := api.Do("PUT", fmt.Sprintf("/movies/%d/entry", wrong), prod.Token, map[string]any{"subtitle_languages": []string{"en"}}).
		Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	if flags := fixed["media"].(map[string]any)["flags"].([]any); len(flags) != 0 {
		t.Errorf("after the producer declared English: flags %v, want none", flags)
	}
	again := api.Do("PUT", fmt.Sprintf("/movies/%d/entry", wrong), prod.Token, map[string]any{"subtitle_languages": "de"}).
		Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	if flags := again["media"].(map[string]any)["flags"].([]any); len(flags) != 1 || flags[0].(map[string]any)["check"] != "subtitles_language" {
		t.Errorf("after the producer declared German: flags %v, want subtitles_language", flags)
	}

	// The check is one of the festival's media_checks.
	api.Do("PUT", "/settings", admin.Token, map[string]any{"media_checks": map[string]string{"subtitles_language": "refuse"}}).Expect(http.StatusOK)
	if got := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()["media_checks"].(map[string]any)["subtitles_language"]; got != "refuse" {
		t.Fatalf("media_checks.subtitles_language = %v", got)
	}
}
