import { useEffect, useRef } from "preact/hooks";
import { api, type Movie } from "../api/client";
import { words } from "../i18n";
import { boardHref, filmHref, query, readView, type View } from "../board";
import { useLoad } from "../useLoad";
import { Feedback, useAction } from "./action";

// The decisions a key gives on the admin's review, each the stored status
// the status form would save; the letters stay the same in every language.
const decisions = [
  ["s", "selected"],
  ["f", "finalist"],
  ["d", "to_discuss"],
  ["r", "refused"],
] as const;

// typing: a key pressed in a field, a list or the player is theirs, not a shortcut.
const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "VIDEO", "AUDIO"].includes(t.tagName));

// useKeys calls on(key) for a key pressed on the page outside a field and
// without a modifier; the latest on is always the one called.
function useKeys(on: (key: string) => boolean) {
  const latest = useRef(on);
  latest.current = on;
  useEffect(() => {
    const listen = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (latest.current(e.key)) e.preventDefault();
    };
    document.addEventListener("keydown", listen);
    return () => document.removeEventListener("keydown", listen);
  }, []);
}

// Neighbours is "← Précédent · n / total · Suivant →" within the board's
// view the film was opened from (GET /movies/board?<view>&around=<id>),
// with j / → and k / ← for the next and previous films.
function Neighbours({ id, view }: { id: number; view: View }) {
  const around = useLoad(() => api.board(`${query({ ...view, page: 1, per_page: 10 })}&around=${id}`), [id, query(view)]);
  const n = around.state === "ready" ? around.data.neighbours : undefined;
  const total = around.state === "ready" ? around.data.total : 0;
  const open = (to: number | null | undefined) => {
    if (to) location.hash = filmHref(to, view);
    return Boolean(to);
  };
  useKeys((key) => (key === "j" || key === "ArrowRight" ? open(n?.next) : key === "k" || key === "ArrowLeft" ? open(n?.previous) : false));
  // Back to the board's page that holds this film.
  const back = n && n.position > 0 ? { ...view, page: Math.ceil(n.position / view.per_page) } : view;
  return (
    <nav class="review-nav" aria-label={words.committee.review.nav}>
      <a href={boardHref(back)}>{words.committee.review.back}</a>
      {n?.previous ? (
        <a href={filmHref(n.previous, view)} rel="prev" aria-keyshortcuts="k ArrowLeft">
          {words.committee.previous}
        </a>
      ) : (
        <span class="meta" aria-hidden="true">{words.committee.previous}</span>
      )}
      <span class="position">{n ? (n.position > 0 ? words.committee.review.position(n.position, total) : words.committee.review.outside(total)) : "…"}</span>
      {n?.next ? (
        <a href={filmHref(n.next, view)} rel="next" aria-keyshortcuts="j ArrowRight">
          {words.committee.next}
        </a>
      ) : (
        <span class="meta" aria-hidden="true">{words.committee.next}</span>
      )}
      {around.state === "error" && <span class="error">{around.message}</span>}
    </nav>
  );
}

// QuickDecision gives the film one of the committee's decisions with a
// button or its key: the same status change as the review's status form
// (PUT /movies/{id}/status), which does not ask for a confirmation either.
function QuickDecision({ m, onChange, labels }: { m: Movie; onChange: (m: Movie) => void; labels: Record<string, string> }) {
  const action = useAction();
  const decide = (status: string) => {
    if (action.busy) return;
    void action.run(async () => {
      const a = await api.setStatus(m.id_movie, status);
      onChange(a.movie);
      return words.review.statusSaved(a.movie.status_label ?? a.movie.selection_status);
    });
  };
  useKeys((key) => {
    const d = decisions.find(([k]) => k === key.toLowerCase());
    if (d) decide(d[1]);
    return Boolean(d);
  });
  return (
    <div class="quick" role="group" aria-label={words.committee.review.quick}>
      {decisions.map(([key, status]) => (
        <button
          key={status}
          type="button"
          class={m.selection_status === status ? undefined : "secondary"}
          aria-keyshortcuts={key}
          aria-pressed={m.selection_status === status}
          disabled={action.busy}
          onClick={() => decide(status)}
        >
          {labels[status] ?? status} <kbd>{key}</kbd>
        </button>
      ))}
      <Feedback of={action} />
    </div>
  );
}

// ReviewBar heads an admin's review: the way through the board's view, the
// quick decisions, and the keys that do both.
export function ReviewBar({ m, vue, onChange }: { m: Movie; vue: string | null; onChange: (m: Movie) => void }) {
  const statusWords = useLoad(api.statusWords, []);
  const labels: Record<string, string> = statusWords.state === "ready" ? statusWords.data.admin : {};
  const view = vue === null ? null : readView(vue);
  return (
    <div class="review-bar">
      {view && <Neighbours id={m.id_movie} view={view} />}
      <QuickDecision m={m} onChange={onChange} labels={labels} />
      <p class="meta keys">
        {words.committee.review.keys} ({words.committee.review.keysHelp}){words.colon}
        {view && (
          <>
            <kbd>j</kbd> / <kbd>→</kbd> {words.committee.review.nextKey}, <kbd>k</kbd> / <kbd>←</kbd> {words.committee.review.previousKey},{" "}
          </>
        )}
        {decisions.map(([key, status], i) => (
          <span key={key}>
            {i > 0 && ", "}
            <kbd>{key}</kbd> {labels[status] ?? status}
          </span>
        ))}
      </p>
    </div>
  );
}
