import { useState } from "preact/hooks";
import { api, type Role, type User } from "../../api/client";
import { words } from "../../i18n";
import { JuryDeclarations } from "../../ui/JuryDeclarations";
import { DeleteButton, Feedback, formValues, useAction } from "../../ui/action";
import { Choice } from "../../ui/Choice";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

const roles: Role[] = ["ADMIN", "JURY", "PRODUCER"];
// Read when rendered: the words follow the console's language.
const roleOptions = () => roles.map((r) => [r, words.account.role[r]] as const);

function Row({ u, action, reload }: { u: User; action: ReturnType<typeof useAction>; reload: () => void }) {
  const name = `${u.first_name} ${u.last_name}`;
  return (
    <tr>
      <td>{name}</td>
      <td>{u.email}</td>
      <td>
        <Choice
          aria-label={words.users.roleOf(name)}
          initial={u.role}
          options={roleOptions()}
          disabled={action.busy}
          onChange={(e) => {
            const role = e.currentTarget.value as Role;
            action.run(async () => {
              await api.updateUser(u.id_user, { role });
              reload();
              return words.users.roleSaved(name, words.account.role[role]);
            });
          }}
        />
      </td>
      <td>
        {u.role === "JURY" && (
          <details>
            <summary>{words.users.declarations(name)}</summary>
            <JuryDeclarations
              heading={words.users.declarationsOf(name)}
              hint={words.users.declarationsHint}
              load={() => api.memberJuryProfile(u.id_user)}
              save={(p) => api.setMemberJuryProfile(u.id_user, p)}
            />
          </details>
        )}
        <DeleteButton
          action={action}
          label={words.users.delete(name)}
          confirm={words.users.confirmDelete(name)}
          remove={async () => {
            await api.deleteUser(u.id_user);
            reload();
            return words.users.deleted(name);
          }}
        />
      </td>
    </tr>
  );
}

function List() {
  const [version, setVersion] = useState(0);
  const users = useLoad(api.users, [version]);
  const action = useAction();
  const create = useAction();
  const reload = () => setVersion((v) => v + 1);
  return (
    <>
      <Feedback of={action} />
      <Pending of={users} />
      {users.state === "ready" && (
        <table class="table">
          <caption class="visually-hidden">{words.admin.users}</caption>
          <thead>
            <tr>
              <th scope="col">{words.users.name}</th>
              <th scope="col">{words.account.email}</th>
              <th scope="col">{words.users.role}</th>
              <th scope="col">{words.users.actions}</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <Row key={u.id_user} u={u} action={action} reload={reload} />
            ))}
          </tbody>
        </table>
      )}
      <form
        class="form"
        aria-labelledby="newuser-title"
        onSubmit={(e) => {
          const v = formValues(e);
          const form = e.currentTarget as HTMLFormElement;
          create.run(async () => {
            const { created } = await api.createUser({ first_name: v.first_name, last_name: v.last_name, email: v.email, password: v.password, role: v.role as Role });
            if (!created) throw new Error(words.smaller.userExists(v.email)); // the spec's 200 creates nothing
            form.reset();
            reload();
            return words.users.created(`${v.first_name} ${v.last_name}`);
          });
        }}
      >
        <h3 id="newuser-title">{words.users.new}</h3>
        <label>
          {words.signUp.firstName}
          <input name="first_name" required />
        </label>
        <label>
          {words.signUp.lastName}
          <input name="last_name" required />
        </label>
        <label>
          {words.signUp.email}
          <input name="email" type="email" required />
        </label>
        <label>
          {words.users.password}
          <input name="password" type="password" autoComplete="new-password" minLength={6} required />
        </label>
        <label>
          {words.users.role}
          <Choice name="role" initial="JURY" options={roleOptions()} />
        </label>
        <Feedback of={create} />
        <button type="submit" disabled={create.busy}>
          {words.users.create}
        </button>
      </form>
    </>
  );
}

export function Users() {
  return (
    <AdminPage path="/admin/utilisateurs" title={words.admin.users}>
      <List />
    </AdminPage>
  );
}
