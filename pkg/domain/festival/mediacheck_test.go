package festival_test

import (
	"reflect"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestCheckMedia(t *testing.T) {
	t.Parallel()
	h264 := &festival.VideoFacts{Codec: "h264", Profile: "High", PixFmt: "yuv420p", Width: 1920, Height: 1080, FrameRate: 25}
	video := func(codec, profile, pixFmt string) *festival.VideoFacts {
		return &festival.VideoFacts{Codec: codec, Profile: profile, PixFmt: pixFmt, Width: 1920, Height: 1080, FrameRate: 24}
	}
	secs := func(s int64) *int64 { return &s }
	at := func(f float64) *float64 { return &f }
	warn := func(c festival.MediaCheck, reason string) []festival.MediaFlag {
		return []festival.MediaFlag{{Check: c, Action: festival.CheckWarn, Reason: reason}}
	}
	lang := func(c festival.LanguageCode) *festival.LanguageCode { return &c }
	const toH264 = " : exportez-la en H.264 (8 bits, 4:2:0)."
	cases := []struct {
		name     string
		facts    festival.MediaFacts
		declared *int64
		cues     int
		langs    []festival.LanguageCode
		season   festival.Season
		want     []festival.MediaFlag
	}{
		{name: "h264 8-bit 4:2:0 plays", facts: festival.MediaFacts{Duration: 5400, Video: h264}, declared: secs(5400)},
		{name: "constrained baseline plays", facts: festival.MediaFacts{Duration: 60, Video: video("h264", "Constrained Baseline", "yuv420p")}},
		{name: "full-range yuvj420p plays", facts: festival.MediaFacts{Duration: 60, Video: video("h264", "Main", "yuvj420p")}},
		{name: "hevc", facts: festival.MediaFacts{Duration: 60, Video: video("hevc", "Main", "yuv420p")},
			want: warn(festival.CheckUnplayable, "La vidéo est en HEVC (H.265), que les navigateurs ne lisent pas tous"+toH264)},
		{name: "prores", facts: festival.MediaFacts{Duration: 60, Video: video("prores", "HQ", "yuv422p10le")},
			want: warn(festival.CheckUnplayable, "La vidéo est en Apple ProRes, que les navigateurs ne lisent pas tous"+toH264)},
		{name: "unknown codec named", facts: festival.MediaFacts{Duration: 60, Video: video("cfhd", "", "yuv422p10le")},
			want: warn(festival.CheckUnplayable, "La vidéo est en CFHD, que les navigateurs ne lisent pas tous"+toH264)},
		{name: "10-bit h264", facts: festival.MediaFacts{Duration: 60, Video: video("h264", "High 10", "yuv420p10le")},
			want: warn(festival.CheckUnplayable, "La vidéo H.264 est en 10 bits, que les navigateurs ne lisent pas tous : exportez-la en H.264 8 bits (4:2:0).")},
		{name: "4:2:2 h264", facts: festival.MediaFacts{Duration: 60, Video: video("h264", "High 4:2:2", "yuv422p")},
			want: warn(festival.CheckUnplayable, "La vidéo H.264 est en 4:2:2, que les navigateurs ne lisent pas tous : exportez-la en H.264 4:2:0 (8 bits).")},
		{name: "4:4:4 told by the profile alone", facts: festival.MediaFacts{Duration: 60, Video: video("h264", "High 4:4:4 Predictive", "")},
			want: warn(festival.CheckUnplayable, "La vidéo H.264 est en 4:4:4, que les navigateurs ne lisent pas tous : exportez-la en H.264 4:2:0 (8 bits).")},
		{name: "no video", facts: festival.MediaFacts{}, declared: secs(600),
			want: warn(festival.CheckNoVideo, "Le fichier ne contient aucune vidéo lisible : envoyez le film en MP4 (H.264).")},
		{name: "shorter: 80 of 90 min", facts: festival.MediaFacts{Duration: 4800, Video: h264}, declared: secs(5400),
			want: warn(festival.CheckShorter, "Le fichier dure 1 h 20 min 00 s alors que la durée déclarée est de 1 h 30 min 00 s : le film est-il complet ?")},
		{name: "not shorter: 89% but under a minute less", facts: festival.MediaFacts{Duration: 445, Video: h264}, declared: secs(500)},
		{name: "not shorter: a minute less but over 90%", facts: festival.MediaFacts{Duration: 5330, Video: h264}, declared: secs(5400)},
		{name: "shorter: exactly a minute less at 80%", facts: festival.MediaFacts{Duration: 240, Video: h264}, declared: secs(300),
			want: warn(festival.CheckShorter, "Le fichier dure 4 min 00 s alors que la durée déclarée est de 5 min 00 s : le film est-il complet ?")},
		{name: "longer than declared is fine", facts: festival.MediaFacts{Duration: 6000, Video: h264}, declared: secs(5400)},
		{name: "subtitles short", facts: festival.MediaFacts{Duration: 5400, Video: h264, SubtitlesEnd: at(3000)}, cues: 500,
			want: warn(festival.CheckSubtitlesShort, "Les sous-titres s'arrêtent à 50 min 00 s pour un film de 1 h 30 min 00 s : le fichier est-il complet ?")},
		{name: "subtitles end with the dialogue, credits after", facts: festival.MediaFacts{Duration: 5400, Video: h264, SubtitlesEnd: at(5000)}, cues: 500},
		{name: "subtitles short of 20% but under a minute", facts: festival.MediaFacts{Duration: 200, Video: h264, SubtitlesEnd: at(150)}, cues: 20},
		{name: "subtitles against the declared runtime without video", facts: festival.MediaFacts{SubtitlesEnd: at(100)}, declared: secs(600), cues: 3,
			want: []festival.MediaFlag{
				{Check: festival.CheckNoVideo, Action: festival.CheckWarn, Reason: "Le fichier ne contient aucune vidéo lisible : envoyez le film en MP4 (H.264)."},
				{Check: festival.CheckSubtitlesShort, Action: festival.CheckWarn, Reason: "Les sous-titres s'arrêtent à 1 min 40 s pour un film de 10 min 00 s : le fichier est-il complet ?"},
			}},
		{name: "subtitles broken", facts: festival.MediaFacts{Duration: 5400, Video: h264, SubtitlesEnd: at(0)}, cues: 0,
			want: warn(festival.CheckSubtitlesBroken, "Le fichier de sous-titres ne contient aucun sous-titre lisible : envoyez un fichier SRT (00:00:01,000 --> 00:00:04,000).")},
		{name: "subtitles in English declared French", facts: festival.MediaFacts{Duration: 60, Video: h264, SubtitlesEnd: at(55), SubtitlesLanguage: lang("en")},
			cues: 12, langs: []festival.LanguageCode{"fr"},
			want: warn(festival.CheckSubtitlesLanguage, "La langue détectée des sous-titres (en) n'est pas parmi celles que le film déclare (fr)")},
		{name: "subtitles in a declared language", facts: festival.MediaFacts{Duration: 60, Video: h264, SubtitlesEnd: at(55), SubtitlesLanguage: lang("en")},
			cues: 12, langs: []festival.LanguageCode{"en", "fr"}},
		{name: "subtitle languages not declared: the detected one stands", facts: festival.MediaFacts{Duration: 60, Video: h264, SubtitlesEnd: at(55), SubtitlesLanguage: lang("de")}, cues: 12},
		{name: "language not recognised: nothing to compare", facts: festival.MediaFacts{Duration: 60, Video: h264, SubtitlesEnd: at(55)},
			cues: 12, langs: []festival.LanguageCode{"fr"}},
		{name: "language check refused by the settings", facts: festival.MediaFacts{Duration: 60, Video: h264, SubtitlesEnd: at(55), SubtitlesLanguage: lang("es")},
			cues: 12, langs: []festival.LanguageCode{"it"},
			season: festival.Season{MediaChecks: map[festival.MediaCheck]festival.CheckAction{festival.CheckSubtitlesLanguage: festival.CheckRefuse}},
			want:   []festival.MediaFlag{{Check: festival.CheckSubtitlesLanguage, Action: festival.CheckRefuse, Reason: "La langue détectée des sous-titres (es) n'est pas parmi celles que le film déclare (it)"}}},
		{name: "language check off", facts: festival.MediaFacts{Duration: 60, Video: h264, SubtitlesEnd: at(55), SubtitlesLanguage: lang("es")},
			cues: 12, langs: []festival.LanguageCode{"it"},
			season: festival.Season{MediaChecks: map[festival.MediaCheck]festival.CheckAction{festival.CheckSubtitlesLanguage: festival.CheckOff}}},
		{name: "no subtitle file, no subtitle check", facts: festival.MediaFacts{Duration: 5400, Video: h264}, cues: 0},
		{name: "refuse and off from the settings",
			facts:    festival.MediaFacts{Duration: 4800, Video: video("hevc", "Main", "yuv420p"), SubtitlesEnd: at(0)},
			declared: secs(5400),
			season: festival.Season{MediaChecks: map[festival.MediaCheck]festival.CheckAction{
				festival.CheckUnplayable: festival.CheckRefuse, festival.CheckShorter: festival.CheckOff}},
			want: []festival.MediaFlag{
				{Check: festival.CheckUnplayable, Action: festival.CheckRefuse, Reason: "La vidéo est en HEVC (H.265), que les navigateurs ne lisent pas tous" + toH264},
				{Check: festival.CheckSubtitlesBroken, Action: festival.CheckWarn, Reason: "Le fichier de sous-titres ne contient aucun sous-titre lisible : envoyez un fichier SRT (00:00:01,000 --> 00:00:04,000)."},
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := festival.CheckMedia(c.facts, c.declared, c.cues, c.langs, c.season)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("CheckMedia =\n%+v\nwant\n%+v", got, c.want)
			}
		})
	}
}

