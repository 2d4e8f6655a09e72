import type { Answer, AnswerFile, Answers, Question } from "../api/client";
import { locale, words } from "../i18n";
import { when } from "./dates";

// The festival's own questions as form fields, one per question and of its
// kind, named `answer.<id>` (the upload's part name for a file answer). The
// form is the festival's definition (GET /settings/form): the console has no
// question of its own.

const past = (at: string | null | undefined, now: number) => Boolean(at && Date.parse(at) <= now);

export const frozen = (q: Question, now: number) => past(q.frozen_from, now);
export const requiredNow = (q: Question, now: number) => q.required && (!q.required_from || past(q.required_from, now));

const isFile = (a: Answer | undefined): a is AnswerFile => typeof a === "object" && a !== null && !Array.isArray(a);

// What the question asks of the producer, beside its label.
function note(q: Question, now: number, locked: boolean): string {
  if (locked && q.frozen_from) return words.entry.frozen(when(q.frozen_from));
  if (requiredNow(q, now)) return words.entry.required;
  if (q.required && q.required_from) return words.entry.requiredFrom(when(q.required_from));
  return "";
}

function Field({ q, value, locked, now }: { q: Question; value: Answer | undefined; locked: boolean; now: number }) {
  const name = `answer.${q.id}`;
  const help = q.help ? `help-${q.id}` : undefined;
  const text = (
    <>
      {q.label}
      {note(q, now, locked) && <span class="meta"> ({note(q, now, locked)})</span>}
    </>
  );
  const hint = help && (
    <span class="meta" id={help}>
      {q.help}
    </span>
  );
  if (q.kind === "yes_no" || q.kind === "choice" || q.kind === "choices") {
    const options: [string, string][] =
      q.kind === "yes_no" ? [["true", words.entry.yes], ["false", words.entry.no]] : (q.choices ?? []).map((c) => [c, c]);
    const chosen = (v: string) =>
      q.kind === "yes_no" ? String(value) === v : Array.isArray(value) ? value.includes(v) : value === v;
    return (
      <fieldset data-question={q.id} aria-describedby={help} disabled={locked}>
        <legend>{text}</legend>
        {hint}
        {options.map(([v, label]) => (
          <label class="check" key={v}>
            <input type={q.kind === "choices" ? "checkbox" : "radio"} name={name} value={v} defaultChecked={chosen(v)} />
            {label}
          </label>
        ))}
      </fieldset>
    );
  }
  const common = { name, "aria-describedby": help, disabled: locked, "data-question": q.id };
  let input;
  switch (q.kind) {
    case "long_text":
      input = <textarea {...common} rows={4} defaultValue={typeof value === "string" ? value : ""} />;
      break;
    case "file":
      input = <input {...common} type="file" accept="application/pdf,image/png,image/jpeg,image/webp" />;
      break;
    default: {
      const type = { number: "number", date: "date", url: "url" }[q.kind as string] ?? "text";
      const v = value === undefined || isFile(value) || Array.isArray(value) ? "" : String(value);
      input = (
        <input {...common} type={type} defaultValue={v} step={q.kind === "number" ? "0.01" : undefined} min={q.min ?? undefined} max={q.max ?? undefined} />
      );
    }
  }
  return (
    <label>
      {text}
      {input}
      {hint}
      {q.kind === "file" && <span class="meta">{isFile(value) ? words.entry.keepFile(value.name) : words.entry.fileHint}</span>}
    </label>
  );
}

// QuestionFields renders the questions; a frozen question is shown but
// locked for the producer (admins may still change it). A required question
// says so but the browser does not enforce it: the festival may save an
// incomplete film as a draft, and otherwise the API's refusal names what is
// missing.
export function QuestionFields({ questions, answers, admin = false }: { questions: Question[]; answers?: Answers | null; admin?: boolean }) {
  const now = Date.now();
  if (questions.length === 0) return null;
  return (
    <fieldset class="questions">
      <legend>{words.entry.questions}</legend>
      {questions.map((q) => (
        <Field key={q.id} q={q} value={answers?.[q.id]} locked={!admin && frozen(q, now)} now={now} />
      ))}
    </fieldset>
  );
}

export type ReadAnswers = {
  // answers are the values to send as JSON (files apart).
  answers: Record<string, string | number | boolean | string[]>;
  // files are the file answers chosen, by question id.
  files: Record<string, File>;
  // cleared are the questions answered before and emptied now.
  cleared: string[];
};

// readAnswers reads the answers of a sent form, each in its kind's JSON
// type. A locked question (disabled: frozen) is skipped: it keeps its answer.
export function readAnswers(form: HTMLFormElement, questions: Question[], before?: Answers | null): ReadAnswers {
  const f = new FormData(form);
  const out: ReadAnswers = { answers: {}, files: {}, cleared: [] };
  for (const q of questions) {
    const name = `answer.${q.id}`;
    if (!form.querySelector(`[name="${CSS.escape(name)}"]:enabled`)) continue;
    const values = f.getAll(name);
    if (q.kind === "file") {
      const file = values[0];
      if (file instanceof File && file.size > 0) out.files[q.id] = file;
      continue;
    }
    const texts = values.filter((v): v is string => typeof v === "string").map((v) => v.trim()).filter(Boolean);
    if (texts.length === 0) {
      if (before?.[q.id] !== undefined) out.cleared.push(q.id);
      continue;
    }
    const one = texts[0];
    out.answers[q.id] = q.kind === "choices" ? texts : q.kind === "number" ? Number(one) : q.kind === "yes_no" ? one === "true" : one;
  }
  return out;
}

// answerText writes one answer for reading: a file as its name (the page
// offers its download).
export function answerText(a: Answer): string {
  if (typeof a === "boolean") return a ? words.entry.yes : words.entry.no;
  if (typeof a === "number") return a.toLocaleString(locale());
  if (Array.isArray(a)) return a.join(", ");
  if (isFile(a)) return a.name;
  return a;
}

export { isFile };
