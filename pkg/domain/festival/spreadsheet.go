package festival

import "strings"

// SpreadsheetCell neutralizes a text that a spreadsheet would run as a
// formula (titles, names and category names are typed by producers and
// admins) before a CSV export writes it: it is prefixed with an apostrophe,
// which spreadsheets show as plain text.
func SpreadsheetCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
