import { useEffect, useState } from "preact/hooks";
import { ApiError, Unauthorized } from "./api/client";
import { goSignIn } from "./router";

// Loaded is what a page shows while its data loads, once it is there, or
// the API's own words when it refused.
export type Loaded<T> = { state: "loading" } | { state: "ready"; data: T } | { state: "error"; message: string };

export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const [s, set] = useState<Loaded<T>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    set({ state: "loading" });
    load().then(
      (data) => live && set({ state: "ready", data }),
      (err) => {
        if (!live) return;
        if (err instanceof Unauthorized) return goSignIn(true);
        set({ state: "error", message: err instanceof ApiError ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, deps);
  return s;
}
