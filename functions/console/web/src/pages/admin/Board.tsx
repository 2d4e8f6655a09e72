import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, Unauthorized, type Board as BoardPage, type BoardRow, type Category, type StatusWords, type TagCount } from "../../api/client";
import { lang, words } from "../../i18n";
import { boardHref, defaults, filmHref, fileStates, fold, perPages, query, readView, sorts, type Sort, type View } from "../../board";
import { goSignIn, param } from "../../router";
import { CategorySelect } from "../../ui/CategorySelect";
import { Feedback, useAction, type Action } from "../../ui/action";
import { Pending } from "../../ui/Pending";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Decide, firstTarget } from "./Decide";
import { SavedViews } from "./SavedViews";

// The stored statuses, in the order a film moves through them; the board
// counts and filters by them, in the admin's words (GET /settings/status-words).
const statuses = ["submitted", "assigned", "to_discuss", "candidate", "selected", "finalist", "awarded", "refused"];
const good = ["selected", "finalist", "awarded"];

// go shows another view: a new entry in the history (the back button undoes
// a sort or a filter), or in place of this one (each letter typed in the search).
const go = (v: View, replace = false) => (replace ? location.replace(boardHref(v)) : (location.hash = boardHref(v)));

type Loaded = { board: BoardPage | null; qs: string; error: string | null; busy: boolean };

// useBoard reads the view's page of the board (GET /movies/board) and keeps
// the last page on screen while the next one loads: the table never blinks
// away under the committee's eyes.
function useBoard(qs: string, version: number): Loaded {
  const [s, set] = useState<Loaded>({ board: null, qs: "", error: null, busy: true });
  useEffect(() => {
    let live = true;
    set((p) => ({ ...p, busy: true }));
    api.board(qs).then(
      (board) => live && set({ board, qs, error: null, busy: false }),
      (err) => {
        if (err instanceof Unauthorized) return goSignIn(true);
        if (live) set((p) => ({ ...p, error: err instanceof ApiError ? err.message : String(err), busy: false }));
      },
    );
    return () => {
      live = false;
    };
  }, [qs, version]);
  return s;
}

const number = (n: number, digits: number) => n.toLocaleString(words.locale, { maximumFractionDigits: digits, minimumFractionDigits: digits });
const day = (iso: string) => new Date(iso).toLocaleDateString(words.locale, { day: "numeric", month: "short", year: "numeric" });

// Header is a column's title; a sortable one is a button that sorts on it,
// then the other way round (aria-sort says which way it is sorted now).
function Header({ col, view }: { col: Sort; view: View }) {
  const on = view.sort === col;
  const next: View = { ...view, sort: col, order: on && view.order === "asc" ? "desc" : "asc", page: 1 };
  return (
    <th scope="col" aria-sort={on ? (view.order === "asc" ? "ascending" : "descending") : undefined}>
      <button type="button" class="sort" onClick={() => go(next)}>
        {words.committee.columns[col]}
        <span aria-hidden="true">{on ? (view.order === "asc" ? " ▲" : " ▼") : " ↕"}</span>
      </button>
    </th>
  );
}

// matches is what the rows on screen tell of a view still loading: a filter
// narrows them at once, and the API's answer then replaces them.
const matches = (r: BoardRow, v: View, typed: string) =>
  (!v.status || r.selection_status === v.status) &&
  (!v.category || r.Categories.some((c) => String(c.id_categorie) === v.category)) &&
  (!v.tag || r.tags.includes(v.tag)) &&
  (v.file !== "flagged" || toLook(r)) &&
  (v.file !== "missing" || r.file === "missing") &&
  (v.file !== "received" || r.file !== "missing") &&
  (!typed || fold(r.title).includes(typed));

// A film's file to look at: a check flagged it or its job failed; the row
// carries the reasons in the API's words (flag_reasons).
const toLook = (r: BoardRow) => r.flags.length > 0 || r.file === "failed";

// Markers say what sets a film apart: withdrawn, incomplete, its file to look at, the committee's notes.
function Markers({ r }: { r: BoardRow }) {
  const flags = toLook(r) ? r.flag_reasons.join(words.semicolon) || r.flags.map((f) => words.committee.flags[f] ?? f).join(words.semicolon) || words.committee.file.failed : "";
  return (
    <>
      {r.withdrawn && <span class="badge badge-error" data-marker="withdrawn">{words.entry.withdrawnBadge}</span>}
      {r.completeness?.complete === false && (
        <span class="badge badge-warning" data-marker="incomplete" title={r.completeness.missing.map((x) => x.text).join(words.semicolon)}>
          {words.entry.incompleteBadge}
        </span>
      )}
      {flags && (
        <span class={`file-flag ${r.flag_refuse ? "error" : "warning"}`} role="img" title={flags} aria-label={words.board.flagged(flags)}>
          {" "}⚑
        </span>
      )}
      {r.notes > 0 && <span class="meta notes-count"> {words.committee.notes(r.notes)}</span>}
    </>
  );
}

