import { useState } from "preact/hooks";
import { api, type AssignmentPreview } from "../../api/client";
import { words } from "../../i18n";
import { Table } from "../../ui/Table";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { Pending } from "../../ui/Pending";
import { AdminPage } from "./AdminNav";

// Planner asks the API for a balanced assignment, shows it (load per juror
// as bars on one scale, the films whose jury changes, those left short) and
// applies exactly what was shown, all or nothing.
function Planner() {
  const loaded = useLoad(() => Promise.all([api.categories(), api.users(), api.movies()]));
  const ask = useAction();
  const apply = useAction();
  const [preview, setPreview] = useState<AssignmentPreview | null>(null);
  if (loaded.state !== "ready") return <Pending of={loaded} />;
  const [categories, users, films] = loaded.data;
  const jurors = users.filter((u) => u.role === "JURY");
  const name = (id: number) => {
    const u = users.find((x) => x.id_user === id);
    return u ? `${u.first_name} ${u.last_name}` : `#${id}`;
  };
  const title = (id: number) => films.find((m) => m.id_movie === id)?.title ?? `#${id}`;

  function propose(e: SubmitEvent) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const per_category: Record<string, number> = {};
    for (const c of categories) {
      const v = String(form.get(`cat-${c.id_categorie}`) ?? "").trim();
      if (v) per_category[String(c.id_categorie)] = Number(v);
    }
    const only = categories.filter((c) => form.get(`only-${c.id_categorie}`)).map((c) => c.id_categorie);
    const members = jurors.filter((u) => form.get(`juror-${u.id_user}`)).map((u) => u.id_user);
    ask.run(async () => {
      setPreview(null);
      setPreview(
        await api.previewAssignment({
          jurors_per_film: Number(form.get("per_film")),
          per_category,
          categories: only,
          jurors: members,
          keep_existing: form.get("keep") === "on",
        }),
      );
    });
  }

  const changed = preview?.films.filter((f) => f.added.length + f.removed.length > 0) ?? [];
  const most = Math.max(1, ...(preview?.loads.map((l) => l.minutes) ?? [1]));
  return (
    <>
      <p class="meta">{words.assignment.intro}</p>
      <form class="form" onSubmit={propose}>
        <label>
          {words.assignment.perFilm}
          <input name="per_film" type="number" min={1} max={25} defaultValue="3" required />
        </label>
        {categories.map((c) => (
          <label key={c.id_categorie}>
            {words.assignment.perCategory(c.name)}
            <input name={`cat-${c.id_categorie}`} type="number" min={1} max={25} />
          </label>
        ))}
        <fieldset>
          <legend>{words.assignment.onlyCategories}</legend>
          {categories.map((c) => (
            <label class="check" key={c.id_categorie}>
              <input type="checkbox" name={`only-${c.id_categorie}`} />
              {c.name}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{words.assignment.onlyJurors}</legend>
          <div class="scroll">
            {jurors.map((u) => (
              <label class="check" key={u.id_user}>
                <input type="checkbox" name={`juror-${u.id_user}`} />
                {u.first_name} {u.last_name} ({u.email})
              </label>
            ))}
          </div>
        </fieldset>
        <label class="check">
          <input type="checkbox" name="keep" defaultChecked />
          {words.assignment.keep}
        </label>
        <button type="submit" disabled={ask.busy}>
          {words.assignment.preview}
        </button>
      </form>
      <Feedback of={ask} />
      {preview && (
        <section aria-label={words.assignment.loads}>
          <p role="status" class="lead">
            {words.assignment.summary(preview.changes, preview.spread.range_minutes, preview.spread.stddev_minutes, preview.took_ms)}
          </p>
          <h3>{words.assignment.loads}</h3>
          <Table caption={words.assignment.loads} columns={words.assignment.loadColumns}>
            {preview.loads.map((l) => (
              <tr key={l.id_user}>
                <td>
                  {l.first_name} {l.last_name}
                </td>
                <td>{l.categories.length ? l.categories.map((c) => categories.find((k) => k.id_categorie === c)?.name ?? c).join(", ") : words.assignment.anyCategory}</td>
                <td>{l.films}</td>
                <td>
                  <progress max={most} value={l.minutes} aria-label={`${l.first_name} ${l.last_name}`} /> {l.minutes}
                </td>
              </tr>
            ))}
          </Table>
          {preview.short.length > 0 && (
            <>
              <h3>{words.assignment.short}</h3>
              <ul>
                {preview.short.map((s) => (
                  <li key={s.id_movie}>
                    {words.assignment.shortLine(title(s.id_movie), s.assigned, s.needed)}
                    {s.reason === "language" && words.assignment.byLanguage}
                  </li>
                ))}
              </ul>
            </>
          )}
          {preview.unassignable.length > 0 && (
            <>
              <h3>{words.assignment.unassignable}</h3>
              <ul>
                {preview.unassignable.map((u) => (
                  <li key={u.id_movie} class="error">
                    <a href={`#/films/${u.id_movie}`}>{u.title}</a>
                    {words.colon}
                    {u.languages.join(", ")}
                  </li>
                ))}
              </ul>
            </>
          )}
          {preview.held && preview.held.length > 0 && (
            <>
              <h3>{words.assignment.held}</h3>
              <ul>
                {preview.held.map((h) => (
                  <li key={h.id_movie} class="error">
                    <a href={`#/films/${h.id_movie}`}>{h.title}</a>{words.colon}{h.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>{words.assignment.films}</h3>
          {changed.length === 0 ? (
            <p>{words.assignment.nothing}</p>
          ) : (
            <Table caption={words.assignment.films} columns={words.assignment.filmColumns}>
              {changed.map((f) => (
                <tr key={f.id_movie}>
                  <td>
                    <a href={`#/films/${f.id_movie}`}>{f.title}</a>
                  </td>
                  <td>
                    {words.film.minutes(f.minutes)}
                    {f.minutes_estimated && <span class="meta"> ({words.assignment.estimated})</span>}
                  </td>
                  <td>{f.juries.map(name).join(", ")}</td>
                  <td>{f.added.map(name).join(", ") || "—"}</td>
                  <td>{f.removed.map(name).join(", ") || "—"}</td>
                </tr>
              ))}
            </Table>
          )}
          {changed.length > 0 && (
            <button
              type="button"
              disabled={apply.busy}
              onClick={() =>
                apply.run(async () => {
                  const done = await api.applyAssignment(preview.plan_id);
                  setPreview(null);
                  return words.assignment.applied(done.films_changed);
                })
              }
            >
              {words.assignment.apply}
            </button>
          )}
        </section>
      )}
      <Feedback of={apply} />
    </>
  );
}

export function Assignment() {
  return (
    <AdminPage path="/admin/assignation" title={words.admin.assignment}>
      <Planner />
    </AdminPage>
  );
}
