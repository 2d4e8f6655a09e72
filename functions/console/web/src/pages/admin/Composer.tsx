import { useState } from "preact/hooks";
import { api, type Composition, type CompositionPreview } from "../../api/client";
import { words } from "../../i18n";
import { Feedback, useAction } from "../../ui/action";
import { CategorySelect } from "../../ui/CategorySelect";
import { useLoad } from "../../useLoad";

type Role = Composition["to"]["role"];
type Status = NonNullable<Composition["to"]["statuses"]>[number];
// The stored statuses, in the order a film moves through them; their words
// are the API's (GET /settings/status-words, an admin's).
const statuses: Status[] = ["submitted", "assigned", "to_discuss", "candidate", "selected", "finalist", "awarded", "refused"];

// Composer writes one message to each person of a group: the group and the
// text first, then a preview (how many people, and their first messages as
// the API renders them), then the sending, through the outbox.
export function Composer() {
  const categories = useLoad(api.categories);
  const statusWords = useLoad(api.statusWords);
  const admin: Record<string, string> = statusWords.state === "ready" ? statusWords.data.admin : {};
  const [role, setRole] = useState<Role>("PRODUCER");
  const [picked, setPicked] = useState<Status[]>([]);
  const [category, setCategory] = useState("");
  const [behind, setBehind] = useState(false);
  const [subject, setSubject] = useState(words.writing.subjectDefault);
  const [body, setBody] = useState(words.writing.bodyDefault);
  const [preview, setPreview] = useState<CompositionPreview | null>(null);
  const action = useAction();

  const composition = (): Composition => ({
    to: {
      role,
      ...(role === "PRODUCER" && picked.length > 0 ? { statuses: picked } : {}),
      ...(category ? { id_categorie: Number(category) } : {}),
      ...(role === "JURY" && behind ? { behind: true } : {}),
    },
    subject,
    body,
  });
  // Any change to the group or the text calls for a new preview.
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
  };

  return (
    <section aria-labelledby="composer-title">
      <h3 id="composer-title">{words.writing.composer}</h3>
      <p class="meta">{words.writing.composerIntro}</p>
      <form
        class="form wide"
        aria-labelledby="composer-title"
        onSubmit={(e) => {
          e.preventDefault();
          action.run(async () => {
            setPreview(await api.previewComposition(composition()));
          });
        }}
      >
        <fieldset>
          <legend>{words.writing.to}</legend>
          {(["PRODUCER", "JURY"] as const).map((value) => (
            <label key={value} class="check">
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => changed(setRole)(value)} />
              {words.writing.roles[value]}
            </label>
          ))}
          {role === "PRODUCER" ? (
            <fieldset>
              <legend>{words.writing.statuses}</legend>
              {statuses.map((s) => (
                <label key={s} class="check">
                  <input
                    type="checkbox"
                    checked={picked.includes(s)}
                    onChange={(e) => changed(setPicked)(e.currentTarget.checked ? [...picked, s] : picked.filter((p) => p !== s))}
                  />
                  {admin[s] ?? s}
                </label>
              ))}
            </fieldset>
          ) : (
            <label class="check">
              <input type="checkbox" checked={behind} onChange={(e) => changed(setBehind)(e.currentTarget.checked)} />
              {words.writing.behind}
            </label>
          )}
          <CategorySelect
            label={words.writing.category}
            none={words.writing.allCategories}
            value={category}
            categories={categories.state === "ready" ? categories.data : []}
            onChange={changed(setCategory)}
          />
        </fieldset>
        <label>
          {words.writing.subject}
          <input name="subject" value={subject} maxLength={200} required onInput={(e) => changed(setSubject)(e.currentTarget.value)} />
        </label>
        <label>
          {words.writing.body}
          <textarea name="body" rows={10} value={body} required onInput={(e) => changed(setBody)(e.currentTarget.value)} />
        </label>
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            {words.writing.preview}
          </button>
          {preview && (
            <button
              type="button"
              disabled={action.busy}
              onClick={() => {
                if (!confirm(words.writing.sendConfirm(preview.recipients))) return;
                action.run(async () => {
                  const answer = await api.sendComposition(composition());
                  setPreview(null);
                  return answer.message;
                });
              }}
            >
              {words.writing.send}
            </button>
          )}
        </div>
        <Feedback of={action} />
      </form>
      {preview && (
        <div aria-live="polite">
          <p>{words.writing.recipients(preview.recipients)}</p>
          {preview.samples.map((s) => (
            <article key={s.id_user} class="sample" aria-label={words.writing.sampleTo(s.first_name, s.last_name)}>
              <p class="meta">{words.writing.sampleTo(s.first_name, s.last_name)}</p>
              <strong>{s.subject}</strong>
              <pre>{s.text}</pre>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
