import { useState } from "preact/hooks";
import { CategorySelect } from "../../ui/CategorySelect";
import { api, type Category, type Settings } from "../../api/client";
import type { components } from "../../api/schema";
import { words } from "../../i18n";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { Pending } from "../../ui/Pending";

type Criterion = components["schemas"]["Criterion"];

// keyFor makes a criterion's key from its name (a-z, 0-9, _; 32 at most),
// unique among taken. Existing criteria keep their key: votes name it.
export function keyFor(name: string, taken: string[]): string {
  const base =
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 28) || "critere";
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

// Editor edits one grid: the festival's (scope "") or a category's.
function Editor({ settings, categories }: { settings: Settings; categories: Category[] }) {
  const [scope, setScope] = useState("");
  const [saved, setSaved] = useState(settings);
  const gridOf = (s: Settings, sc: string): Criterion[] => (sc ? (s.category_grids?.[sc] ?? []) : (s.scoring_grid ?? []));
  const [rows, setRows] = useState<Criterion[]>(gridOf(settings, ""));
  const action = useAction();

  const pick = (sc: string) => {
    setScope(sc);
    setRows(gridOf(saved, sc));
  };
  const change = (i: number, part: Partial<Criterion>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...part } : r)));

  function save(e: SubmitEvent) {
    e.preventDefault();
    action.run(async () => {
      const grid = rows.map((r) => ({ ...r, name: r.name.trim() }));
      const keyed: Criterion[] = [];
      for (const r of grid) keyed.push(r.key ? r : { ...r, key: keyFor(r.name, [...grid, ...keyed].map((x) => x.key)) });
      let answer;
      if (scope) {
        const all = { ...(saved.category_grids ?? {}) };
        if (keyed.length) all[scope] = keyed;
        else delete all[scope];
        answer = await api.updateSettings({ category_grids: all });
      } else {
        answer = await api.updateSettings({ scoring_grid: keyed.length ? keyed : null });
      }
      setSaved(answer.settings);
      setRows(gridOf(answer.settings, scope));
      return words.grids.saved;
    });
  }

  return (
    <form class="form" onSubmit={save}>
      <p class="meta">{words.grids.intro}</p>
      <CategorySelect label={words.grids.scope} none={words.grids.festival} value={scope} categories={categories} onChange={pick} />
      {rows.length === 0 && <p>{words.grids.none}</p>}
      {rows.map((r, i) => (
        <fieldset key={i} class="inline-dates">
          <legend>{words.grids.criterion(i + 1)}</legend>
          <label>
            {words.grids.name}
            <input value={r.name} required maxLength={80} onInput={(e) => change(i, { name: e.currentTarget.value })} />
          </label>
          <label>
            {words.grids.weight}
            <input type="number" min={0.1} max={100} step={0.1} required value={r.weight} onInput={(e) => change(i, { weight: Number(e.currentTarget.value) })} />
          </label>
          <button type="button" class="danger" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            {words.grids.remove(r.name || words.grids.criterion(i + 1))}
          </button>
        </fieldset>
      ))}
      <button type="button" disabled={rows.length >= 12} onClick={() => setRows([...rows, { key: "", name: "", weight: 1 }])}>
        {words.grids.add}
      </button>
      <button type="submit" disabled={action.busy}>
        {words.grids.save}
      </button>
      <Feedback of={action} />
    </form>
  );
}

// Grids is the settings' scoring grids section.
export function Grids() {
  const s = useLoad(() => Promise.all([api.settings(), api.categories()]));
  if (s.state !== "ready") return <Pending of={s} />;
  return (
    <section aria-labelledby="grids-title">
      <h3 id="grids-title">{words.grids.title}</h3>
      <Editor settings={s.data[0]} categories={s.data[1]} />
    </section>
  );
}
