// Dates between the API (UTC, ISO 8601) and people (their browser's time,
// in the console's language).
import { locale } from "../i18n";

// datetime-local inputs speak local time without a zone; the API speaks UTC.
export const toInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
};
export const fromInput = (local: string) => (local ? new Date(local).toISOString() : "");

// when writes a time for reading: "27 novembre 2026 à 14:58", "27 November 2026 at 14:58".
export const when = (iso: string) => new Date(iso).toLocaleString(locale(), { dateStyle: "long", timeStyle: "short" });
