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
