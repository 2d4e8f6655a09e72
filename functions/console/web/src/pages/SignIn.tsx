import { api, session } from "../api/client";
import { isLang, setLang, words } from "../i18n";
import { param } from "../router";
import { Feedback, useAction } from "../ui/action";

export function SignIn({ route }: { route: string }) {
  const login = useAction();
  const expired = param(route, "expiree") === "1";
  const registered = param(route, "inscrit") === "1";
  const confirming = param(route, "confirmer") === "1";

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    login.run(async () => {
      const answer = await api.login(String(form.get("email")), String(form.get("password")));
      session.save(answer.data.token, answer.data.role);
      // The account's language wins over this browser's choice.
      const me = await api.me();
      session.setUnconfirmed(me.email_confirmed === false);
      if (isLang(me.language)) await setLang(me.language);
      location.hash = param(route, "retour") || "/compte";
    });
  }

  return (
    <section aria-labelledby="signin-title">
      <h2 id="signin-title">{words.signIn.title}</h2>
      {expired && <p role="status">{words.signIn.expired}</p>}
      {registered && <p role="status">{confirming ? words.confirmEmail.sent : words.signUp.done}</p>}
      <form onSubmit={submit} class="form">
        <label>
          {words.signIn.email}
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          {words.signIn.password}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <Feedback of={login} />
        <button type="submit" disabled={login.busy}>
          {words.signIn.submit}
        </button>
        <a href="#/mot-de-passe">{words.signIn.forgot}</a>
      </form>
    </section>
  );
}
