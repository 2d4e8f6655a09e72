// The festival's editions (GET /editions), read once per page load and
// again after an admin starts one, and the edition the admin pages show.
import { useEffect, useState } from "preact/hooks";
import { api, readingEdition, session, type Edition, type Editions } from "./api/client";

let cached: Promise<Editions> | null = null;

export function editions(): Promise<Editions> {
  cached ??= api.editions().catch((err) => {
    cached = null; // a refusal is not kept: the next page asks again
    throw err;
  });
  return cached;
}

// forgetEditions drops the list (an edition was started): every page that
// shows it reads it again.
const readers = new Set<() => void>();
export function forgetEditions() {
  cached = null;
  readers.forEach((f) => f());
}

// useEditionsVersion changes when the list is forgotten: a dependency of the
// loads that read it.
export function useEditionsVersion(): number {
  const [v, setV] = useState(0);
  useEffect(() => {
    const f = () => setV((n) => n + 1);
    readers.add(f);
    return () => void readers.delete(f);
  }, []);
  return v;
}

// The edition an admin chose to look at, kept for this tab; absent, the
// current one.
const key = "festival.edition";
export const shownEdition = {
  get: (): string | null => sessionStorage.getItem(key),
  set: (id: string | null) => (id ? sessionStorage.setItem(key, id) : sessionStorage.removeItem(key)),
};

// scopeReads makes the admin pages (and a film opened from them) read the
// edition an admin chose; every other page, and everyone else, reads the
// current one.
export function scopeReads(path: string) {
  const admin = session.role() === "ADMIN" && (path.startsWith("/admin") || path.startsWith("/films/"));
  readingEdition(admin ? shownEdition.get() : null);
}

// archivedOf names the edition when id is an archived one.
export function archivedOf(list: Editions | null, id: string | null | undefined): Edition | null {
  if (!list || !id || id === list.current) return null;
  return list.editions.find((e) => e.id === id && e.state === "archived") ?? null;
}
