// The console's language: French (the festival's) or English. `words` is the
// active catalogue, a live binding: a page reads `words.x` when it renders,
// and the App renders again when the language changes.
import type { components } from "../api/schema";
import type { Catalogue } from "./catalogue";
import { fr } from "./fr";

export type Lang = components["schemas"]["Lang"];
export type { Catalogue };

export const langs: readonly Lang[] = ["fr", "en"];
// French is in the bundle; English is its own small file, fetched only by
// those who read English.
const catalogues: Record<Lang, () => Promise<Catalogue>> = {
  fr: async () => fr,
  en: async () => (await import("./en")).en,
};
const storeKey = "festival.lang";

export const isLang = (v: unknown): v is Lang => v === "fr" || v === "en";

// The language a person chose before (this browser), or else the first of
// the browser's languages the console speaks, or else French: the API
// negotiates the same way from the Accept-Language the browser sends.
function initial(): Lang {
  const stored = localStorage.getItem(storeKey);
  if (isLang(stored)) return stored;
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "fr";
}

export let lang: Lang = "fr";
export let words: Catalogue = fr;

// locale is the Intl locale of the active language: dates and numbers.
export const locale = () => words.locale;

const listeners = new Set<() => void>();

// setLang makes a language the console's, kept in this browser; the API is
// asked in it from the next call on.
export async function setLang(l: Lang) {
  localStorage.setItem(storeKey, l);
  await use(l);
}

// The language asked for last: a switch made while English loads wins.
let wanted: Lang = lang;

async function use(l: Lang) {
  wanted = l;
  const catalogue = await catalogues[l]();
  if (l !== wanted || l === lang) return;
  lang = l;
  words = catalogue;
  document.documentElement.lang = l;
  listeners.forEach((f) => f());
}

// ready is the console's first language, loaded: the App starts after it.
export const ready: Promise<void> = use(initial()).catch(() => undefined);

export function onLang(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
