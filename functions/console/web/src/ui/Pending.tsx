import { words } from "../i18n";
import type { Loaded } from "../useLoad";

// Pending shows data that is not there yet: a status line while it loads, or
// the API's own words when it refused. It shows nothing once the data is ready.
export function Pending({ of }: { of: Loaded<unknown> }) {
  if (of.state === "loading") return <p role="status">{words.loading}</p>;
  if (of.state === "error")
    return (
      <p role="alert" class="error">
        {of.message}
      </p>
    );
  return null;
}
