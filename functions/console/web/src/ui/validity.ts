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
// the field's message is set from its validity, and taken back a moment
// later, once shown: a message left set would keep the field invalid after
// a change the page makes itself (a reset, a value Preact writes). The field
// stays marked aria-invalid until the person changes it.
export function installValidity(doc: Document = document) {
  doc.addEventListener(
    "invalid",
    (e) => {
      const f = e.target;
      if (!isField(f)) return;
      f.setCustomValidity(""); // the browser's own verdict first
      f.setCustomValidity(message(f));
      f.setAttribute("aria-invalid", "true");
      setTimeout(() => f.setCustomValidity(""), 0);
    },
    true, // "invalid" does not bubble
  );
  const clear = (e: Event) => {
    const f = e.target;
    if (isField(f)) f.removeAttribute("aria-invalid");
  };
  doc.addEventListener("input", clear, true);
  doc.addEventListener("change", clear, true);
}
