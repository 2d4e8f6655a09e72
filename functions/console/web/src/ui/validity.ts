// The console's own words for a field the browser refuses (required, too
// short, out of range, wrong format): one listener for every form of every
// page, so that no form needs its own code and the messages follow the
// console's language, not the browser's. The browser still stops the form
// and shows the message by the field, read out by screen readers; the
// field is marked aria-invalid until it is changed.
import { locale, words } from "../i18n";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (t: EventTarget | null): t is Field =>
  t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;

const number = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n.toLocaleString(locale(), { maximumFractionDigits: 6 }) : v;
};

// bound words a min or max as the field's kind reads it: a number, a date.
function bound(f: HTMLInputElement, v: string): string {
  const d = new Date(f.type === "date" ? `${v}T00:00:00` : v);
  if ((f.type === "date" || f.type === "datetime-local") && !Number.isNaN(d.getTime())) {
    return d.toLocaleString(locale(), f.type === "date" ? { dateStyle: "long" } : { dateStyle: "long", timeStyle: "short" });
  }
  return number(v);
}

// message is what the console says of the field's first broken rule (the
// browser's own checks, read from validity), or "" when it holds.
export function message(f: Field): string {
  const v = f.validity;
  const w = words.smaller.validity;
  const input = f instanceof HTMLInputElement ? f : null;
  if (v.valueMissing) {
    if (f instanceof HTMLSelectElement) return w.choose;
    if (input?.type === "checkbox") return w.check;
    if (input?.type === "radio") return w.choose;
    if (input?.type === "file") return w.file;
    return w.required;
  }
  if (v.badInput) return input?.type === "number" ? w.notNumber : w.notDate;
  if (v.typeMismatch) return input?.type === "email" ? w.email : input?.type === "url" ? w.url : w.format;
  const length = f.value.length;
  if (v.tooShort && !(f instanceof HTMLSelectElement)) return w.tooShort(f.minLength, length);
  if (v.tooLong && !(f instanceof HTMLSelectElement)) return w.tooLong(f.maxLength, length);
  if (input && v.rangeUnderflow) return input.type === "number" || input.type === "range" ? w.atLeast(bound(input, input.min)) : w.notBefore(bound(input, input.min));
  if (input && v.rangeOverflow) return input.type === "number" || input.type === "range" ? w.atMost(bound(input, input.max)) : w.notAfter(bound(input, input.max));
  if (input && v.stepMismatch) return w.step(number(input.step));
  if (v.patternMismatch) return f.title ? w.formatHint(f.title) : w.format;
  return "";
}

// installValidity makes every form speak the console's words: on "invalid"
// (fired by the browser as a form is sent, before it shows the message),
// the field's message is set from its validity. A message set keeps the
// field invalid, so it is taken back whenever the verdict may change: the
// person changing the field, the form being reset, and each attempt to
// send the form (a click on its submit button, which Enter in a field
// makes too), so that the browser always judges the values afresh.
export function installValidity(doc: Document = document) {
  doc.addEventListener(
    "invalid",
    (e) => {
      const f = e.target;
      if (!isField(f)) return;
      f.setCustomValidity(""); // the browser's own verdict first
      f.setCustomValidity(message(f));
      f.setAttribute("aria-invalid", "true");
    },
    true, // "invalid" does not bubble
  );
  const clear = (f: Field) => {
    f.setCustomValidity("");
    f.removeAttribute("aria-invalid");
  };
  const clearForm = (form: HTMLFormElement | null) => {
    for (const el of Array.from(form?.elements ?? [])) if (isField(el)) clear(el);
  };
  const changed = (e: Event) => {
    const f = e.target;
    if (!isField(f)) return;
    // A radio's group is judged as one: each of its buttons was told.
    if (f instanceof HTMLInputElement && f.type === "radio") clearForm(f.form);
    else clear(f);
  };
  doc.addEventListener("input", changed, true);
  doc.addEventListener("change", changed, true);
  doc.addEventListener("reset", (e) => clearForm(e.target as HTMLFormElement), true);
  doc.addEventListener(
    "click",
    (e) => {
      const b = (e.target as Element | null)?.closest?.("button, input[type=submit]") as HTMLButtonElement | HTMLInputElement | null;
      if (b && b.type === "submit") clearForm(b.form);
    },
    true,
  );
}
