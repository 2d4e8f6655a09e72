import { useState } from "preact/hooks";
import { api, type Category, type EligibilityRule, type Question, type Settings } from "../../api/client";
import { words } from "../../i18n";
import { Feedback, useAction } from "../../ui/action";

type Kind = EligibilityRule["kind"];
const ruleKinds: Kind[] = ["runtime_max", "runtime_min", "release_year_min", "language", "subtitles", "answer"];

// A rule as the admin edits it: runtimes in minutes (the API counts
// seconds), lists as comma-separated text.
type Draft = { key: number; kind: Kind; number: string; values: string; question: string };
let keys = 0;
const minutes = (k: Kind) => k === "runtime_max" || k === "runtime_min";

function draft(r: EligibilityRule): Draft {
  const n = r.number ?? null;
  return {
    key: keys++,
    kind: r.kind,
    number: n === null ? "" : String(minutes(r.kind) ? Math.round((n / 60) * 100) / 100 : n),
    values: (r.values ?? []).join(", "),
    question: r.question ?? "",
  };
}

function rule(d: Draft): EligibilityRule {
  const values = d.values.split(",").map((v) => v.trim()).filter(Boolean);
  switch (d.kind) {
    case "runtime_max":
    case "runtime_min":
      return { kind: d.kind, number: Math.round(Number(d.number) * 60) };
    case "release_year_min":
      return { kind: d.kind, number: Number(d.number) };
    case "language":
      return { kind: d.kind, values };
    case "answer":
      return values.length > 0 ? { kind: d.kind, question: d.question, values } : { kind: d.kind, question: d.question };
  }
  return { kind: d.kind };
}

function RuleEditor({ d, n, questions, set, remove }: { d: Draft; n: number; questions: Question[]; set: (d: Draft) => void; remove: () => void }) {
  const put = (k: keyof Draft, v: string) => set({ ...d, [k]: v });
  return (
    <div class="rule" data-rule={d.kind}>
      <label>
        {words.form.ruleKind} {n}
        <select value={d.kind} onChange={(e) => put("kind", e.currentTarget.value)}>
          {ruleKinds.map((k) => (
            <option key={k} value={k}>
              {words.form.ruleKinds[k]}
            </option>
          ))}
        </select>
      </label>
      {(minutes(d.kind) || d.kind === "release_year_min") && (
        <label>
          {words.form.ruleNumber}
          <input type="number" required min={0} step="any" value={d.number} onInput={(e) => put("number", e.currentTarget.value)} />
        </label>
      )}
      {d.kind === "answer" && (
        <label>
          {words.form.ruleQuestion}
          <select required value={d.question} onChange={(e) => put("question", e.currentTarget.value)}>
            <option value="">—</option>
            {questions.map((q) => (
              <option key={q.id} value={q.id}>
                {q.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {(d.kind === "language" || d.kind === "answer") && (
        <label>
          {d.kind === "language" ? words.form.ruleValues : words.form.ruleAnswerValues}
          <input value={d.values} required={d.kind === "language"} onInput={(e) => put("values", e.currentTarget.value)} />
        </label>
      )}
      <button type="button" class="secondary" onClick={remove}>
        {words.form.removeRule(n)}
      </button>
    </div>
  );
}

// Rules edits the categories' eligibility rules, blind judging and what an
// incomplete film meets, in one PUT /settings.
export function Rules({ settings, categories, questions }: { settings: Settings; categories: Category[]; questions: Question[] }) {
  const action = useAction();
  const [rules, setRules] = useState<Record<string, Draft[]>>(() =>
    Object.fromEntries(categories.map((c) => [String(c.id_categorie), (settings.category_rules?.[String(c.id_categorie)] ?? []).map(draft)])),
  );
  const [blind, setBlind] = useState(Boolean(settings.blind_judging));
  const [incomplete, setIncomplete] = useState(settings.incomplete_entries ?? "refuse");
  const setOf = (id: string, list: Draft[]) => setRules({ ...rules, [id]: list });
  return (
    <form
      class="form wide"
      aria-labelledby="rules-title"
      onSubmit={(e) => {
        e.preventDefault();
        const category_rules = Object.fromEntries(Object.entries(rules).filter(([, l]) => l.length > 0).map(([id, l]) => [id, l.map(rule)]));
        action.run(async () => (await api.updateSettings({ blind_judging: blind, incomplete_entries: incomplete, category_rules })).message);
      }}
    >
      <h3 id="rules-title">{words.form.rules}</h3>
      <p class="meta">{words.form.rulesIntro}</p>
      {categories.map((c) => {
        const id = String(c.id_categorie);
        const list = rules[id] ?? [];
        return (
          <fieldset key={id} data-category={c.name}>
            <legend>{words.form.rulesOf(c.name)}</legend>
            {list.length === 0 && <p class="meta">{words.form.noRule}</p>}
            {list.map((d, i) => (
              <RuleEditor
                key={d.key}
                d={d}
                n={i + 1}
                questions={questions}
                set={(x) => setOf(id, list.map((y, j) => (j === i ? x : y)))}
                remove={() => setOf(id, list.filter((_, j) => j !== i))}
              />
            ))}
            <button type="button" class="secondary" onClick={() => setOf(id, [...list, draft({ kind: "runtime_max" })])}>
              {words.form.addRule(c.name)}
            </button>
          </fieldset>
        );
      })}
      <fieldset>
        <legend>{words.form.incomplete}</legend>
        <label class="check">
          <input type="radio" name="incomplete_entries" checked={incomplete === "refuse"} onChange={() => setIncomplete("refuse")} />
          {words.form.incompleteRefuse}
        </label>
        <label class="check">
          <input type="radio" name="incomplete_entries" checked={incomplete === "save"} onChange={() => setIncomplete("save")} />
          {words.form.incompleteSave}
        </label>
      </fieldset>
      <label class="check">
        <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.currentTarget.checked)} />
        {words.form.blind}
      </label>
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {words.form.saveRules}
      </button>
    </form>
  );
}
