import { useState } from "preact/hooks";
import { api, type SavedView } from "../../api/client";
import { words } from "../../i18n";
import { boardHref, query, savedView, type View } from "../../board";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";

// SavedViews keeps an admin's views of the board under names (GET and PUT
// /users/me/views): the current view is saved, a saved one is a link that
// shows it again, and one is deleted. The API keeps only queries the board
// reads, in its own canonical form.
export function SavedViews({ view }: { view: View }) {
  const loaded = useLoad(api.views);
  const [list, setList] = useState<SavedView[] | null>(null);
  const action = useAction();
  const [name, setName] = useState("");
  const views = list ?? (loaded.state === "ready" ? loaded.data : []);
  const current = query(view, false);
  const put = (next: SavedView[], said: string) =>
    action.run(async () => {
      // The answer is the list as kept: shown from now on, with no read again.
      setList(await api.saveViews(next.map(({ id, name, query }) => (id ? { id, name, query } : { name, query }))));
      return said;
    });
  function save(e: SubmitEvent) {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    // A name already saved takes the current view (its id is kept).
    const same = views.find((v) => v.name === n);
    const next = same ? views.map((v) => (v === same ? { ...v, query: current } : v)) : [...views, { id: "", name: n, query: current }];
    put(next, words.committee.views.saved(n)).then((ok) => ok && setName(""));
  }
  return (
    <details class="views" open={views.length > 0}>
      <summary>{words.committee.views.title}</summary>
      {loaded.state === "error" && <p role="alert" class="error">{loaded.message}</p>}
      {views.length === 0 ? (
        <p class="meta">{words.committee.views.none}</p>
      ) : (
        <ul class="view-list">
          {views.map((v) => (
            <li key={v.id}>
              <a href={boardHref(savedView(v.query))} aria-current={query(savedView(v.query), false) === current ? "true" : undefined}>
                {v.name}
              </a>{" "}
              <button
                type="button"
                class="link-button"
                aria-label={words.committee.views.remove(v.name)}
                disabled={action.busy}
                onClick={() => {
                  if (confirm(words.committee.views.confirmRemove(v.name))) put(views.filter((x) => x !== v), words.committee.views.removed(v.name));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="inline" onSubmit={save}>
        <label>
          {words.committee.views.name}
          <input value={name} maxLength={60} required onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={action.busy}>
          {words.committee.views.save}
        </button>
      </form>
      <Feedback of={action} />
    </details>
  );
}
