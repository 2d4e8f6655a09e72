import { useState } from "preact/hooks";
import { CategorySelect } from "../../ui/CategorySelect";
import { api, type Category, type DecisionPreview, type DecisionRequest, type Movie, type StatusWords } from "../../api/client";
import { words } from "../../i18n";
import { param } from "../../router";
import { StatusBadge } from "../../ui/FilmFacts";
import { Table } from "../../ui/Table";
import { Feedback, useAction, type Action } from "../../ui/action";
import { when } from "../../ui/dates";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";
import { EntryBadges } from "../../ui/Entry";

// The stored statuses, in the order a film moves through them; the board
// counts and filters by them, in the admin's words (GET /settings/status-words).
const statuses = ["submitted", "assigned", "to_discuss", "candidate", "selected", "finalist", "awarded", "refused"];

// The stored statuses a bulk decision may give, the decisions first.
const targets = ["selected", "finalist", "awarded", "refused", "assigned", "to_discuss", "candidate", "submitted"];

// fileReasons is why a film's file needs a look (its failed checks, a job
// that failed), or "" when it does not.
const fileReasons = (m: Movie) =>
  [...(m.media?.flags ?? []).map((f) => f.reason), ...(m.media?.state === "failed" ? [m.media.error ?? ""] : [])].filter(Boolean).join(words.semicolon);

// FileFlag marks a film whose file needs a look; the reasons are its title.
function FileFlag({ m }: { m: Movie }) {
  const reasons = fileReasons(m);
  if (!reasons) return null;
  const refused = m.media?.flags.some((f) => f.action === "refuse");
  return (
    <span class={`file-flag ${refused ? "error" : "warning"}`} role="img" title={reasons} aria-label={words.board.flagged(reasons)}>
      {" "}
      ⚑
    </span>
  );
}

// Films shows every film with filters by status, category and title, and
// how many there are of each status. Films are chosen one by one or all
// those shown, then decided together (Decide). version reloads them.
function Films({ version, reload, applied }: { version: number; reload: () => void; applied: Action }) {
  // Incomplete films are found by the API (GET /movies?incomplete=true), which computes each checklist.
  const [incompleteOnly, setIncompleteOnly] = useState(false);
  const data = useLoad(() => Promise.all([incompleteOnly ? api.incomplete() : api.movies(), api.categories(), api.statusWords()]), [version, incompleteOnly]);
  const [status, setStatus] = useState("");
  const [category, setCategory] = useState("");
  const [text, setText] = useState("");
  const [toReview, setToReview] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [to, setTo] = useState(targets[0]);
  if (data.state !== "ready") return <Pending of={data} />;
  const [films, categories, statusWords] = data.data as [Movie[], Category[], StatusWords];
  const q = fold(text);
  const shown = films.filter(
    (m) =>
      (!status || m.selection_status === status) &&
      (!category || m.Categories.some((c) => String(c.id_categorie) === category)) &&
      (!q || fold(m.title).includes(q)) &&
      (!toReview || fileReasons(m) !== ""),
  );
  const count = (s: string) => films.filter((m) => m.selection_status === s).length;
  const admin: Record<string, string> = statusWords.admin ?? {};
  // Only films that still exist stay chosen (one may be deleted meanwhile).
  const picked = films.filter((m) => chosen.has(m.id_movie)).map((m) => m.id_movie);
  const allShown = shown.length > 0 && shown.every((m) => chosen.has(m.id_movie));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    setChosen(next);
  };
  const toggleShown = () => {
    const next = new Set(chosen);
    for (const m of shown) {
      if (allShown) next.delete(m.id_movie);
      else next.add(m.id_movie);
    }
    setChosen(next);
  };
  return (
    <>
      <p class="counts">
        {statuses.map((s) => (
          <span key={s} class="badge">
            {admin[s] ?? s}{words.colon}{count(s)}
          </span>
        ))}
      </p>
      <div class="filters" role="search">
        <label>
          {words.board.status}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">{words.board.all}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {admin[s] ?? s}
              </option>
            ))}
          </select>
        </label>
        <CategorySelect label={words.board.category} none={words.board.all} value={category} categories={categories} onChange={setCategory} />
        <label>
          {words.board.search}
          <input type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <label class="check">
          <input type="checkbox" checked={toReview} onChange={(e) => setToReview(e.currentTarget.checked)} />
          {words.board.toReview}
        </label>
        <label class="check">
          <input type="checkbox" checked={incompleteOnly} onChange={(e) => setIncompleteOnly(e.currentTarget.checked)} />
          {words.board.incomplete}
        </label>
      </div>
      <Decide
        chosen={picked}
        board={{ status, category, search: text }}
        to={to}
        setTo={setTo}
        words={statusWords.admin ?? {}}
        applied={applied}
        onClear={() => setChosen(new Set())}
        onApplied={() => {
          setChosen(new Set());
          reload();
        }}
        onRefused={reload}
      />
      {shown.length === 0 ? (
        <p>{words.board.none}</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">{words.admin.board}</caption>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label={words.decide.pickAll} checked={allShown} onChange={toggleShown} />
              </th>
              <th scope="col">{words.film.title}</th>
              <th scope="col">{words.board.producer}</th>
              <th scope="col">{words.board.status}</th>
              <th scope="col">{words.film.categories}</th>
              <th scope="col">{words.board.jurors}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.id_movie}>
                <td>
                  <input type="checkbox" aria-label={words.decide.pick(m.title)} checked={chosen.has(m.id_movie)} onChange={() => toggle(m.id_movie)} />
                </td>
                <td>
                  <a href={`#/films/${m.id_movie}`}>{m.title}</a>
                  <FileFlag m={m} /> <EntryBadges m={m} />
                </td>
                <td>{m.Producer ? `${m.Producer.first_name} ${m.Producer.last_name}` : "—"}</td>
                <td>
                  {/* The admin's words for the stored status (status_label) in the guide's colours. */}
                  {m.status_label ? <span class={`badge badge-${m.status}`}>{m.status_label}</span> : <StatusBadge m={m} />}
                </td>
                <td>{m.Categories.map((c) => c.name).join(", ") || "—"}</td>
                <td>{m.Juries.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

// fold is a title as the search compares it: lower case, without accents.
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim();

// Decide gives the chosen films one status: the API's preview lists each
// change and the message each producer will be told, and when; applying
// writes exactly that, all or nothing. A refused apply (a film changed
// since the preview) changes nothing and says so.
function Decide(props: {
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

export function Board({ route }: { route: string }) {
  const deleted = param(route, "supprime");
  const applied = useAction();
  const [version, setVersion] = useState(0);
  return (
    <AdminPage path="/admin" title={words.admin.board}>
      {deleted && <p role="status">{words.board.deleted(deleted)}</p>}
      <Feedback of={applied} />
      <Films version={version} reload={() => setVersion((v) => v + 1)} applied={applied} />
    </AdminPage>
  );
}
