package dynamo

import "github.com/festivalapi/festival/pkg/domain/festival"

// answerItem is one answer on a film's item (attribute `answers`, a map by
// question id): exactly one of its attributes is set, by the question's
// kind: s (text, long_text, date, url, choice), n (number), b (yes_no),
// l (choices), f (file).
type answerItem struct {
	S *string              `dynamodbav:"s,omitempty"`
	N *number              `dynamodbav:"n,omitempty"`
	B *bool                `dynamodbav:"b,omitempty"`
	L []string             `dynamodbav:"l,omitempty"`
	F *festival.AnswerFile `dynamodbav:"f,omitempty"`
}

// toAnswersItem is a film's answers as stored; nil (attribute absent) when
// it has none.
func toAnswersItem(a festival.Answers) map[string]answerItem {
	if len(a) == 0 {
		return nil
	}
	out := make(map[string]answerItem, len(a))
	for id, v := range a {
		out[id] = answerItem{S: v.Text, N: numberPtr(v.Number), B: v.Bool, L: v.Choices, F: v.File}
	}
	return out
}

// answersOf are the stored answers (nil when none).
func answersOf(it map[string]answerItem) festival.Answers {
	if len(it) == 0 {
		return nil
	}
	out := make(festival.Answers, len(it))
	for id, v := range it {
		out[id] = festival.Answer{Text: v.S, Number: decimalPtr(v.N), Bool: v.B, Choices: v.L, File: v.F}
	}
	return out
}
