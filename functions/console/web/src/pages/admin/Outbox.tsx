import { useEffect, useState } from "preact/hooks";
import { api, type OutboxMessage } from "../../api/client";
import { fr } from "../../i18n/fr";
import { Table } from "../../ui/Table";
import { Feedback, useAction } from "../../ui/action";
import { AdminPage } from "./AdminNav";
import { when } from "../../ui/dates";

const states = ["failed", "pending", "sent"] as const;
type State = (typeof states)[number];

// Messages lists the outbox one state at a time, newest first: the failed
// ones first, since they are what an admin must act on.
function Messages() {
  const [state, setState] = useState<State>("failed");
  const [items, setItems] = useState<OutboxMessage[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const action = useAction();

  function load(s: State, cursor: string | null) {
    action.run(async () => {
      const page = await api.notifications({ state: s, limit: "50", ...(cursor ? { cursor } : {}) });
      setItems(cursor ? [...(items ?? []), ...page.items] : page.items);
      setNext(page.next);
    });
  }
  useEffect(() => load(state, null), [state]);

  return (
    <>
      <p class="meta">{fr.outbox.intro}</p>
      <div class="filters" role="group" aria-label={fr.admin.outbox}>
        {states.map((s) => (
          <button key={s} type="button" aria-pressed={s === state} onClick={() => setState(s)}>
            {fr.outbox.state[s]}
          </button>
        ))}
      </div>
      <Feedback of={action} />
      {items && items.length === 0 && <p>{fr.outbox.none}</p>}
      {items && items.length > 0 && (
        <Table caption={fr.outbox.state[state]} columns={fr.outbox.columns}>
          {items.map((m) => (
            <tr key={m.id_message}>
              <td>{m.createdAt ? when(m.createdAt) : ""}</td>
              <td>{fr.outbox.kind[m.kind]}</td>
              <td>{m.to.map((id) => `#${id}`).join(", ")}</td>
              <td>{m.attempts}</td>
              <td>{m.last_error}</td>
            </tr>
          ))}
        </Table>
      )}
      {next && (
        <button type="button" onClick={() => load(state, next)} disabled={action.busy}>
          {fr.outbox.more}
        </button>
      )}
    </>
  );
}

export function Outbox() {
  return (
    <AdminPage path="/admin/messages" title={fr.admin.outbox}>
      <Messages />
    </AdminPage>
  );
}
