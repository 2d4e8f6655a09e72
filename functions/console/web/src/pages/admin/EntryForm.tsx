import { useState } from "preact/hooks";
import { api, type AnswerVisibility, type Category, type EntryForm as EntryFormT, type Question, type QuestionKind } from "../../api/client";
import { words } from "../../i18n";
import { Feedback, useAction } from "../../ui/action";
import { fromInput, toInput } from "../../ui/dates";
import { Pending } from "../../ui/Pending";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Rules } from "./Rules";

const kinds: QuestionKind[] = ["text", "long_text", "number", "date", "url", "yes_no", "choice", "choices", "file"];
const visibilities: AnswerVisibility[] = ["public", "jury", "admins"];

// A question being edited, with a key of its own: the id may change while
// it is typed, and the order changes when the admin moves it.
type Draft = Question & { key: number };
let keys = 0;
const draft = (q: Question): Draft => ({ ...q, key: keys++ });
const blank = (): Draft => draft({ id: "", label: "", help: "", kind: "text", category: 0, required: false, visibility: "admins" });

// question is what the API stores of a draft: choices only for a choice,
// bounds only for a number.
function question({ key: _, ...q }: Draft): Question {
  const choice = q.kind === "choice" || q.kind === "choices";
  return {
    ...q,
    help: q.help?.trim() ?? "",
    choices: choice ? (q.choices ?? []).map((c) => c.trim()).filter(Boolean) : null,
    min: q.kind === "number" ? (q.min ?? null) : null,
    max: q.kind === "number" ? (q.max ?? null) : null,
  };
}

const num = (v: string) => (v.trim() === "" ? null : Number(v));

function QuestionEditor(props: { q: Draft; n: number; last: boolean; categories: Category[]; set: (q: Draft) => void; move: (by: number) => void; remove: () => void }) {
  const { q, n, set } = props;
  const put = <K extends keyof Question>(k: K, v: Question[K]) => set({ ...q, [k]: v });
  return (
    <fieldset class="row question" data-question={q.id || `#${n}`}>
      <legend>{words.form.number(n, q.label)}</legend>
      <label>
        {words.form.id}
        <input value={q.id} required pattern="[a-z0-9_]{1,40}" maxLength={40} onInput={(e) => put("id", e.currentTarget.value)} />
      </label>
      <label>
        {words.form.label}
        <input value={q.label} required maxLength={200} onInput={(e) => put("label", e.currentTarget.value)} />
      </label>
      <label>
        {words.form.help}
        <input value={q.help ?? ""} maxLength={500} onInput={(e) => put("help", e.currentTarget.value)} />
      </label>
      <label>
        {words.form.kind}
        <select value={q.kind} onChange={(e) => put("kind", e.currentTarget.value as QuestionKind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {words.form.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      {(q.kind === "choice" || q.kind === "choices") && (
        <label>
          {words.form.choices}
          <textarea rows={3} required value={(q.choices ?? []).join("\n")} onInput={(e) => put("choices", e.currentTarget.value.split("\n"))} />
        </label>
      )}
      {q.kind === "number" && (
        <div class="rule">
          <label>
            {words.form.min}
            <input type="number" step="any" value={q.min ?? ""} onInput={(e) => put("min", num(e.currentTarget.value))} />
          </label>
          <label>
            {words.form.max}
            <input type="number" step="any" value={q.max ?? ""} onInput={(e) => put("max", num(e.currentTarget.value))} />
          </label>
        </div>
      )}
      <label>
        {words.form.category}
        <select value={String(q.category)} onChange={(e) => put("category", Number(e.currentTarget.value))}>
          <option value="0">{words.form.every}</option>
          {props.categories.map((c) => (
            <option key={c.id_categorie} value={String(c.id_categorie)}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={q.required} onChange={(e) => put("required", e.currentTarget.checked)} />
        {words.form.required}
      </label>
      {q.required && (
        <label>
          {words.form.requiredFrom}
          <input type="datetime-local" value={q.required_from ? toInput(q.required_from) : ""} onInput={(e) => put("required_from", fromInput(e.currentTarget.value) || null)} />
        </label>
      )}
      <label>
        {words.form.frozenFrom}
        <input type="datetime-local" value={q.frozen_from ? toInput(q.frozen_from) : ""} onInput={(e) => put("frozen_from", fromInput(e.currentTarget.value) || null)} />
      </label>
      <label>
        {words.form.visibility}
        <select value={q.visibility} onChange={(e) => put("visibility", e.currentTarget.value as AnswerVisibility)}>
          {visibilities.map((v) => (
            <option key={v} value={v}>
              {words.form.visibilities[v]}
            </option>
          ))}
        </select>
      </label>
      <p class="actions">
        <button type="button" class="secondary" disabled={n === 1} onClick={() => props.move(-1)}>
          {words.form.up(n)}
        </button>
        <button type="button" class="secondary" disabled={props.last} onClick={() => props.move(1)}>
          {words.form.down(n)}
        </button>
        <button type="button" class="danger" onClick={props.remove}>
          {words.form.remove(n)}
        </button>
      </p>
    </fieldset>
  );
}

// Questions edits the whole form and saves it at once (PUT /settings/form).
function Questions({ initial, categories, onSaved }: { initial: EntryFormT; categories: Category[]; onSaved: (qs: Question[]) => void }) {
  const [list, setList] = useState<Draft[]>(() => initial.questions.map(draft));
  // The version the admin edits: saving over a form replaced since is refused.
  const [version, setVersion] = useState(initial.updatedAt);
  const action = useAction();
  const set = (i: number, q: Draft) => setList(list.map((x, j) => (j === i ? q : x)));
  const move = (i: number, by: number) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setList(next);
  };
  return (
    <form
      class="form wide"
      aria-labelledby="questions-title"
      onSubmit={(e) => {
        e.preventDefault();
        action.run(async () => {
          const saved = await api.saveForm(list.map(question), version);
          setVersion(saved.updatedAt);
          onSaved(saved.questions);
          return words.form.saved(saved.questions.length);
        });
      }}
    >
      <h3 id="questions-title">{words.form.questions}</h3>
      <p class="meta">{words.form.intro}</p>
      {list.length === 0 && <p>{words.form.none}</p>}
      {list.map((q, i) => (
        <QuestionEditor
          key={q.key}
          q={q}
          n={i + 1}
          last={i === list.length - 1}
          categories={categories}
          set={(x) => set(i, x)}
          move={(by) => move(i, by)}
          remove={() => setList(list.filter((_, j) => j !== i))}
        />
      ))}
      <p class="actions">
        <button type="button" class="secondary" onClick={() => setList([...list, blank()])}>
          {words.form.add}
        </button>
        <button type="submit" disabled={action.busy}>
          {words.form.save}
        </button>
      </p>
      <Feedback of={action} />
    </form>
  );
}

function Page() {
  const s = useLoad(() => Promise.all([api.form(), api.categories(), api.settings()]));
  const [questions, setQuestions] = useState<Question[] | null>(null);
  if (s.state !== "ready") return <Pending of={s} />;
  const [form, categories, settings] = s.data;
  const current = questions ?? form.questions;
  return (
    <>
      <Questions initial={form} categories={categories} onSaved={setQuestions} />
      <Rules settings={settings} categories={categories} questions={current} />
    </>
  );
}

// EntryForm is the admins' "Formulaire": the festival's own questions, the
// categories' eligibility rules, and how incomplete films and jurors are treated.
export function EntryForm() {
  return (
    <AdminPage path="/admin/formulaire" title={words.admin.form}>
      <Page />
    </AdminPage>
  );
}
