import { createContext } from "preact";
import { useContext, useState } from "preact/hooks";
import { Unauthorized } from "../api/client";
import { goSignIn } from "../router";

// An action a person starts (a form sent, a button pressed): busy while it
// runs, then the API's own words when it refused, or what was done.
export type Action = {
  busy: boolean;
  error: string | null;
  notice: string | null;
  run: (fn: () => Promise<string | void>) => Promise<boolean>;
};

// ReadOnly is true inside an archived edition: every action that writes is
// then held busy, so its button stays disabled (the API would answer 409).
export const ReadOnly = createContext(false);

// useAction gives a form or a button its action; reads: the action only
// reads (a download), so an archived edition does not hold it.
export function useAction(reads = false): Action {
  const readOnly = useContext(ReadOnly) && !reads;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  async function run(fn: () => Promise<string | void>) {
    if (readOnly) return false;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const done = await fn();
      if (done) setNotice(done);
      return true;
    } catch (err) {
      if (err instanceof Unauthorized) {
        goSignIn(true);
        return false;
      }
      setError(err instanceof Error ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy: busy || readOnly, error, notice, run };
}

// Feedback says how an action ended, to screen readers too.
export function Feedback({ of }: { of: Action }) {
  return (
    <>
      {of.error && (
        <p role="alert" class="error">
          {of.error}
        </p>
      )}
      {of.notice && (
        <p role="status" class="notice">
          {of.notice}
        </p>
      )}
    </>
  );
}

// formValues reads a submitted form's fields as trimmed strings.
export function formValues(e: SubmitEvent): Record<string, string> {
  e.preventDefault();
  const out: Record<string, string> = {};
  new FormData(e.currentTarget as HTMLFormElement).forEach((v, k) => {
    if (typeof v === "string") out[k] = v.trim();
  });
  return out;
}

// DeleteButton asks the person to confirm, then runs remove through action;
// what remove returns is said as the action's notice.
export function DeleteButton(props: { action: Action; label: string; confirm: string; remove: () => Promise<string | void> }) {
  return (
    <button
      type="button"
      class="danger"
      disabled={props.action.busy}
      onClick={() => {
        if (confirm(props.confirm)) props.action.run(props.remove);
      }}
    >
      {props.label}
    </button>
  );
}
