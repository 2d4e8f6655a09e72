package store

import "fmt"

// Key shapes of the single table. docs/data-model.md is the schema and lists
// the same shapes with the access pattern each one serves; change both together.
//
// Attributes PK/SK form the primary key. GSI1 (GSI1PK/GSI1SK) answers "all
// records of one type" and lookups by a record's own id; GSI2 (GSI2PK/GSI2SK)
// answers "what hangs off this user / category" (films produced, jury
// assignments, votes cast, films of a category).
const (
	attrPK     = "PK"
	attrSK     = "SK"
	attrGSI1PK = "GSI1PK"
	attrGSI1SK = "GSI1SK"
	attrGSI2PK = "GSI2PK"
	attrGSI2SK = "GSI2SK"
	attrType   = "type"

	IndexGSI1 = "GSI1"
	IndexGSI2 = "GSI2"
)

// pad makes numeric ids sort as numbers inside string sort keys.
func pad(id int64) string { return fmt.Sprintf("%010d", id) }

// Users.
func userPK(id int64) string      { return fmt.Sprintf("USER#%d", id) }
func emailPK(email string) string { return "EMAIL#" + email } // email already normalized

const (
	skUser       = "USER"
	skEmail      = "EMAIL"
	gsi1Users    = "USERS"
	typeUser     = "USER"
	typeEmail    = "EMAIL"
	typeCounter  = "COUNTER"
	skCounter    = "COUNTER"
	counterUsers = "users"
)

func userGSI1SK(id int64) string { return "USER#" + pad(id) }

// userRefPK is the GSI2 partition of everything that hangs off a user.
func userRefPK(id int64) string { return fmt.Sprintf("USER#%d", id) }

func counterPK(name string) string { return "COUNTER#" + name }
