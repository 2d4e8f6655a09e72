package movieform

import (
	"encoding/json"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Answers reads a submission form's answers to the festival's questions as
// sent: the field answers, a JSON object {id: value} (sent once), and the
// text fields answer.<id> (several for a choices question). The form's
// questions read them once the film's categories are known (the service).
func Answers(values map[string][]string) (festival.RawAnswers, error) {
	var raw festival.RawAnswers
	if vs, ok := values["answers"]; ok {
		if len(vs) != 1 {
			return raw, apperr.E(apperr.Invalid, texts.AnswersNotObject)
		}
		var err error
		if raw.JSON, err = AnswersObject(json.RawMessage(vs[0])); err != nil {
			return raw, err
		}
	}
	for name, vs := range values {
		if id, ok := strings.CutPrefix(name, "answer."); ok {
			if raw.Texts == nil {
				raw.Texts = map[string][]string{}
			}
			raw.Texts[id] = vs
		}
	}
	return raw, nil
}

// AnswersObject reads answers sent as a JSON object {id: value or null};
// anything else is a 400.
func AnswersObject(b json.RawMessage) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil || m == nil {
		return nil, apperr.E(apperr.Invalid, texts.AnswersNotObject)
	}
	return m, nil
}