func TestRecheckSubtitlesLanguage(t *testing.T) {
	t.Parallel()
	en := festival.LanguageCode("en")
	other := festival.MediaFlag{Check: festival.CheckShorter, Action: festival.CheckWarn, Reason: "court"}
	stale := festival.MediaFlag{Check: festival.CheckSubtitlesLanguage, Action: festival.CheckRefuse, Reason: "ancien"}
	film := func(langs ...festival.LanguageCode) festival.Movie {
		return festival.Movie{SubtitleLanguages: langs, Media: &festival.FilmMedia{Facts: &festival.MediaFacts{SubtitlesLanguage: &en},
			Flags: []festival.MediaFlag{other, stale}}}
	}
	refuse := festival.Season{MediaChecks: map[festival.MediaCheck]festival.CheckAction{festival.CheckSubtitlesLanguage: festival.CheckRefuse}}
	fixed := film("en", "fr")
	before := fixed.Media
	festival.RecheckSubtitlesLanguage(&fixed, refuse)
	if !reflect.DeepEqual(fixed.Media.Flags, []festival.MediaFlag{other}) || fixed.Media.Refused() || len(before.Flags) != 2 {
		t.Errorf("declared en: flags %+v (the film's media before: %+v)", fixed.Media.Flags, before.Flags)
	}
	wrong := film("de")
	festival.RecheckSubtitlesLanguage(&wrong, refuse)
	want := festival.MediaFlag{Check: festival.CheckSubtitlesLanguage, Action: festival.CheckRefuse,
		Reason: "La langue détectée des sous-titres (en) n'est pas parmi celles que le film déclare (de)"}
	if !reflect.DeepEqual(wrong.Media.Flags, []festival.MediaFlag{other, want}) || !wrong.Media.Refused() {
		t.Errorf("declared de: flags %+v", wrong.Media.Flags)
	}
	unmeasured := festival.Movie{SubtitleLanguages: []festival.LanguageCode{"de"}}
	festival.RecheckSubtitlesLanguage(&unmeasured, refuse)
	if unmeasured.Media != nil {
		t.Errorf("a film never measured gained media %+v", unmeasured.Media)
	}
}
