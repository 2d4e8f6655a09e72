import type { ComponentChildren } from "preact";
import { fr } from "../i18n/fr";
import type { Loaded } from "../useLoad";

// Status shows a loading line, the API's refusal, an empty message, or the
// data through children.
export function Status<T extends unknown[]>(props: { of: Loaded<T>; empty: string; children: (data: T) => ComponentChildren }) {
  const s = props.of;
  if (s.state === "loading") return <p role="status">{fr.loading}</p>;
  if (s.state === "error") return <p role="alert" class="error">{s.message}</p>;
  if (s.data.length === 0) return <p>{props.empty}</p>;
  return <>{props.children(s.data)}</>;
}
