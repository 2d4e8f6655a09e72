import { useState } from "preact/hooks";
import { api, type Movie, type Note, type User } from "../api/client";
import { words } from "../i18n";
import { useLoad } from "../useLoad";
import { Feedback, useAction } from "./action";
import { when } from "./dates";

// Tags: the film's committee tags as chips, each removable, and a field to
// add one (PUT /movies/{id}/tags with the whole list; the API trims, folds
// to lower case and refuses what it would not keep, in its own words).
function Tags({ m, onChange }: { m: Movie; onChange: (m: Movie) => void }) {
  const action = useAction();
  const known = useLoad(api.tags, []);
  const [text, setText] = useState("");
  const tags = m.tags ?? [];
  const put = (next: string[]) =>
    action.run(async () => {
      const a = await api.setTags(m.id_movie, next);
      onChange({ ...m, tags: a.tags });
      setText("");
      return a.message;
    });
  return (
    <div>
      <h3 id="tags-title">{words.committee.panel.tags}</h3>
      {tags.length === 0 ? (
        <p class="meta">{words.committee.panel.noTags}</p>
      ) : (
        <ul class="chips" aria-labelledby="tags-title">
          {tags.map((t) => (
            <li key={t} class="chip">
              {t}
              <button type="button" class="link-button" aria-label={words.committee.panel.removeTag(t)} disabled={action.busy} onClick={() => put(tags.filter((x) => x !== t))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) put([...tags, text.trim()]);
        }}
      >
        <label>
          {words.committee.panel.newTag}
          <input value={text} maxLength={30} list="known-tags" onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <datalist id="known-tags">
          {known.state === "ready" && known.data.map((t) => <option key={t.tag} value={t.tag} />)}
        </datalist>
        <button type="submit" disabled={action.busy}>
          {words.committee.panel.addTag}
        </button>
      </form>
      <Feedback of={action} />
    </div>
  );
}

// Notes: the committee's notes on the film, oldest first, with their author
// and date; an admin adds one and deletes their own (the API refuses the others').
function Notes({ m, me, onCount }: { m: Movie; me: User; onCount: (n: number) => void }) {
  const loaded = useLoad(() => api.notes(m.id_movie), [m.id_movie]);
  const [list, setList] = useState<Note[] | null>(null);
  const [text, setText] = useState("");
  const action = useAction();
  if (loaded.state === "error") return <p role="alert" class="error">{loaded.message}</p>;
  const notes = list ?? (loaded.state === "ready" ? loaded.data : []);
  const keep = (next: Note[]) => {
    setList(next);
    onCount(next.length);
  };
  return (
    <div>
      <h3 id="notes-title">{words.committee.panel.notes}</h3>
      {loaded.state === "loading" ? (
        <p role="status">{words.loading}</p>
      ) : notes.length === 0 ? (
        <p class="meta">{words.committee.panel.noNotes}</p>
      ) : (
        <ol class="notes" aria-labelledby="notes-title">
          {notes.map((n) => (
            <li key={n.id_note}>
              <p class="meta">{words.committee.panel.by(`${n.author.first_name} ${n.author.last_name}`, when(n.createdAt))}</p>
              <p class="note-text">{n.text}</p>
              {n.author.id_user === me.id_user && (
                <button
                  type="button"
                  class="link-button"
                  disabled={action.busy}
                  onClick={() => {
                    if (!confirm(words.committee.panel.confirmDelete)) return;
                    action.run(async () => {
                      const a = await api.deleteNote(m.id_movie, n.id_note);
                      keep(notes.filter((x) => x.id_note !== n.id_note));
                      return a.message;
                    });
                  }}
                >
                  {words.committee.panel.deleteNote}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          action.run(async () => {
            const n = await api.addNote(m.id_movie, text.trim());
            keep([...notes, n]);
            setText("");
            return words.committee.panel.noteAdded;
          });
        }}
      >
        <label>
          {words.committee.panel.newNote}
          <textarea rows={3} maxLength={2000} required value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={action.busy}>
          {words.committee.panel.addNote}
        </button>
      </form>
      <Feedback of={action} />
    </div>
  );
}

// Committee is the admins' private panel on a film: its tags and notes.
export function Committee({ m, me, onChange }: { m: Movie; me: User; onChange: (m: Movie) => void }) {
  return (
    <section aria-labelledby="committee-title" class="panel">
      <h2 id="committee-title">{words.committee.panel.title}</h2>
      <p class="meta">{words.committee.panel.private}</p>
      <div class="columns">
        <Tags m={m} onChange={onChange} />
        <Notes m={m} me={me} onCount={(notes) => onChange({ ...m, notes })} />
      </div>
    </section>
  );
}
