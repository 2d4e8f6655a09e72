import { useState } from "preact/hooks";
import { api, type Category } from "../../api/client";
import { words } from "../../i18n";
import { DeleteButton, Feedback, formValues, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

function Row({ c, reload }: { c: Category; reload: () => void }) {
  const action = useAction();
  return (
    <li class="card">
      <form
        class="inline"
        onSubmit={(e) => {
          const v = formValues(e);
          action.run(async () => {
            await api.renameCategory(c.id_categorie, v.name);
            reload();
            return words.categories.renamed(v.name);
          });
        }}
      >
        <label>
          {words.categories.nameOf(c.name)}
          <input name="name" defaultValue={c.name} required />
        </label>
        <button type="submit" disabled={action.busy}>
          {words.categories.rename}
        </button>
        <DeleteButton
          action={action}
          label={words.categories.delete(c.name)}
          confirm={words.categories.confirmDelete(c.name)}
          remove={async () => {
            await api.deleteCategory(c.id_categorie);
            reload();
          }}
        />
      </form>
      <Feedback of={action} />
    </li>
  );
}

function List() {
  const [version, setVersion] = useState(0);
  const list = useLoad(api.categories, [version]);
  const create = useAction();
  const reload = () => setVersion((v) => v + 1);
  return (
    <>
      <Pending of={list} />
      {list.state === "ready" &&
        (list.data.length === 0 ? (
          <p>{words.categories.none}</p>
        ) : (
          <ul class="list" aria-label={words.admin.categories}>
            {list.data.map((c) => (
              <Row key={`${c.id_categorie}-${c.name}`} c={c} reload={reload} />
            ))}
          </ul>
        ))}
      <form
        class="form"
        aria-labelledby="newcat-title"
        onSubmit={(e) => {
          const v = formValues(e);
          const form = e.currentTarget as HTMLFormElement;
          create.run(async () => {
            await api.createCategory(v.name);
            form.reset();
            reload();
            return words.categories.created(v.name);
          });
        }}
      >
        <h3 id="newcat-title">{words.categories.new}</h3>
        <label>
          {words.categories.name}
          <input name="name" required />
        </label>
        <Feedback of={create} />
        <button type="submit" disabled={create.busy}>
          {words.categories.create}
        </button>
      </form>
    </>
  );
}

export function Categories() {
  return (
    <AdminPage path="/admin/categories" title={words.admin.categories}>
      <List />
    </AdminPage>
  );
}
