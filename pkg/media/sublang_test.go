package media_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

// dialogue is a few lines of film dialogue per language recognised.
var dialogue = map[festival.LanguageCode][]string{
	"fr": {"Je ne sais pas ce qu'il veut.", "Tu es sûr qu'elle est partie ?", "Nous avons tout fait pour elle.",
		"C'est pas grave, on verra demain.", "Il y a quelqu'un dans la maison ?", "Mais je suis très bien ici, avec vous."},
	"en": {"I don't know what he wants.", "Are you sure she was here?", "We have done all we can for them.",
		"It's fine, we will see tomorrow.", "Is there anyone in the house?", "But I am just fine here with you."},
	"es": {"No sé qué quiere él.", "¿Estás seguro de que ella está aquí?", "Hemos hecho todo por ella, señor.",
		"Está bien, vamos a ver mañana.", "¿Hay alguien en la casa?", "Pero yo estoy muy bien aquí contigo, gracias."},
	"de": {"Ich weiß nicht, was er will.", "Bist du sicher, dass sie hier war?", "Wir haben alles für sie getan.",
		"Ist schon gut, wir sehen es morgen.", "Ist jemand im Haus?", "Aber mir geht es hier mit dir auch gut."},
	"it": {"Non so che cosa vuole lui.", "Sei sicuro che lei è qui?", "Abbiamo fatto tutto per lei.",
		"Va bene, vediamo domani.", "C'è qualcuno nella casa?", "Ma io sto molto bene qui con voi, grazie."},
	"pt": {"Eu não sei o que ele quer.", "Você tem certeza que ela está aqui?", "Nós fizemos tudo por ela.",
		"Tudo bem, vamos ver amanhã.", "Tem alguém na casa?", "Mas eu estou muito bem aqui com você, obrigado."},
	"nl": {"Ik weet niet wat hij wil.", "Weet je zeker dat zij hier was?", "Wij hebben alles voor haar gedaan.",
		"Het is goed, we zien het morgen wel.", "Is er iemand in het huis?", "Maar ik heb het hier goed met jou."},
}

// subtitleFile writes lines as a SubRip or WebVTT file, a cue every 3 s.
func subtitleFile(vtt bool, lines []string) []byte {
	var b strings.Builder
	if vtt {
		b.WriteString("WEBVTT\n\nNOTE made by the test\n\n")
	}
	for i, l := range lines {
		sep := ","
		if vtt {
			sep = "."
		} else {
			fmt.Fprintf(&b, "%d\n", i+1)
		}
		fmt.Fprintf(&b, "00:00:%02d%s000 --> 00:00:%02d%s500\n<i>%s</i>\n\n", 3*i, sep, 3*i+2, sep, l)
	}
	return []byte(b.String())
}

func TestSubtitleLanguage(t *testing.T) {
	t.Parallel()
	for lang, lines := range dialogue {
		for _, vtt := range []bool{false, true} {
			got := media.SubtitleLanguage(subtitleFile(vtt, lines))
			if got == nil || *got != lang {
				t.Errorf("%s (vtt %v): detected %v", lang, vtt, got)
			}
		}
	}
	utf16le := func(s []byte) []byte {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(string(s))) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	if got := media.SubtitleLanguage(utf16le(subtitleFile(false, dialogue["de"]))); got == nil || *got != "de" {
		t.Errorf("UTF-16 German: detected %v", got)
	}
	mixed := append(append([]string{}, dialogue["fr"]...), dialogue["en"]...)
	for name, file := range map[string][]byte{
		"one short line":           subtitleFile(false, []string{"Thank you, Mary."}),
		"half French half English": subtitleFile(false, mixed),
		"names and numbers":        subtitleFile(false, []string{"Marie !", "Paul ?", "1984", "Tokyo, Kyoto, Osaka", "♪ ♪", "Ha ha ha", "Hmm...", "Ok."}),
		"a language not profiled":  subtitleFile(false, []string{"Hyvää huomenta, mitä kuuluu?", "Minä en tiedä mitään.", "Kiitos paljon, ystäväni.", "Hän on täällä nyt."}),
		"not subtitles":            {0, 1, 2, 0xFF},
	} {
		if got := media.SubtitleLanguage(file); got != nil {
			t.Errorf("%s: detected %s, want nothing", name, *got)
		}
	}
}

// The measure of a subtitle file records its language in the film's facts.
func TestWithSubtitlesRecordsTheLanguage(t *testing.T) {
	t.Parallel()
	facts, cues := media.WithSubtitles(festival.MediaFacts{Duration: 20, Video: &festival.VideoFacts{Codec: "h264", Profile: "High", PixFmt: "yuv420p"}}, nil, subtitleFile(false, dialogue["en"]))
	if cues != 6 || facts.SubtitlesLanguage == nil || *facts.SubtitlesLanguage != "en" {
		t.Errorf("facts %+v, cues %d; want 6 cues in en", facts, cues)
	}
	flags := festival.CheckMedia(facts, nil, cues, []festival.LanguageCode{"fr"}, festival.Season{})
	if len(flags) != 1 || flags[0].Check != festival.CheckSubtitlesLanguage {
		t.Errorf("flags %+v; want the subtitles_language check", flags)
	}
}
