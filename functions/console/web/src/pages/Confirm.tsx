import { api, session } from "../api/client";
import { words } from "../i18n";
import { param } from "../router";
import { Pending } from "../ui/Pending";
import { useLoad } from "../useLoad";
import { useAction, Feedback } from "../ui/action";

// Confirm opens the link a confirmation message carries
// (#/confirmer?jeton=...): it confirms the address at once and says so.
export function Confirm({ route }: { route: string }) {
  const token = param(route, "jeton");
  const w = words.confirmEmail;
  const done = useLoad(async () => {
    if (!token) return null;
    const answer = await api.confirmEmail(token);
    session.setUnconfirmed(false);
    return answer.message;
  }, [token]);
  return (
    <section aria-labelledby="confirm-title">
      <h2 id="confirm-title">{w.title}</h2>
      {!token ? (
        <p role="alert" class="error">
          {w.missing}
        </p>
      ) : done.state === "ready" ? (
        <>
          <p role="status" class="notice">
            {w.done}
          </p>
          <a href={session.token() ? "#/compte" : "#/connexion"}>{session.token() ? w.next : words.nav.signIn}</a>
        </>
      ) : (
        <Pending of={done} />
      )}
    </section>
  );
}

// Unconfirmed is the banner of a signed-in account that must still confirm
// its address, with a button that mails the link again.
export function Unconfirmed() {
  const resend = useAction();
  if (!session.token() || !session.unconfirmed()) return null;
  return (
    <div class="archived-banner" role="region" aria-label={words.confirmEmail.title}>
      <p>{words.confirmEmail.banner}</p>
      <button type="button" disabled={resend.busy} onClick={() => resend.run(async () => (await api.resendConfirmation()).message)}>
        {words.confirmEmail.resend}
      </button>
      <Feedback of={resend} />
    </div>
  );
}