function Row({ r, view, chosen, toggle }: { r: BoardRow; view: View; chosen: boolean; toggle: () => void }) {
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={words.decide.pick(r.title)} checked={chosen} onChange={toggle} />
      </td>
      <td class="title">
        <a href={filmHref(r.id_movie, view)}>{r.title}</a> <Markers r={r} />
      </td>
      <td class="num">{r.runtime === null ? "—" : r.runtime < 1 ? words.committee.underMinute : words.committee.minutes(number(r.runtime, 0))}</td>
      <td>{r.nationality || "—"}</td>
      <td>{r.Categories.map((c) => c.name).join(", ") || "—"}</td>
      <td>{day(r.submitted_at)}</td>
      <td>
        <span class={`file file-${r.file}`}>{words.committee.file[r.file]}</span>
      </td>
      <td>
        <span class={`badge${good.includes(r.selection_status) ? " badge-yes" : ""}`}>{r.status_label}</span>
      </td>
      <td class="num">{r.vote_count}</td>
      <td class="num">{r.mean === null ? "—" : number(r.mean, 2)}</td>
      <td>
        {r.tags.map((t) => (
          <a key={t} class="chip" href={boardHref({ ...view, tag: t, page: 1 })}>
            {t}
          </a>
        ))}
      </td>
    </tr>
  );
}

// Pager: the view's pages, as addresses (a page can be reloaded and shared).
function Pager({ view, total }: { view: View; total: number }) {
  const last = Math.max(1, Math.ceil(total / view.per_page));
  if (last === 1) return null;
  const page = Math.min(view.page, last);
  const near = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, last])].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const link = (p: number, text: string, label?: string) => (
    <a href={boardHref({ ...view, page: p })} aria-label={label} aria-current={p === page ? "page" : undefined}>
      {text}
    </a>
  );
  return (
    <nav class="pager" aria-label={words.committee.pages}>
      {page > 1 ? link(page - 1, words.committee.previous) : <span aria-hidden="true">{words.committee.previous}</span>}
      {near.map((p, i) => (
        <span key={p}>
          {i > 0 && p - near[i - 1] > 1 && <span aria-hidden="true">… </span>}
          {link(p, String(p), words.committee.page(p))}
        </span>
      ))}
      {page < last ? link(page + 1, words.committee.next) : <span aria-hidden="true">{words.committee.next}</span>}
      <span class="meta">{words.committee.pageOf(page, last)}</span>
    </nav>
  );
}

type Lists = { categories: Category[]; statusWords: StatusWords; tags: TagCount[] };

