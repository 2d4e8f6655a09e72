import { api, session } from "../api/client";
import { fr } from "../i18n/fr";
import { param } from "../router";
import { Feedback, useAction } from "../ui/action";

export function SignIn({ route }: { route: string }) {
  const login = useAction();
  const expired = param(route, "expiree") === "1";
  const registered = param(route, "inscrit") === "1";

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    login.run(async () => {
      const answer = await api.login(String(form.get("email")), String(form.get("password")));
      session.save(answer.data.token, answer.data.role);
      location.hash = param(route, "retour") || "/compte";
    });
  }

  return (
    <section aria-labelledby="signin-title">
      <h2 id="signin-title">{fr.signIn.title}</h2>
      {expired && <p role="status">{fr.signIn.expired}</p>}
      {registered && <p role="status">{fr.signUp.done}</p>}
      <form onSubmit={submit} class="form">
        <label>
          {fr.signIn.email}
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          {fr.signIn.password}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <Feedback of={login} />
        <button type="submit" disabled={login.busy}>
          {fr.signIn.submit}
        </button>
        <a href="#/mot-de-passe">{fr.signIn.forgot}</a>
      </form>
    </section>
  );
}
