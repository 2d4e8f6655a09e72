import { api, type Movie, type Question } from "../api/client";
import { words } from "../i18n";
import { Feedback, useAction } from "./action";
import { answerText, isFile } from "./Questions";

// A film's entry as its producer and the admins read it: its markers (draft,
// withdrawn, incomplete), its checklist and its answers.

export const incomplete = (m: Movie) => m.completeness?.complete === false;

// EntryBadges marks a film that is out of the festival or incomplete.
export function EntryBadges({ m, block = false }: { m: Movie; block?: boolean }) {
  if (!m.withdrawn && !m.draft && !incomplete(m)) return null;
  const Wrap = block ? "p" : "span";
  return (
    <Wrap class="markers">
      {m.withdrawn && (
        <span class="badge badge-error" data-marker="withdrawn">
          {words.entry.withdrawnBadge}
        </span>
      )}
      {m.draft && (
        <span class="badge badge-warning" data-marker="draft">
          {words.entry.draft}
        </span>
      )}
      {incomplete(m) && (
        <span class="badge badge-warning" data-marker="incomplete" title={m.completeness!.missing.map((x) => x.text).join(words.semicolon)}>
          {words.entry.incompleteBadge}
        </span>
      )}
    </Wrap>
  );
}

// Checklist says what keeps the film incomplete, each line in the API's words.
export function Checklist({ m }: { m: Movie }) {
  const c = m.completeness;
  if (!c) return null;
  if (c.complete) return <p class="notice">{words.entry.complete}</p>;
  return (
    <section aria-labelledby="checklist-title" class="panel checklist">
      <h2 id="checklist-title">{words.entry.checklist}</h2>
      {m.draft && <p>{words.entry.draftHint}</p>}
      <p class="warning" data-checklist>
        {words.entry.incomplete}
        {c.missing.map((x, i) => (
          <span key={`${x.kind}-${x.ref}`} data-kind={x.kind} data-ref={x.ref}>
            {i > 0 && words.semicolon}
            {x.text}
          </span>
        ))}
      </p>
    </section>
  );
}

// save offers a blob as a file download.
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export { save as saveBlob };

// AnswersView lists the film's answers under their questions' labels (the
// API sends each reader only the answers they may read); a file answer is
// downloaded through the API.
export function AnswersView({ m, questions }: { m: Movie; questions: Question[] }) {
  const action = useAction(true);
  const answers = m.answers ?? {};
  const ids = Object.keys(answers);
  if (ids.length === 0) return null;
  const label = (id: string) => questions.find((q) => q.id === id)?.label ?? id;
  // In the form's order, then any answer to a question since removed.
  const order = [...questions.map((q) => q.id).filter((id) => id in answers), ...ids.filter((id) => !questions.some((q) => q.id === id))];
  return (
    <section aria-labelledby="answers-title" class="panel">
      <h2 id="answers-title">{words.entry.answers}</h2>
      <dl class="facts">
        {order.map((id) => {
          const a = answers[id];
          return (
            <div key={id} data-answer={id}>
              <dt>{label(id)}</dt>
              <dd>
                {isFile(a) ? (
                  <button
                    type="button"
                    class="download"
                    disabled={action.busy}
                    onClick={() => action.run(async () => save(await api.answerFile(m.id_movie, id), a.name))}
                  >
                    {words.entry.download(a.name)}
                  </button>
                ) : (
                  answerText(a)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <Feedback of={action} />
    </section>
  );
}
