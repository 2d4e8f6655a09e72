package texts

// enTools is the English of tools.go's texts.
var enTools = map[Key]string{
	LedgerBroken:          "ledger altered at entry %d: %s (intact up to entry %d, hash %s)",
	LedgerIntact:          "ledger intact: %d entries, head %d, hash %s",
	LedgerBreakAt:         "ledger, entry %d: %s",
	LedgerSeqExpected:     "number %d expected (an entry missing, duplicated or moved)",
	LedgerPrevMissing:     "does not cite the hash of the previous entry",
	LedgerHashChanged:     "content changed: its hash no longer matches",
	LedgerFieldUnreadable: "unreadable %s field",
	WatermarkNotStreamed:  "film %d is not streamed (its media is not ready): no copy can come from its playlists",
	WatermarkNotMarked:    "the stream of film %d carries no watermark (screening_watermark was off when it was encoded): the copy points at nobody",
	WatermarkNoJuror:      "film %d has no juror: pass the ids to compare with -candidates",
	WatermarkOffset:       "the film starts at %+.2f s in the copy",
	WatermarkNotAligned:   "the start of the copy does not look like the film's: it is read as starting with it",
	WatermarkSegments:     "segments read: %d of %d (%s)",
	WatermarkNobody:       "no juror can be named: the closest, #%d %s, agrees on %.0f %% of the segments read, the next on %.0f %% (it takes at least %d segments read, %.0f %% agreement and a next one at %.0f %% at most)",
	WatermarkIdentified:   "juror identified: #%d %s (%.0f %% agreement over %d segments read; the next: %.0f %%)",
}
