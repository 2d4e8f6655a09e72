package screeningroom

import "testing"

func TestPlaylistNamesAndMinutesAreReadStrictly(t *testing.T) {
	for name, want := range map[string]string{
		"master.m3u8": "master", "720p.m3u8": "720p", "abcdefghijklmnop.m3u8": "abcdefghijklmnop",
		"abcdefghijklmnopq.m3u8": "", ".m3u8": "", "720P.m3u8": "", "720p.m3u": "", "../master.m3u8": "", "720p.m3u8.m3u8": "",
	} {
		p, ok := ParsePlaylistName(name)
		if ok != (want != "") || p.Rendition() != want || p.Master() != (want == "master") {
			t.Errorf("%q read as %q (%v), want %q", name, p.Rendition(), ok, want)
		}
	}
	for s, want := range map[string]int{"0": 0, "42": 42, "00007": 7, "10080": MaxMinute, "10081": -1, "": -1, "-1": -1, "+1": -1, "1e3": -1, "100000": -1, " 1": -1} {
		m, ok := ParseMinute(s)
		if ok != (want >= 0) || (ok && m != want) {
			t.Errorf("%q read as %d (%v), want %d", s, m, ok, want)
		}
	}
}
