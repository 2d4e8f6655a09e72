import { useState } from "preact/hooks";
import { api, type JuryProfile } from "../api/client";
import { locale, words } from "../i18n";
import { Feedback, useAction } from "./action";
import { useLoad } from "../useLoad";
import { Pending } from "./Pending";

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

// JuryDeclarations edits what a jury member declares: the categories they
// judge and the films they have a conflict of interest with (the automatic
// assignment honours both; no assignment gives them a film they declared).
// The member edits their own on their account page; an admin, anyone's.
export function JuryDeclarations(props: { heading: string; hint: string; load: () => Promise<JuryProfile>; save: (p: JuryProfile) => Promise<JuryProfile> }) {
  const loaded = useLoad(() => Promise.all([props.load(), api.categories(), api.movies()]));
  const action = useAction();
  const [cats, setCats] = useState<number[] | null>(null);
  const [conflicts, setConflicts] = useState<number[] | null>(null);
  const [langs, setLangs] = useState<string | null>(null);
  if (loaded.state !== "ready") return <Pending of={loaded} />;
  const [profile, categories, films] = loaded.data;
  const chosenCats = cats ?? profile.categories;
  const chosenConflicts = conflicts ?? profile.conflicts;
  const chosenLangs = langs ?? (profile.languages ?? []).join(", ");
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        action.run(async () => {
          const languages = chosenLangs.split(/[\s,;]+/).filter((l) => l !== "");
          const saved = await props.save({ categories: chosenCats, conflicts: chosenConflicts, languages });
          setCats(saved.categories);
          setConflicts(saved.conflicts);
          setLangs((saved.languages ?? []).join(", "));
          return words.account.profileSaved;
        });
      }}
    >
      <h3>{props.heading}</h3>
      <p class="meta">{props.hint}</p>
      <Checks
        legend={words.account.profileCategories}
        items={categories.map((c) => [c.id_categorie, c.name])}
        chosen={chosenCats}
        set={setCats}
      />
      <Checks
        legend={words.account.profileConflicts}
        items={[...films].sort((a, b) => a.title.localeCompare(b.title, locale())).map((m) => [m.id_movie, m.title])}
        chosen={chosenConflicts}
        set={setConflicts}
        scroll
      />
      <label>
        {words.account.profileLanguages}
        <input name="languages" value={chosenLangs} onInput={(e) => setLangs(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={action.busy}>
        {words.account.profileSave}
      </button>
      <Feedback of={action} />
    </form>
  );
}

