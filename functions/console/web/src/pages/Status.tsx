import type { ComponentChildren } from "preact";
import { Pending } from "../ui/Pending";
import type { Loaded } from "../useLoad";

// Status shows a loading line, the API's refusal, an empty message, or the
// data through children.
export function Status<T extends unknown[]>(props: { of: Loaded<T>; empty: string; children: (data: T) => ComponentChildren }) {
  const s = props.of;
  if (s.state !== "ready") return <Pending of={s} />;
  if (s.data.length === 0) return <p>{props.empty}</p>;
  return <>{props.children(s.data)}</>;
}