// Filters: status, category, search, tag, file, incomplete and the page's
// size, each written into the address. The search waits for a pause in the
// typing; meanwhile the rows on screen narrow to the titles that match.
function Filters({ view, lists, text, setText }: { view: View; lists: Lists; text: string; setText: (t: string) => void }) {
  const admin: Record<string, string> = lists.statusWords.admin ?? {};
  const set = (change: Partial<View>) => go({ ...view, ...change, page: 1 });
  return (
    <div class="filters" role="search">
      <label>
        {words.board.status}
        <select value={view.status} onChange={(e) => set({ status: e.currentTarget.value })}>
          <option value="">{words.board.all}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {admin[s] ?? s}
            </option>
          ))}
        </select>
      </label>
      <CategorySelect label={words.board.category} none={words.board.all} value={view.category} categories={lists.categories} onChange={(category) => set({ category })} />
      <label>
        {words.board.search}
        <input type="search" value={text} maxLength={100} title={words.committee.searchHint} onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <label>
        {words.committee.tag}
        <select value={view.tag} onChange={(e) => set({ tag: e.currentTarget.value })}>
          <option value="">{words.board.all}</option>
          {view.tag && !lists.tags.some((t) => t.tag === view.tag) && <option value={view.tag}>{view.tag}</option>}
          {lists.tags.map((t) => (
            <option key={t.tag} value={t.tag}>
              {words.committee.tagCount(t.tag, t.count)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.committee.fileFilter}
        <select value={view.file} onChange={(e) => set({ file: e.currentTarget.value })}>
          <option value="">{words.board.all}</option>
          {fileStates.map((f) => (
            <option key={f} value={f}>
              {words.committee.fileStates[f]}
            </option>
          ))}
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={view.file === "flagged"} onChange={(e) => set({ file: e.currentTarget.checked ? "flagged" : "" })} />
        {words.board.toReview}
      </label>
      <label class="check">
        <input type="checkbox" checked={view.incomplete} onChange={(e) => set({ incomplete: e.currentTarget.checked })} />
        {words.board.incomplete}
      </label>
      <label>
        {words.committee.perPage}
        <select value={String(view.per_page)} onChange={(e) => set({ per_page: Number(e.currentTarget.value) })}>
          {perPages.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {query(view, false) !== query(defaults, false) && (
        <a class="reset" href={boardHref({ ...defaults, sort: view.sort, order: view.order, per_page: view.per_page })}>
          {words.committee.reset}
        </a>
      )}
    </div>
  );
}

// allOfView reads the id of every film of the view, a page of 200 at a time.
async function allOfView(view: View, total: number): Promise<number[]> {
  const pages = Math.ceil(total / 200);
  const read = await Promise.all(Array.from({ length: pages }, (_, i) => api.board(query({ ...view, per_page: 200, page: i + 1 }))));
  return read.flatMap((b) => b.films.map((f) => f.id_movie));
}

// The most films "choose the whole view" reads (5 pages of 200).
const wholeViewMax = 1000;

// Films is the board: counts, filters, saved views, the bulk decision on the
// films chosen, and one page of the view.
function Films({ view, lists, applied }: { view: View; lists: Lists; applied: Action }) {
  const qs = query(view);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const s = useBoard(qs, version);
  const [text, setText] = useState(view.q);
  const sent = useRef(view.q);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [to, setTo] = useState(firstTarget);
  const whole = useAction(true);
  // The address changed from elsewhere (back button, a saved view): the search box follows it.
  useEffect(() => {
    if (view.q !== sent.current) setText(view.q);
    sent.current = view.q;
  }, [view.q]);
  useEffect(() => {
    if (text.trim() === view.q) return;
    const t = setTimeout(() => {
      sent.current = text.trim();
      go({ ...view, q: text, page: 1 }, true);
    }, 300);
    return () => clearTimeout(t);
  }, [text, qs]);
  if (!s.board) return s.error ? <p role="alert" class="error">{s.error}</p> : <p role="status">{words.loading}</p>;
  const b = s.board;
  const admin: Record<string, string> = lists.statusWords.admin ?? {};
  const typed = fold(text);
  const settled = s.qs === qs && typed === fold(view.q);
  const shown = settled ? b.films : b.films.filter((r) => matches(r, view, typed));
  const allShown = shown.length > 0 && shown.every((r) => chosen.has(r.id_movie));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    setChosen(next);
  };
  const toggleShown = () => {
    const next = new Set(chosen);
    for (const r of shown) {
      if (allShown) next.delete(r.id_movie);
      else next.add(r.id_movie);
    }
    setChosen(next);
  };
  return (
    <>
      <p class="counts">
        {statuses.map((st) => (
          <a key={st} class="badge" href={boardHref({ ...view, status: view.status === st ? "" : st, page: 1 })} aria-current={view.status === st ? "true" : undefined}>
            {admin[st] ?? st}{words.colon}{b.counts[st] ?? 0}
          </a>
        ))}
      </p>
      <Filters view={view} lists={lists} text={text} setText={setText} />
      <SavedViews view={view} />
      <div class="board-head">
        <p role="status" class="lead">
          {words.committee.total(b.total)}
          {s.busy && <span class="meta"> {words.committee.updating}</span>}
        </p>
        {b.total > b.films.length && b.total <= wholeViewMax && (
          <button
            type="button"
            class="secondary"
            disabled={whole.busy}
            onClick={() => whole.run(async () => setChosen(new Set([...chosen, ...(await allOfView(view, b.total))])))}
          >
            {words.committee.pickView(b.total)}
          </button>
        )}
      </div>
      <Feedback of={whole} />
      {s.error && <p role="alert" class="error">{s.error}</p>}
      {shown.length === 0 ? (
        <p>{words.board.none}</p>
      ) : (
        <div class="table-frame" role="region" aria-label={words.admin.board} tabIndex={0}>
          <table class="table board" aria-busy={s.busy}>
            <caption class="visually-hidden">{words.admin.board}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input type="checkbox" aria-label={words.decide.pickAll} checked={allShown} disabled={shown.length === 0} onChange={toggleShown} />
                </th>
                {sorts.map((c) => (
                  <Header key={c} col={c} view={view} />
                ))}
                <th scope="col">{words.committee.tags}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <Row key={r.id_movie} r={r} view={view} chosen={chosen.has(r.id_movie)} toggle={() => toggle(r.id_movie)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager view={view} total={b.total} />
      <Decide
        chosen={[...chosen]}
        board={{ status: view.status, category: view.category, search: text }}
        to={to}
        setTo={setTo}
        words={admin}
        applied={applied}
        onClear={() => setChosen(new Set())}
        onApplied={() => {
          setChosen(new Set());
          reload();
        }}
        onRefused={reload}
      />
    </>
  );
}

export function Board({ route }: { route: string }) {
  const deleted = param(route, "supprime");
  const view = readView(route.split("?")[1] ?? "");
  const applied = useAction();
  const lists = useLoad(() => Promise.all([api.categories(), api.statusWords(), api.tags()]), [lang]);
  return (
    <AdminPage path="/admin" title={words.admin.board}>
      {deleted && <p role="status">{words.board.deleted(deleted)}</p>}
      <Feedback of={applied} />
      {lists.state === "ready" ? (
        <Films view={view} lists={{ categories: lists.data[0], statusWords: lists.data[1], tags: lists.data[2] }} applied={applied} />
      ) : (
        <Pending of={lists} />
      )}
    </AdminPage>
  );
}
