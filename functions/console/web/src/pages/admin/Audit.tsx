import { useEffect, useState } from "preact/hooks";
import { api, type AuditEntry } from "../../api/client";
import { words } from "../../i18n";
import { Feedback, formValues, useAction } from "../../ui/action";
import { AdminPage } from "./AdminNav";
import { when } from "../../ui/dates";

// Trail reads the audit trail a page at a time, newest first, filtered by
// action or target.
function Trail() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [query, setQuery] = useState<Record<string, string>>({});
  const action = useAction();

  function load(q: Record<string, string>, cursor: string | null) {
    action.run(async () => {
      const page = await api.audit({ ...q, limit: "50", ...(cursor ? { cursor } : {}) });
      setEntries(cursor ? [...(entries ?? []), ...page.items] : page.items);
      setNext(page.next);
    });
  }
  useEffect(() => load({}, null), []);

  return (
    <>
      <form
        class="filters"
        role="search"
        onSubmit={(e) => {
          const v = formValues(e);
          const q = { action: v.action, target: v.target };
          setQuery(q);
          load(q, null);
        }}
      >
        <label>
          {words.audit.action}
          <input name="action" placeholder="movie.status" />
        </label>
        <label>
          {words.audit.target}
          <input name="target" placeholder="movie:12" />
        </label>
        <button type="submit">{words.audit.filter}</button>
      </form>
      <Feedback of={action} />
      {entries && entries.length === 0 && <p>{words.audit.none}</p>}
      {entries && entries.length > 0 && (
        <table class="table">
          <caption class="visually-hidden">{words.admin.audit}</caption>
          <thead>
            <tr>
              <th scope="col">{words.audit.at}</th>
              <th scope="col">{words.audit.actor}</th>
              <th scope="col">{words.audit.action}</th>
              <th scope="col">{words.audit.target}</th>
              <th scope="col">{words.audit.details}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id_audit}>
                <td>{when(e.at)}</td>
                <td>
                  {words.account.role[e.actor_role]} n° {e.actor_id}
                </td>
                <td>
                  <code>{e.action}</code>
                </td>
                <td>
                  <code>{e.target}</code>
                </td>
                <td>
                  {Object.entries(e.details ?? {})
                    .map(([k, v]) => `${k}${words.colon}${v}`)
                    .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <button type="button" class="secondary" disabled={action.busy} onClick={() => load(query, next)}>
          {words.audit.more}
        </button>
      )}
    </>
  );
}

export function Audit() {
  return (
    <AdminPage path="/admin/journal" title={words.admin.audit}>
      <Trail />
    </AdminPage>
  );
}
