import { useState } from "preact/hooks";
import { api, type CollaboratorInput, type Movie } from "../api/client";
import { words } from "../i18n";
import { Feedback, useAction } from "./action";

const blank = (): CollaboratorInput => ({ first_name: "", last_name: "", email: "", job: "" });

// Collaborators edits a film's team (PUT /movies/{id}/collaborators: the
// whole list is replaced). The API refuses a collaborator who is a juror of
// the film, and says so.
export function Collaborators({ m, onSaved }: { m: Movie; onSaved: (m: Movie) => void }) {
  const action = useAction();
  const [rows, setRows] = useState<CollaboratorInput[]>(() =>
    m.Collaborators.map(({ first_name, last_name, email, job }) => ({ first_name, last_name, email, job })),
  );
  const set = (i: number, k: keyof CollaboratorInput, v: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));

  function save(e: SubmitEvent) {
    e.preventDefault();
    const list = rows
      .filter((r) => r.first_name.trim() || r.last_name.trim())
      .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v && v.trim())) as CollaboratorInput);
    action.run(async () => {
      const answer = await api.setCollaborators(m.id_movie, list);
      onSaved(answer.movie);
      return words.collaborators.saved;
    });
  }

  return (
    <form onSubmit={save} aria-labelledby="collab-title">
      <h3 id="collab-title">{words.collaborators.title}</h3>
      {rows.length === 0 && <p>{words.collaborators.none}</p>}
      {rows.map((r, i) => (
        <fieldset class="row" key={i}>
          <legend>{words.collaborators.number(i + 1)}</legend>
          <label>
            {words.collaborators.firstName}
            <input value={r.first_name} required onInput={(e) => set(i, "first_name", e.currentTarget.value)} />
          </label>
          <label>
            {words.collaborators.lastName}
            <input value={r.last_name} required onInput={(e) => set(i, "last_name", e.currentTarget.value)} />
          </label>
          <label>
            {words.collaborators.email}
            <input type="email" value={r.email ?? ""} onInput={(e) => set(i, "email", e.currentTarget.value)} />
          </label>
          <label>
            {words.collaborators.job}
            <input value={r.job ?? ""} onInput={(e) => set(i, "job", e.currentTarget.value)} />
          </label>
          <button type="button" class="secondary" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            {words.collaborators.remove(i + 1)}
          </button>
        </fieldset>
      ))}
      <p class="actions">
        <button type="button" class="secondary" onClick={() => setRows([...rows, blank()])}>
          {words.collaborators.add}
        </button>
        <button type="submit" disabled={action.busy}>
          {words.collaborators.save}
        </button>
      </p>
      <Feedback of={action} />
    </form>
  );
}
