package festival

// Page asks for one page of a listing. Limit 0 means "everything": the
// specification's plain listings return all records, so storage reads every
// page for them; clients that pass a limit get a Cursor to continue.
type Page struct {
	Limit  int32
	Cursor string
}
