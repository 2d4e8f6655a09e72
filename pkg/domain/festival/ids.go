package festival

import (
	"strconv"
	"strings"
)

// JoinIDs writes ids in order, separated by sep: "3, 12" for a message,
// "3,12" for an audit detail.
func JoinIDs(ids []int64, sep string) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, sep)
}
