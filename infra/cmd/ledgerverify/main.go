// Command ledgerverify checks an export of the vote ledger (GET /votes/ledger,
// a JSON array of entries) and says whether it holds, or where it was
// altered:
//
//	curl -s -H "Authorization: Bearer $ADMIN" http://127.0.0.1:3000/votes/ledger > ledger.json
//	go run ./infra/cmd/ledgerverify ledger.json
//
// It exits 0 when every entry links to the one before it with a hash that
// matches its content, 1 at the first break, 2 on a file it cannot read.
// Compare the head it prints with the one recorded when the results were
// published (GET /season, results_ledger).
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/festivalapi/festival/pkg/domain/texts"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout)) }

func run(args []string, stdin io.Reader, out io.Writer) int {
	in := stdin
	if len(args) > 0 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintln(out, "ledgerverify:", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	var entries []festival.LedgerEntry
	if err := json.NewDecoder(in).Decode(&entries); err != nil {
		fmt.Fprintln(out, "ledgerverify: not a ledger export (a JSON array of entries):", err)
		return 2
	}
	head, broken := festival.VerifyLedger(entries)
	if broken != nil {
		fmt.Fprintln(out, texts.T(texts.Default, texts.LedgerBroken, broken.Seq, broken.Reason, head.Seq, head.Hash))
		return 1
	}
	fmt.Fprintln(out, texts.T(texts.Default, texts.LedgerIntact, len(entries), head.Seq, head.Hash))
	return 0
}
