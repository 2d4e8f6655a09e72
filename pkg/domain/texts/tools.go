package texts

// The operators' commands (infra/cmd): the ledger's check and the
// watermark's reading. They write in the festival's default language.
const (
	LedgerBroken          Key = "ledger_broken"
	LedgerIntact          Key = "ledger_intact"
	LedgerBreakAt         Key = "ledger_break_at"
	LedgerSeqExpected     Key = "ledger_seq_expected"
	LedgerPrevMissing     Key = "ledger_prev_missing"
	LedgerHashChanged     Key = "ledger_hash_changed"
	LedgerFieldUnreadable Key = "ledger_field_unreadable"
	WatermarkNotStreamed  Key = "watermark_not_streamed"
	WatermarkNotMarked    Key = "watermark_not_marked"
	WatermarkNoJuror      Key = "watermark_no_juror"
	WatermarkOffset       Key = "watermark_offset"
	WatermarkNotAligned   Key = "watermark_not_aligned"
	WatermarkSegments     Key = "watermark_segments"
	WatermarkNobody       Key = "watermark_nobody"
	WatermarkIdentified   Key = "watermark_identified"
)
