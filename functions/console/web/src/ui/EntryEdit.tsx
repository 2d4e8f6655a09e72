import { api, type Movie, type Question, type Season } from "../api/client";
import { words } from "../i18n";
import { Feedback, useAction } from "./action";
import { FilmFieldInputs, filmFieldValues, type FieldSpec } from "./FilmFields";
import { QuestionFields, readAnswers } from "./Questions";
import { phase, submissions, type Window } from "./Season";

// editOpen says whether the film's producer may still edit it, as the API
// decides (Season.CheckEdit): its categories' own submission windows, one
// open being enough, else the festival's. A late-entry code's extra time
// is not known to the page: the API's answer then says it.
export function editOpen(s: Season, m: Movie, now: number): boolean {
  const own: Window[] = m.Categories.map((c) => s.category_windows?.[String(c.id_categorie)])
    .map((w) => ({ open: w?.submissions_open_at ?? null, close: w?.submissions_close_at ?? null }))
    .filter((w) => w.open || w.close);
  const windows = own.length > 0 ? own : [submissions(s)];
  return windows.some((w) => phase(w, now) === "open");
}

// The film's fields a producer edits (PUT /movies/{id}/entry): the record,
// never the review (status, categories, jury, admin comment).
// Read when rendered: the words follow the console's language.
const fields = () =>
  [
  ["title", "text", words.film.title],
  ["synopsis", "textarea", words.submit.synopsis],
  ["duration", "minutes", words.film.duration],
  ["release_year", "number", words.submit.year],
  ["nationality", "text", words.submit.nationality],
  ["main_language", "text", words.entry.language],
  ] as const satisfies readonly FieldSpec[];

type Props = { m: Movie; onChange: (m: Movie) => void };

function Fields({ m, onChange }: Props) {
  const action = useAction();
  return (
    <form
      class="form"
      aria-labelledby="entry-fields-title"
      onSubmit={(e) => {
        e.preventDefault();
        const body = filmFieldValues(new FormData(e.currentTarget as HTMLFormElement), fields());
        action.run(async () => {
          onChange((await api.editEntry(m.id_movie, body)).movie);
          return words.entry.fieldsSaved;
        });
      }}
    >
      <h3 id="entry-fields-title">{words.entry.editFields}</h3>
      <FilmFieldInputs m={m} fields={fields()} />
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {words.entry.saveFields}
      </button>
    </form>
  );
}

// saveAnswers sends what changed: the values, an emptied answer as null
// (PUT /movies/{id}/answers), then each new file (PUT
// /movies/{id}/answers/{question}); the film as the last call left it.
async function saveAnswers(m: Movie, form: HTMLFormElement, questions: Question[]): Promise<Movie> {
  const read = readAnswers(form, questions, m.answers);
  const changes: Record<string, unknown> = { ...read.answers };
  for (const id of read.cleared) changes[id] = null;
  let film = m;
  if (Object.keys(changes).length > 0) film = (await api.saveAnswers(m.id_movie, changes)).movie;
  for (const [id, file] of Object.entries(read.files)) film = (await api.saveAnswerFile(m.id_movie, id, file)).movie;
  return film;
}

export function AnswersForm({ m, questions, admin = false, onChange }: Props & { questions: Question[]; admin?: boolean }) {
  const action = useAction();
  if (questions.length === 0) return null;
  return (
    <form
      class="form"
      aria-labelledby="entry-answers-title"
      key={JSON.stringify(m.answers ?? {})}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget as HTMLFormElement;
        action.run(async () => {
          onChange(await saveAnswers(m, form, questions));
          return words.entry.answersSaved;
        });
      }}
    >
      <h3 id="entry-answers-title">{words.entry.editAnswers}</h3>
      <QuestionFields questions={questions} answers={m.answers} admin={admin} />
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {words.entry.saveAnswers}
      </button>
    </form>
  );
}

// EntryEdit is the producer's "Modifier": the film's fields and its answers,
// while its window is open; closed (or withdrawn), the reason instead.
export function EntryEdit({ m, season, questions, onChange }: Props & { season: Season; questions: Question[] }) {
  const closed = m.withdrawn ? words.entry.closedWithdrawn : editOpen(season, m, Date.now()) ? null : words.entry.closed;
  return (
    <section aria-labelledby="entry-edit-title" class="panel">
      <h2 id="entry-edit-title">{words.entry.edit}</h2>
      {closed && (
        <p class="warning" data-edit-closed>
          {closed}
        </p>
      )}
      <fieldset class="plain" disabled={closed !== null}>
        <legend class="visually-hidden">{words.entry.edit}</legend>
        <div class="columns">
          <Fields m={m} onChange={onChange} />
          <AnswersForm m={m} questions={questions} onChange={onChange} />
        </div>
      </fieldset>
    </section>
  );
}
