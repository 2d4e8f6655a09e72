import { useState } from "preact/hooks";
import { api, type Composition, type CompositionPreview } from "../../api/client";
import { fr } from "../../i18n/fr";
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
  const words = useLoad(api.statusWords);
  const admin: Record<string, string> = words.state === "ready" ? words.data.admin : {};
  const [role, setRole] = useState<Role>("PRODUCER");
  const [picked, setPicked] = useState<Status[]>([]);
  const [category, setCategory] = useState("");
  const [behind, setBehind] = useState(false);
  const [subject, setSubject] = useState(fr.writing.subjectDefault);
  const [body, setBody] = useState(fr.writing.bodyDefault);
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
      <h3 id="composer-title">{fr.writing.composer}</h3>
      <p class="meta">{fr.writing.composerIntro}</p>
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
          <legend>{fr.writing.to}</legend>
          {fr.writing.roles.map(([value, text]) => (
            <label key={value} class="check">
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => changed(setRole)(value)} />
              {text}
            </label>
          ))}
          {role === "PRODUCER" ? (
            <fieldset>
              <legend>{fr.writing.statuses}</legend>
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
              {fr.writing.behind}
            </label>
          )}
          <CategorySelect
            label={fr.writing.category}
            none={fr.writing.allCategories}
            value={category}
            categories={categories.state === "ready" ? categories.data : []}
            onChange={changed(setCategory)}
          />
        </fieldset>
        <label>
          {fr.writing.subject}
          <input name="subject" value={subject} maxLength={200} required onInput={(e) => changed(setSubject)(e.currentTarget.value)} />
        </label>
        <label>
          {fr.writing.body}
          <textarea name="body" rows={10} value={body} required onInput={(e) => changed(setBody)(e.currentTarget.value)} />
        </label>
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            {fr.writing.preview}
          </button>
          {preview && (
            <button
              type="button"
              disabled={action.busy}
              onClick={() => {
                if (!confirm(fr.writing.sendConfirm(preview.recipients))) return;
                action.run(async () => {
                  const answer = await api.sendComposition(composition());
                  setPreview(null);
                  return answer.message;
                });
              }}
            >
              {fr.writing.send}
            </button>
          )}
        </div>
        <Feedback of={action} />
      </form>
      {preview && (
        <div aria-live="polite">
          <p>{fr.writing.recipients(preview.recipients)}</p>
          {preview.samples.map((s) => (
            <article key={s.id_user} class="sample" aria-label={fr.writing.sampleTo(s.first_name, s.last_name)}>
              <p class="meta">{fr.writing.sampleTo(s.first_name, s.last_name)}</p>
              <strong>{s.subject}</strong>
              <pre>{s.text}</pre>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
