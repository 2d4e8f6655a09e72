import { useEffect, useState } from "preact/hooks";
import { api, ApiError, Unauthorized, type Notice } from "../api/client";
import { words } from "../i18n";
import { goSignIn } from "../router";
import { Feedback, useAction } from "../ui/action";
import { noticesChanged } from "../ui/Bell";
import { when } from "../ui/dates";
import { SignedIn } from "../ui/guard";

// Notices is the person's notices in the app (#/avis): what the festival
// told them by e-mail (a decision once released, films assigned, a
// reminder...), newest first, each with its link into the console, marked
// read one by one or all at once.
export function Notices() {
  return (
    <SignedIn roles={["ADMIN", "JURY", "PRODUCER"]}>
      <h2>{words.notices.title}</h2>
      <List />
    </SignedIn>
  );
}

const pageSize = "20";

function List() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [items, setItems] = useState<Notice[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const action = useAction();

  async function load(cursor: string | null) {
    try {
      const q: Record<string, string> = { limit: pageSize, cursor: cursor ?? "", unread: unreadOnly ? "true" : "" };
      const p = await api.notices(q);
      setItems((old) => (cursor && old ? [...old, ...p.items] : p.items));
      setNext(p.next);
      setError(null);
    } catch (err) {
      if (err instanceof Unauthorized) return goSignIn(true);
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }
  useEffect(() => {
    setItems(null);
    void load(null);
  }, [unreadOnly]);

  // markRead marks notices read (ids, or all) and shows them read.
  const markRead = (ids: string[] | null) =>
    action.run(async () => {
      const r = await api.markNoticesRead(ids ? { ids } : { all: true });
      setItems((old) => old?.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) ?? old);
      noticesChanged(r.unread);
      return r.message;
    });

  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  if (!items) return <p role="status">{words.loading}</p>;
  return (
    <>
      <div class="toolbar">
        <label class="check">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly((e.currentTarget as HTMLInputElement).checked)} />
          {words.notices.unreadOnly}
        </label>
        <button type="button" disabled={action.busy || !items.some((n) => !n.read)} onClick={() => markRead(null)}>
          {words.notices.allRead}
        </button>
      </div>
      <Feedback of={action} />
      {items.length === 0 ? (
        <p>{unreadOnly ? words.notices.noUnread : words.notices.none}</p>
      ) : (
        <ul class="notices">
          {items.map((n) => (
            <Item key={n.id} n={n} busy={action.busy} onRead={() => markRead([n.id])} />
          ))}
        </ul>
      )}
      {next && (
        <button type="button" onClick={() => load(next)}>
          {words.notices.more}
        </button>
      )}
    </>
  );
}

// Item is one notice: its subject, when it came, its text and its link;
// following the link marks it read.
function Item({ n, busy, onRead }: { n: Notice; busy: boolean; onRead: () => void }) {
  const title = `notice-${n.id}`;
  return (
    <li class={n.read ? "inbox-item" : "inbox-item unread"} aria-labelledby={title}>
      <h3 id={title}>
        {!n.read && <span class="badge badge-warning">{words.notices.new}</span>} {n.subject}
      </h3>
      <p class="meta">{when(n.createdAt)}</p>
      <p class="text">{n.text}</p>
      <p class="actions">
        {n.link && (
          <a href={n.link} onClick={() => !n.read && onRead()}>
            {opens(n.link)}
          </a>
        )}
        {!n.read && (
          <button type="button" class="secondary" disabled={busy} onClick={onRead}>
            {words.notices.markRead}
          </button>
        )}
      </p>
    </li>
  );
}

// opens words the link by where it leads.
function opens(link: string): string {
  const o = words.notices.open;
  if (link.startsWith("#/films/")) return o.film;
  if (link.startsWith("#/jury")) return o.jury;
  if (link.startsWith("#/palmares")) return o.palmares;
  if (link.startsWith("#/mes-donnees")) return o.data;
  return o.other;
}
