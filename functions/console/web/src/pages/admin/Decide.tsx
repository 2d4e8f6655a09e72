import { useState } from "preact/hooks";
import { api, type DecisionPreview, type DecisionRequest } from "../../api/client";
import { words } from "../../i18n";
import { Table } from "../../ui/Table";
import { Feedback, useAction, type Action } from "../../ui/action";
import { when } from "../../ui/dates";

// The stored statuses a bulk decision may give, the decisions first.
const targets = ["selected", "finalist", "awarded", "refused", "assigned", "to_discuss", "candidate", "submitted"];
export const firstTarget = targets[0];

// Decide gives the chosen films one status: the API's preview lists each
// change and the message each producer will be told, and when; applying
// writes exactly that, all or nothing. A refused apply (a film changed
// since the preview) changes nothing and says so.
export function Decide(props: {
  chosen: number[];
  board: { status: string; category: string; search: string };
  to: string;
  setTo: (to: string) => void;
  words: Record<string, string>;
  applied: Action;
  onClear: () => void;
  onApplied: () => void;
  onRefused: () => void;
}) {
  const ask = useAction();
  const { to, setTo } = props;
  const [which, setWhich] = useState<"chosen" | "filter">("chosen");
  const [preview, setPreview] = useState<DecisionPreview | null>(null);
  const n = props.chosen.length;
  function propose(e: SubmitEvent) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const req: DecisionRequest = which === "chosen" ? { to, ids: props.chosen } : { to, filter: filterOf(props.board, form) };
    props.applied.run(async () => undefined); // a new preview clears the last apply's words
    ask.run(async () => {
      setPreview(null);
      setPreview(await api.previewDecisions(req));
    });
  }
  function apply(p: DecisionPreview) {
    props.applied.run(async () => {
      setPreview(null);
      try {
        const done = await api.applyDecisions(p.id_plan);
        props.onApplied();
        return words.decide.applied(done.changed);
      } catch (err) {
        props.onRefused();
        throw err;
      }
    });
  }
  return (
    <section class="decide" aria-labelledby="decide-title">
      <h3 id="decide-title">{words.decide.title}</h3>
      <p class="meta">{words.decide.intro}</p>
      <form class="form" onSubmit={propose}>
        <fieldset>
          <legend>{words.decide.which}</legend>
          <label class="check">
            <input type="radio" name="which" checked={which === "chosen"} onChange={() => setWhich("chosen")} />
            {words.decide.chosen(n)}
          </label>
          <label class="check">
            <input type="radio" name="which" checked={which === "filter"} onChange={() => setWhich("filter")} />
            {words.decide.filtered}
          </label>
        </fieldset>
        {which === "filter" && (
          <div class="filters">
            <label>
              {words.decide.scoreMin}
              <input name="score_min" type="number" min={0} max={10} step="any" />
            </label>
            <label>
              {words.decide.scoreMax}
              <input name="score_max" type="number" min={0} max={10} step="any" />
            </label>
            <label>
              {words.decide.rankFrom}
              <input name="rank_from" type="number" min={1} />
            </label>
            <label>
              {words.decide.rankTo}
              <input name="rank_to" type="number" min={1} />
            </label>
          </div>
        )}
        <label>
          {words.decide.to}
          <select value={to} onChange={(e) => setTo(e.currentTarget.value)}>
            {targets.map((s) => (
              <option key={s} value={s}>
                {props.words[s] ?? s}
              </option>
            ))}
          </select>
        </label>
        <p class="actions">
          <button type="submit" disabled={ask.busy || (which === "chosen" && n === 0)}>
            {words.decide.preview}
          </button>
          <button type="button" class="secondary" disabled={n === 0} onClick={props.onClear}>
            {words.decide.clear}
          </button>
        </p>
      </form>
      <Feedback of={ask} />
      {preview && (
        <section aria-label={words.decide.changes}>
          <p role="status" class="lead">
            {words.decide.summary(preview.count, preview.unchanged)}
          </p>
          <Table caption={words.decide.changes} columns={words.decide.columns}>
            {preview.changes.map((c) => (
              <tr key={c.id_movie}>
                <td>
                  <a href={`#/films/${c.id_movie}`}>{c.title}</a>
                </td>
                <td>{c.from_label}</td>
                <td>
                  <strong>{c.to_label}</strong>
                </td>
                <td>
                  {c.producer.first_name} {c.producer.last_name}
                </td>
                <td>
                  {c.message ? (
                    <>
                      {c.message.subject}
                      <br />
                      <span class="meta">
                        {Date.parse(c.message.due_at) > Date.now() + 60_000 ? words.decide.held(when(c.message.due_at)) : words.decide.now}
                      </span>
                      <details>
                        <summary>{words.decide.text}</summary>
                        <pre class="mail">{c.message.text}</pre>
                      </details>
                    </>
                  ) : (
                    <span class="meta">{words.decide.noMessage}</span>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <p class="actions">
            <button type="button" disabled={props.applied.busy} onClick={() => apply(preview)}>
              {words.decide.apply(preview.count)}
            </button>{" "}
            <button type="button" class="secondary" onClick={() => setPreview(null)}>
              {words.decide.cancel}
            </button>
          </p>
        </section>
      )}
    </section>
  );
}

// filterOf is the API's filter for the films the board's filters show (status
// in the guide's words, category, title) and the jury results asked for.
function filterOf(board: { status: string; category: string; search: string }, form: FormData): NonNullable<DecisionRequest["filter"]> {
  const num = (name: string) => {
    const v = String(form.get(name) ?? "").trim();
    return v === "" ? undefined : Number(v);
  };
  return {
    status: board.status || undefined,
    category: board.category ? Number(board.category) : undefined,
    search: board.search.trim() || undefined,
    score_min: num("score_min"),
    score_max: num("score_max"),
    rank_from: num("rank_from"),
    rank_to: num("rank_to"),
  };
}
