import { api, type Role } from "../../api/client";
import { fr } from "../../i18n/fr";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

const roles: Role[] = ["PRODUCER", "JURY", "ADMIN"];

function Form() {
  const s = useLoad(api.settings);
  const action = useAction();
  if (s.state !== "ready") return <Pending of={s} />;
  const settings = s.data;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget as HTMLFormElement);
        action.run(async () => {
          const answer = await api.updateSettings({
            jury_vote_assigned_only: f.get("jury_vote_assigned_only") === "on",
            self_registration_roles: f.getAll("self_registration_roles").map(String) as Role[],
          });
          return answer.message;
        });
      }}
    >
      <label class="check">
        <input type="checkbox" name="jury_vote_assigned_only" defaultChecked={settings.jury_vote_assigned_only} />
        {fr.settings.assignedOnly}
      </label>
      <fieldset>
        <legend>{fr.settings.selfRegistration}</legend>
        {roles.map((r) => (
          <label class="check" key={r}>
            <input
              type="checkbox"
              name="self_registration_roles"
              value={r}
              defaultChecked={settings.self_registration_roles.includes(r)}
            />
            {fr.account.role[r]}
          </label>
        ))}
        <p class="meta">{fr.settings.selfRegistrationHint}</p>
      </fieldset>
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {fr.settings.save}
      </button>
    </form>
  );
}

export function Settings() {
  return (
    <AdminPage path="/admin/reglages" title={fr.admin.settings}>
      <Form />
    </AdminPage>
  );
}
