import { useState } from "preact/hooks";
import { api } from "../api/client";
import { Feedback, useAction } from "../ui/action";
import { fr } from "../i18n/fr";
import { SignedIn } from "../ui/guard";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";

function Me() {
  const me = useLoad(api.me);
  if (me.state !== "ready") return <Pending of={me} />;
  const u = me.data;
  return (
    <>
      <p class="lead">
        {u.first_name} {u.last_name} — {fr.account.role[u.role] ?? u.role}
      </p>
      <p>
        {fr.account.email} : {u.email}
      </p>
      {u.role === "JURY" && <Reminders />}
      {u.role === "JURY" && <JuryProfile />}
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
        {fr.account.reminders}
      </label>
      <Feedback of={action} />
    </>
  );
}

// Checks is a group of checkboxes choosing ids among items ([id, label]).
function Checks(props: { legend: string; items: [number, string][]; chosen: number[]; set: (ids: number[]) => void; scroll?: boolean }) {
  const boxes = props.items.map(([id, label]) => (
    <label class="check" key={id}>
      <input
        type="checkbox"
        checked={props.chosen.includes(id)}
        onChange={(e) => props.set(e.currentTarget.checked ? [...props.chosen, id] : props.chosen.filter((x) => x !== id))}
      />
      {label}
    </label>
  ));
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.scroll ? <div class="scroll">{boxes}</div> : boxes}
    </fieldset>
  );
}

// JuryProfile lets a jury member declare the categories they judge and the
// films they have a conflict of interest with (the automatic assignment
// honours both; no assignment gives them a film they declared).
function JuryProfile() {
  const loaded = useLoad(() => Promise.all([api.juryProfile(), api.categories(), api.movies()]));
  const action = useAction();
  const [cats, setCats] = useState<number[] | null>(null);
  const [conflicts, setConflicts] = useState<number[] | null>(null);
  if (loaded.state !== "ready") return <Pending of={loaded} />;
  const [profile, categories, films] = loaded.data;
  const chosenCats = cats ?? profile.categories;
  const chosenConflicts = conflicts ?? profile.conflicts;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        action.run(async () => {
          const saved = await api.setJuryProfile({ categories: chosenCats, conflicts: chosenConflicts });
          setCats(saved.categories);
          setConflicts(saved.conflicts);
          return fr.account.profileSaved;
        });
      }}
    >
      <h3>{fr.account.profile}</h3>
      <p class="meta">{fr.account.profileHint}</p>
      <Checks
        legend={fr.account.profileCategories}
        items={categories.map((c) => [c.id_categorie, c.name])}
        chosen={chosenCats}
        set={setCats}
      />
      <Checks
        legend={fr.account.profileConflicts}
        items={[...films].sort((a, b) => a.title.localeCompare(b.title, "fr")).map((m) => [m.id_movie, m.title])}
        chosen={chosenConflicts}
        set={setConflicts}
        scroll
      />
      <button type="submit" disabled={action.busy}>
        {fr.account.profileSave}
      </button>
      <Feedback of={action} />
    </form>
  );
}

export function Account() {
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">{fr.account.title}</h2>
      <SignedIn roles={["ADMIN", "JURY", "PRODUCER"]}>
        <Me />
      </SignedIn>
    </section>
  );
}
