package mailtemplate

import (
	"fmt"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The fields of a message that carry words rather than names: written in
// the recipient's language when the message is rendered, from the params
// the message was written with. A message is written once for every
// recipient, before anyone knows who reads it in which language, so its
// params keep what the French message always read (a message written
// before English rendered the same), and, where a French text cannot be
// turned into English, the fact beside it (until_at, checks).

// statusWord is {{.Status}}: the producer's word for the decision.
func statusWord(l texts.Lang, status string) string {
	if w, ok := texts.MailStatusWordsEnglish[status]; ok && l == texts.English {
		return w
	}
	return festival.StatusWord(festival.AudienceProducer, festival.SelectionStatus(status), true)
}

// until is {{.Until}}: a date in l, from until_at when the message carries
// it; else the French words it was written with (a reminder written before
// the template named the date alone carries " avant le <date>").
func until(l texts.Lang, p map[string]string) string {
	if at, err := festival.ParseTime(p["until_at"]); err == nil && !at.IsZero() {
		return texts.DateTime(l, at.Time, nil)
	}
	return strings.TrimPrefix(p["until"], texts.MailLegacyUntilLead)
}

// by is {{.By}}: who withdrew a film.
func by(l texts.Lang, words string) string {
	if w, ok := texts.MailWithdrawnByEnglish[words]; ok && l == texts.English {
		return w
	}
	return words
}

// titles is {{.Titles}}: one film a line, quoted as l quotes (French
// quotes in French, “T” in English).
func titles(l texts.Lang, lines string) string {
	if l != texts.English || lines == "" {
		return lines
	}
	out := strings.Split(lines, "\n")
	for i, line := range out {
		if t, ok := strings.CutPrefix(line, texts.MailQuoteOpen); ok {
			if t, ok := strings.CutSuffix(t, texts.MailQuoteClose); ok {
				out[i] = "“" + t + "”"
			}
		}
	}
	return strings.Join(out, "\n")
}

// changes is {{.Changes}}: what an edit changed, one "- what" a line.
func changes(l texts.Lang, lines string) string {
	if l != texts.English || lines == "" {
		return lines
	}
	out := strings.Split(lines, "\n")
	for i, line := range out {
		what, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		if w, ok := texts.MailEntryWordsEnglish[what]; ok {
			out[i] = "- " + w
		} else if label, ok := strings.CutPrefix(what, texts.MailAnswerPrefix); ok && strings.HasSuffix(label, texts.MailQuoteClose) {
			out[i] = "- " + fmt.Sprintf(texts.MailAnswerEnglish, strings.TrimSuffix(label, texts.MailQuoteClose))
		}
	}
	return strings.Join(out, "\n")
}

// reasons is {{.Reasons}}: the failed checks, one "- reason" a line. The
// French reasons name measured values; in English, when the message
// carries its checks ("check:action" a line), each check's English reason.
func reasons(l texts.Lang, p map[string]string) string {
	if l != texts.English || p["checks"] == "" {
		return p["reasons"]
	}
	var out []string
	for _, c := range strings.Split(p["checks"], "\n") {
		check, action, _ := strings.Cut(c, ":")
		reason, ok := texts.MailMediaChecksEnglish[check]
		if !ok {
			return p["reasons"] // a check this version does not know: the French reasons say it
		}
		if festival.CheckAction(action) == festival.CheckRefuse {
			reason += texts.MailMediaBlockingEnglish
		}
		out = append(out, "- "+reason)
	}
	return strings.Join(out, "\n")
}
