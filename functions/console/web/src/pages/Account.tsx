import { useState } from "preact/hooks";
import { api } from "../api/client";
import { Feedback, useAction } from "../ui/action";
import { words } from "../i18n";
import { SignedIn } from "../ui/guard";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";
import { JuryDeclarations } from "../ui/JuryDeclarations";
import { ExportDownload, MyData } from "../ui/MyData";

function Me() {
  const me = useLoad(api.me);
  if (me.state !== "ready") return <Pending of={me} />;
  const u = me.data;
  return (
    <>
      <p class="lead">
        {u.first_name} {u.last_name} — {words.account.role[u.role] ?? u.role}
      </p>
      <p>
        {words.account.email}{words.colon}{u.email}
      </p>
      {u.role === "JURY" && <Reminders />}
      {u.role === "JURY" && <JuryDeclarations heading={words.account.profile} hint={words.account.profileHint} load={api.juryProfile} save={api.setJuryProfile} />}
      <MyData />
    </>
  );
}

// Reminders lets a jury member turn the reminders off (and on again).
function Reminders() {
  const r = useLoad(api.reminders);
  const action = useAction();
  const [on, setOn] = useState<boolean | null>(null);
  if (r.state !== "ready") return <Pending of={r} />;
  const checked = on ?? r.data.reminders;
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={action.busy}
          onChange={(e) => {
            const want = (e.currentTarget as HTMLInputElement).checked;
            setOn(want); // shown at once; put back if the API refuses
            action.run(async () => {
              try {
                setOn((await api.setReminders(want)).reminders);
              } catch (err) {
                setOn(!want);
                throw err;
              }
            });
          }}
        />
        {words.account.reminders}
      </label>
      <Feedback of={action} />
    </>
  );
}

export function Account({ archive = null }: { archive?: string | null }) {
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">{words.account.title}</h2>
      <SignedIn roles={["ADMIN", "JURY", "PRODUCER"]}>
        {archive && <ExportDownload id={archive} />}
        <Me />
      </SignedIn>
    </section>
  );
}
