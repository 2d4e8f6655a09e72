import { useEffect, useState } from "preact/hooks";

// Hash routes (#/programme): the console is one page, so the only paths the
// API serves for it are "/" and "/assets/...".
export function useRoute(): string {
  const [route, set] = useState(current());
  useEffect(() => {
    const on = () => set(current());
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, []);
  return route;
}

// A revisit is the person asking again for the page they are on: its own
// link clicked (the menu entry of the page shown, whose address does not
// change, so no hashchange), or the tab shown again after a while away, or
// the page restored from the browser's back-forward cache. Every useLoad
// reads its data again on each (useVisit), keeping what it shows until the
// fresh data is there. A page reached from another one is mounted anew and
// reads its data anyway.
let visits = 0;
const visitors = new Set<(n: number) => void>();
const awayLongEnough = 30_000; // ms: a glance at another tab reads nothing
let hiddenAt = 0;

function revisit() {
  visits++;
  visitors.forEach((f) => f(visits));
}

if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href^='#/']");
      if (a && a.getAttribute("href")!.slice(1) === current()) revisit();
    },
    true,
  );
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) hiddenAt = Date.now();
    else if (hiddenAt && Date.now() - hiddenAt >= awayLongEnough) revisit();
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) revisit();
  });
}

// useVisit is the number of revisits so far: a dependency of the loads
// that must be read again on each.
export function useVisit(): number {
  const [n, set] = useState(visits);
  useEffect(() => {
    visitors.add(set);
    return () => void visitors.delete(set);
  }, []);
  return n;
}

function current(): string {
  return location.hash.replace(/^#/, "") || "/";
}

// goSignIn sends the person to the sign-in page, remembering where they were
// so that signing in brings them back.
export function goSignIn(expired: boolean) {
  const back = current();
  location.hash = `/connexion?retour=${encodeURIComponent(back)}${expired ? "&expiree=1" : ""}`;
}

export function param(route: string, name: string): string | null {
  const q = route.split("?")[1];
  return q ? new URLSearchParams(q).get(name) : null;
}
