import { useState } from "preact/hooks";
import { api } from "../../api/client";
import { editions, forgetEditions, scopeReads, shownEdition, useEditionsVersion } from "../../editions";
import { words } from "../../i18n";
import { Feedback, formValues, useAction } from "../../ui/action";
import { when } from "../../ui/dates";
import { Pending } from "../../ui/Pending";
import { Table } from "../../ui/Table";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";

// The festival's editions, newest first, and "start the next edition"
// (POST /editions): what is copied and what is archived is said before the
// admin confirms.
function List() {
  const list = useLoad(editions, [useEditionsVersion()]);
  const start = useAction();
  const [copyJury, setCopyJury] = useState(false);
  if (list.state !== "ready") return <Pending of={list} />;
  const { current } = list.data;
  const currentName = list.data.editions.find((e) => e.id === current)?.name || current;
  return (
    <>
      <Table caption={words.editions.list} columns={words.editions.columns}>
        {list.data.editions.map((e) => (
          <tr key={e.id} data-edition={e.id}>
            <td>{e.state === "current" ? words.editions.current(e.name || e.id) : e.name || e.id}</td>
            <td>{e.id}</td>
            <td>{when(e.started_at)}</td>
            <td>{e.archived_at ? when(e.archived_at) : "—"}</td>
          </tr>
        ))}
      </Table>
      <form
        class="form"
        aria-labelledby="next-edition-title"
        onSubmit={(e) => {
          const v = formValues(e);
          if (!confirm(words.editions.confirm(v.id, currentName))) return;
          start.run(async () => {
            const started = await api.startEdition({ id: v.id, name: v.name || undefined, copy_jury: copyJury });
            // The pages now read the new edition, the current one.
            shownEdition.set(null);
            scopeReads("/admin");
            forgetEditions();
            return words.editions.started(started.name || started.id);
          });
        }}
      >
        <h3 id="next-edition-title">{words.editions.start}</h3>
        <p>{words.editions.startIntro(currentName)}</p>
        <label>
          {words.editions.id}
          <input name="id" required pattern="[0-9A-Za-z][0-9A-Za-z\-]{0,15}" maxLength={16} />
        </label>
        <label>
          {words.editions.name}
          <input name="name" maxLength={100} />
        </label>
        <label class="check">
          <input type="checkbox" checked={copyJury} onChange={(e) => setCopyJury(e.currentTarget.checked)} />
          {words.editions.copyJury}
        </label>
        <Feedback of={start} />
        <button type="submit" disabled={start.busy}>
          {words.editions.start}
        </button>
      </form>
    </>
  );
}

export function EditionsPage() {
  return (
    <AdminPage path="/admin/editions" title={words.admin.editions}>
      <List />
    </AdminPage>
  );
}
