package screeningroom

import (
	"strconv"
	"strings"
)

// PlaylistName is a playlist's file name as the path gives it, checked:
// master.m3u8 or <rendition>.m3u8 (1 to 16 of a-z and 0-9).
type PlaylistName struct{ name string }

// ParsePlaylistName reads the {file} of a playlist route; ok is false for a
// name no playlist has (404).
func ParsePlaylistName(file string) (PlaylistName, bool) {
	name, found := strings.CutSuffix(file, ".m3u8")
	if !found || name == "" || len(name) > 16 {
		return PlaylistName{}, false
	}
	for _, r := range name {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return PlaylistName{}, false
		}
	}
	return PlaylistName{name: name}, true
}

// Master reports whether it names the master playlist.
func (p PlaylistName) Master() bool { return p.name == "master" }

// Rendition is the rendition it names (720p...).
func (p PlaylistName) Rendition() string { return p.name }

// MaxMinute bounds a key's minute at the edge: no film is a week long.
const MaxMinute = 7 * 24 * 60

// ParseMinute reads the {minute} of a key route: a decimal number from 0 to
// MaxMinute, digits only; ok is false otherwise (404).
func ParseMinute(s string) (int, bool) {
	if s == "" || len(s) > 5 {
		return 0, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	m, err := strconv.Atoi(s)
	if err != nil || m > MaxMinute {
		return 0, false
	}
	return m, true
}
