import { useState } from "preact/hooks";
import { api } from "../api/client";
import { words } from "../i18n";
import { param } from "../router";
import { Feedback, useAction } from "../ui/action";

// Reset is the forgotten password: without a token, ask for the link; with
// the token the mailed link carries (#/mot-de-passe?jeton=...), choose the
// new password.
export function Reset({ route }: { route: string }) {
  const token = param(route, "jeton");
  const action = useAction();
  const [done, setDone] = useState(false);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    action.run(async () => {
      const answer = token
        ? await api.confirmReset(token, String(f.get("password")))
        : await api.requestReset(String(f.get("email")));
      setDone(true);
      return answer.message;
    });
  }

  return (
    <section aria-labelledby="reset-title">
      <h2 id="reset-title">{words.reset.title}</h2>
      <form onSubmit={submit} class="form">
        <p>{token ? words.reset.choose : words.reset.ask}</p>
        {token ? (
          <label>
            {words.reset.password}
            <input name="password" type="password" autoComplete="new-password" minLength={6} required />
          </label>
        ) : (
          <label>
            {words.reset.email}
            <input name="email" type="email" autoComplete="username" required />
          </label>
        )}
        <Feedback of={action} />
        {done && token ? (
          <a href="#/connexion">{words.reset.signIn}</a>
        ) : (
          <button type="submit" disabled={action.busy || done}>
            {token ? words.reset.save : words.reset.send}
          </button>
        )}
      </form>
    </section>
  );
}
