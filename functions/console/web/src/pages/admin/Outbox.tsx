import { useEffect, useState } from "preact/hooks";
import { api, type Category, type OutboxMessage } from "../../api/client";
import { words } from "../../i18n";
import { Table } from "../../ui/Table";
import { Feedback, useAction, type Action } from "../../ui/action";
import { AdminPage } from "./AdminNav";
import { when } from "../../ui/dates";
import { useVisit } from "../../router";

const states = ["failed", "pending", "held", "sent", "discarded"] as const;
type State = (typeof states)[number];

// Release is "Publier maintenant": one category's decisions, or all of them.
function Release({ action, onDone }: { action: Action; onDone: () => void }) {
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    api.categories().then(setCategories, () => setCategories([]));
  }, []);
  function release(id: number | undefined, what: string) {
    if (!confirm(words.outbox.releaseConfirm(what))) return;
    action.run(async () => {
      const answer = await api.release(id);
      onDone();
      return answer.message;
    });
  }
  return (
    <div class="filters" role="group" aria-label={words.outbox.releaseTitle}>
      {categories.map((c) => (
        <button key={c.id_categorie} type="button" class="secondary" disabled={action.busy} onClick={() => release(c.id_categorie, c.name)}>
          {words.outbox.releaseCategory(c.name)}
        </button>
      ))}
      <button type="button" disabled={action.busy} onClick={() => release(undefined, words.board.all)}>
        {words.outbox.releaseAll}
      </button>
    </div>
  );
}

// Held is one message waiting for its release: read as it will be sent,
// rewritten or withdrawn.
function Held({ m, action, onChange }: { m: OutboxMessage; action: Action; onChange: (m: OutboxMessage | null) => void }) {
  const [editing, setEditing] = useState(false);
  const label = `${words.outbox.kind[m.kind as keyof typeof words.outbox.kind] ?? m.kind} — ${m.subject}`;
  function save(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    action.run(async () => {
      const answer = await api.editNotification(m.id_message, { subject: String(f.get("subject")), text: String(f.get("text")) });
      setEditing(false);
      onChange(answer.notification);
      return answer.message;
    });
  }
  function discard() {
    if (!confirm(words.outbox.discardConfirm)) return;
    action.run(async () => {
      const answer = await api.discardNotification(m.id_message);
      onChange(null);
      return answer.message;
    });
  }
  return (
    <tr>
      <td>{m.next_attempt_at ? when(m.next_attempt_at) : ""}</td>
      <td>{words.outbox.kind[m.kind as keyof typeof words.outbox.kind] ?? m.kind}</td>
      <td>
        {editing ? (
          <form class="form" onSubmit={save} aria-label={`${words.outbox.edit}${words.colon}${label}`}>
            <label>
              {words.outbox.subject}
              <input name="subject" required maxLength={200} defaultValue={m.subject} />
            </label>
            <label>
              {words.outbox.text}
              <textarea name="text" required rows={8} maxLength={10000} defaultValue={m.text} />
            </label>
            <p class="actions">
              <button type="submit" disabled={action.busy}>
                {words.outbox.save}
              </button>
              <button type="button" class="secondary" onClick={() => setEditing(false)}>
                {words.outbox.cancel}
              </button>
            </p>
          </form>
        ) : (
          <>
            <strong>{m.subject}</strong>
            <pre class="message-text">{m.text}</pre>
          </>
        )}
      </td>
      <td>{m.to.map((id) => `#${id}`).join(", ")}</td>
      <td>
        {!editing && (
          <p class="actions">
            <button type="button" class="secondary" aria-label={`${words.outbox.edit}${words.colon}${label}`} onClick={() => setEditing(true)}>
              {words.outbox.edit}
            </button>
            <button type="button" class="secondary" aria-label={`${words.outbox.discard}${words.colon}${label}`} disabled={action.busy} onClick={discard}>
              {words.outbox.discard}
            </button>
          </p>
        )}
      </td>
    </tr>
  );
}

// The tab the outbox opens on: the first of these with a message, in the
// order an admin acts on them: failed (to fix), held (to read and release),
// pending (leaving within the minute), sent (what went). An empty outbox
// opens on pending, where the next message will show.
const opening = ["failed", "held", "pending", "sent"] as const;

// firstWithMessages asks each opening state for one message, all at once.
async function firstWithMessages(): Promise<State> {
  const pages = await Promise.all(opening.map((s) => api.notifications({ state: s, limit: "1" })));
  return opening[pages.findIndex((p) => p.items.length > 0)] ?? "pending";
}

// Messages lists the outbox one state at a time, newest first (held ones
// soonest first), opening on a tab with messages (opening).
function Messages() {
  const [state, setState] = useState<State | null>(null);
  const [items, setItems] = useState<OutboxMessage[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const action = useAction();
  const listing = useAction();
  const visit = useVisit();

  function load(s: State, cursor: string | null) {
    listing.run(async () => {
      const page = await api.notifications({ state: s, limit: "50", ...(cursor ? { cursor } : {}) });
      setItems(cursor ? [...(items ?? []), ...page.items] : page.items);
      setNext(page.next);
    });
  }
  useEffect(() => {
    let live = true;
    firstWithMessages().then(
      (s) => live && setState(s),
      () => live && setState("failed"), // the failed tab then says why
    );
    return () => void (live = false);
  }, []);
  useEffect(() => {
    if (state) load(state, null);
  }, [state, visit]);

  function replace(id: string, m: OutboxMessage | null) {
    setItems((items ?? []).flatMap((x) => (x.id_message !== id ? [x] : m ? [m] : [])));
  }

  return (
    <>
      <p class="meta">{words.outbox.intro}</p>
      <div class="filters" role="group" aria-label={words.admin.outbox}>
        {states.map((s) => (
          <button key={s} type="button" aria-pressed={s === state} disabled={state === null} onClick={() => setState(s)}>
            {words.outbox.state[s]}
          </button>
        ))}
      </div>
      {state === "held" && (
        <>
          <p class="meta">{words.outbox.heldIntro}</p>
          <Release action={action} onDone={() => load("held", null)} />
        </>
      )}
      <Feedback of={action} />
      <Feedback of={listing} />
      {items && items.length === 0 && <p>{words.outbox.none}</p>}
      {items && items.length > 0 && state === "held" && (
        <Table caption={words.outbox.state.held} columns={words.outbox.heldColumns}>
          {items.map((m) => (
            <Held key={m.id_message} m={m} action={action} onChange={(x) => replace(m.id_message, x)} />
          ))}
        </Table>
      )}
      {items && items.length > 0 && state && state !== "held" && (
        <Table caption={words.outbox.state[state]} columns={words.outbox.columns}>
          {items.map((m) => (
            <tr key={m.id_message}>
              <td>{m.createdAt ? when(m.createdAt) : ""}</td>
              <td>{words.outbox.kind[m.kind as keyof typeof words.outbox.kind] ?? m.kind}</td>
              <td>{m.subject}</td>
              <td>{m.to.map((id) => `#${id}`).join(", ")}</td>
              <td>{m.attempts}</td>
              <td>{m.last_error}</td>
            </tr>
          ))}
        </Table>
      )}
      {state === null && <p role="status">{words.loading}</p>}
      {next && state && (
        <button type="button" onClick={() => load(state, next)} disabled={listing.busy}>
          {words.outbox.more}
        </button>
      )}
    </>
  );
}

export function Outbox() {
  return (
    <AdminPage path="/admin/messages" title={words.admin.outbox}>
      <Messages />
    </AdminPage>
  );
}
