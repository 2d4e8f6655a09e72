import { useState } from "preact/hooks";
import { api, type MessageTemplate } from "../../api/client";
import { words } from "../../i18n";
import { Feedback, useAction } from "../../ui/action";
import { Pending } from "../../ui/Pending";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Composer } from "./Composer";

// TemplateEditor edits one kind's template: the API checks it on save and
// its refusal (an unknown field, a syntax error) is shown as it words it.
function TemplateEditor({ initial }: { initial: MessageTemplate }) {
  const [t, setT] = useState(initial);
  const [subject, setSubject] = useState(initial.subject);
  const [body, setBody] = useState(initial.body);
  const action = useAction();
  const name = words.outbox.kind[t.kind];
  const saved = (answer: { message: string; template: MessageTemplate }) => {
    setT(answer.template);
    setSubject(answer.template.subject);
    setBody(answer.template.body);
    return answer.message;
  };
  return (
    <details class="card">
      <summary>
        {name} <span class="badge">{t.customised ? words.writing.customised : words.writing.byDefault}</span>
      </summary>
      <form
        class="form wide"
        aria-label={name}
        onSubmit={(e) => {
          e.preventDefault();
          action.run(async () => saved(await api.saveTemplate(t.kind, subject, body)));
        }}
      >
        <p class="meta">
          {words.writing.fields}{" "}
          {t.fields.map((f) => (
            <code key={f}>{`{{.${f}}} `}</code>
          ))}
        </p>
        <label>
          {words.writing.subject}
          <input name="subject" value={subject} maxLength={200} required onInput={(e) => setSubject(e.currentTarget.value)} />
        </label>
        <label>
          {words.writing.body}
          <textarea name="body" rows={10} value={body} required onInput={(e) => setBody(e.currentTarget.value)} />
        </label>
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            {words.writing.save}
          </button>
          {t.customised && (
            <button
              type="button"
              disabled={action.busy}
              onClick={() => {
                if (confirm(words.writing.resetConfirm(name))) action.run(async () => saved(await api.resetTemplate(t.kind)));
              }}
            >
              {words.writing.reset}
            </button>
          )}
        </div>
        <Feedback of={action} />
      </form>
    </details>
  );
}

// Templates lists every kind of message with its editor.
function Templates() {
  const templates = useLoad(api.templates);
  return (
    <section aria-labelledby="templates-title">
      <h3 id="templates-title">{words.writing.templates}</h3>
      <p class="meta">{words.writing.templatesIntro}</p>
      {templates.state !== "ready" ? (
        <Pending of={templates} />
      ) : (
        templates.data.map((t) => <TemplateEditor key={t.kind} initial={t} />)
      )}
    </section>
  );
}

// Writing is what the festival writes: its messages' templates and the
// composer that writes to a group.
export function Writing() {
  return (
    <AdminPage path="/admin/ecrire" title={words.admin.writing}>
      <Composer />
      <Templates />
    </AdminPage>
  );
}
