import { api } from "../../api/client";
import { words } from "../../i18n";
import { Table } from "../../ui/Table";
import { useLoad } from "../../useLoad";
import { Pending } from "../../ui/Pending";
import { when } from "../../ui/dates";
import { AdminPage } from "./AdminNav";

// Jurors lists every jury member's progress, the overdue ones marked.
function Jurors() {
  const s = useLoad(api.progress);
  if (s.state !== "ready") return <Pending of={s} />;
  if (s.data.length === 0) return <p>{words.progress.none}</p>;
  return (
    <>
      <p class="meta">{words.progress.intro}</p>
      <Table caption={words.admin.progress} columns={words.progress.columns}>
        {s.data.map((p) => (
          <tr key={p.id_user} data-overdue={p.overdue ? "1" : undefined}>
            <td>
              {p.first_name} {p.last_name}
              {p.overdue && <span class="badge"> {words.progress.overdue}</span>}
              {p.reminders_off && <span class="meta"> ({words.progress.off})</span>}
            </td>
            <td>{p.assigned}</td>
            <td>
              <progress max={p.assigned} value={p.watched} aria-label={words.progress.columns[2]} /> {p.watched}
            </td>
            <td>
              <progress max={p.assigned} value={p.voted} aria-label={words.progress.columns[3]} /> {p.voted}
            </td>
            <td>{p.to_vote}</td>
            <td>{p.reminded_at ? when(p.reminded_at) : "—"}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

export function Progress() {
  return (
    <AdminPage path="/admin/jury" title={words.admin.progress}>
      <Jurors />
    </AdminPage>
  );
}
