import { api, type Category, type Movie, type User } from "../api/client";
import { words } from "../i18n";
import { useLoad } from "../useLoad";
import { Feedback, formValues, useAction } from "./action";
import { Choice } from "./Choice";
import { FilmFieldInputs, filmFieldValues, type FieldSpec } from "./FilmFields";
import { conflict } from "./VoteForm";
import { Pending } from "./Pending";

// The stored statuses, in the order a film moves through them.
const statuses = ["submitted", "assigned", "to_discuss", "candidate", "selected", "finalist", "awarded", "refused"] as const;

type Props = { m: Movie; onChange: (m: Movie) => void };

// Status: the admin's decision on a film.
function StatusForm({ m, onChange }: Props) {
  const action = useAction();
  const statusWords = useLoad(api.statusWords, []);
  if (statusWords.state !== "ready") return <Pending of={statusWords} />;
  const admin: Record<string, string> = statusWords.data.admin;
  return (
    <form
      class="form"
      aria-labelledby="status-title"
      onSubmit={(e) => {
        const v = formValues(e);
        action.run(async () => {
          const a = await api.setStatus(m.id_movie, v.status);
          onChange(a.movie);
          return words.review.statusSaved(a.movie.status_label ?? a.movie.selection_status);
        });
      }}
    >
      <h3 id="status-title">{words.review.status}</h3>
      <label>
        {words.review.newStatus}
        <Choice name="status" initial={m.selection_status} options={statuses.map((st) => [st, admin[st] ?? st] as const)} />
      </label>
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {words.review.saveStatus}
      </button>
    </form>
  );
}

// Checks: a set of checkboxes whose checked values are sent as ids.
function Checks<T>(props: {
  title: string;
  id: string;
  items: T[];
  key_: (t: T) => number;
  label: (t: T) => string;
  checked: (t: T) => boolean;
  note?: (t: T) => string | null;
  save: (ids: number[]) => Promise<string>;
  button: string;
  empty: string;
}) {
  const action = useAction();
  return (
    <form
      class="form"
      aria-labelledby={props.id}
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget as HTMLFormElement);
        action.run(() => props.save(f.getAll("id").map(Number)));
      }}
    >
      <fieldset>
        <legend id={props.id}>{props.title}</legend>
        {props.items.length === 0 && <p>{props.empty}</p>}
        {props.items.map((t) => {
          const note = props.note?.(t);
          return (
            <label class="check" key={props.key_(t)}>
              <input type="checkbox" name="id" value={props.key_(t)} defaultChecked={props.checked(t)} />
              {props.label(t)}
              {note && <span class="warning"> — {note}</span>}
            </label>
          );
        })}
      </fieldset>
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {props.button}
      </button>
    </form>
  );
}

function Assignment({ m, onChange }: Props) {
  const data = useLoad(() => Promise.all([api.categories(), api.users()]), []);
  if (data.state !== "ready") return <Pending of={data} />;
  const [categories, users] = data.data as [Category[], User[]];
  const jurors = users.filter((u) => u.role === "JURY");
  return (
    <div class="columns">
      <Checks
        title={words.review.categories}
        id="cats-title"
        items={categories}
        key_={(c) => c.id_categorie}
        label={(c) => c.name}
        checked={(c) => m.Categories.some((x) => x.id_categorie === c.id_categorie)}
        button={words.review.saveCategories}
        empty={words.review.noCategory}
        save={async (ids) => {
          onChange((await api.setCategories(m.id_movie, ids)).movie);
          return words.review.categoriesSaved;
        }}
      />
      <Checks
        title={words.review.jury}
        id="jury-title-admin"
        items={jurors}
        key_={(u) => u.id_user}
        label={(u) => `${u.first_name} ${u.last_name}`}
        checked={(u) => m.Juries.some((j) => j.id_user === u.id_user)}
        note={(u) => (conflict(m, u) ? words.review.conflict : null)}
        button={words.review.saveJury}
        empty={words.review.noJuror}
        save={async (ids) => {
          onChange((await api.setJuries(m.id_movie, ids)).movie);
          return words.review.jurySaved;
        }}
      />
    </div>
  );
}

// Read when rendered: the words follow the console's language.
const editable = (): readonly FieldSpec[] => [
  ["title", "text", words.review.fields.title],
  ["synopsis", "textarea", words.review.fields.synopsis],
  ["duration", "minutes", words.review.fields.duration],
  ["release_year", "number", words.review.fields.release_year],
  ["nationality", "text", words.review.fields.nationality],
  ["main_language", "text", words.review.fields.main_language],
  ["admin_comment", "textarea", words.review.fields.admin_comment],
];

function EditForm({ m, onChange }: Props) {
  const action = useAction();
  return (
    <form
      class="form"
      aria-labelledby="edit-title"
      onSubmit={(e) => {
        e.preventDefault();
        const fields = filmFieldValues(new FormData(e.currentTarget as HTMLFormElement), editable());
        action.run(async () => {
          onChange((await api.updateMovie(m.id_movie, fields)).movie);
          return words.review.edited;
        });
      }}
    >
      <h3 id="edit-title">{words.review.edit}</h3>
      <FilmFieldInputs m={m} fields={editable()} />
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {words.review.save}
      </button>
    </form>
  );
}

function DeleteFilm({ m }: { m: Movie }) {
  const action = useAction();
  return (
    <form
      class="form danger"
      aria-labelledby="delete-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!confirm(words.review.confirmDelete(m.title))) return;
        action.run(async () => {
          await api.deleteMovie(m.id_movie);
          location.hash = `/admin?supprime=${encodeURIComponent(m.title)}`;
        });
      }}
    >
      <h3 id="delete-title">{words.review.delete}</h3>
      <p>{words.review.deleteWarning}</p>
      <Feedback of={action} />
      <button type="submit" class="danger" disabled={action.busy}>
        {words.review.deleteButton(m.title)}
      </button>
    </form>
  );
}

// Review is what an admin does with a film.
export function Review({ m, onChange }: Props) {
  return (
    <section aria-labelledby="review-title" class="panel">
      <h2 id="review-title">{words.review.title}</h2>
      <StatusForm m={m} onChange={onChange} />
      <Assignment m={m} onChange={onChange} />
      <EditForm m={m} onChange={onChange} />
      <DeleteFilm m={m} />
    </section>
  );
}
