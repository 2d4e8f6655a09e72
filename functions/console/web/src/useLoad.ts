import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, Unauthorized } from "./api/client";
import { goSignIn, useVisit } from "./router";

// Loaded is what a page shows while its data loads, once it is there, or
// the API's own words when it refused.
export type Loaded<T> = { state: "loading" } | { state: "ready"; data: T } | { state: "error"; message: string };

// useLoad reads a page's data when the page shows, when deps change, and
// again at each revisit of the page (router.ts, useVisit): a revisit keeps
// the data shown until the fresh data is there, and keeps it too when the
// read fails (a blip should not blank a page the person is reading).
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const visit = useVisit();
  const seen = useRef(visit);
  const [s, set] = useState<Loaded<T>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    const again = seen.current !== visit;
    seen.current = visit;
    if (!again) set({ state: "loading" });
    load().then(
      (data) => live && set({ state: "ready", data }),
      (err) => {
        if (!live) return;
        if (err instanceof Unauthorized) return goSignIn(true);
        const failed: Loaded<T> = { state: "error", message: err instanceof ApiError ? err.message : String(err) };
        set((was) => (again && was.state === "ready" ? was : failed));
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, visit]);
  return s;
}
