package texts

// A person's data: the export of their account and its erasure.
const (
	ErasePasswordMissing Key = "erase_password_missing"
	ErasePasswordWrong   Key = "erase_password_wrong"
	EraseLastAdmin       Key = "erase_last_admin"
	AccountErased        Key = "account_erased"
)

// The export of a person's data.
const (
	ExportStarted  Key = "export_started"
	ExportNotFound Key = "export_not_found"
)

// ExportReadme is the README.txt of an export: what each file is.
const ExportReadme Key = "export_readme"

// ExportLeftOut introduces the files an export could not carry.
const ExportLeftOut Key = "export_left_out"

// The files an export left out, and why.
const (
	ExportFileTooBig  Key = "export_file_too_big"
	ExportFileMissing Key = "export_file_missing"
)
