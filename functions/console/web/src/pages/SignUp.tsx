import { useState } from "preact/hooks";
import { api } from "../api/client";
import { lang, words } from "../i18n";
import { Feedback, useAction } from "../ui/action";

// A producer creates their own account (POST /auth/register, role PRODUCER);
// the festival's settings decide whether self-registration is open. An
// address that already has an account is answered 200 with that account
// (the specification's "Cet utilisateur existe déjà"): nothing was created,
// and the page says so in its own words, never with the other account's name.
export function SignUp() {
  const register = useAction();
  const [taken, setTaken] = useState(false);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    setTaken(false);
    register.run(async () => {
      const answer = await api.register({
        first_name: String(f.get("first_name")),
        last_name: String(f.get("last_name")),
        email: String(f.get("email")),
        password: String(f.get("password")),
        role: "PRODUCER",
        language: lang,
      });
      if (!answer.newUser) {
        setTaken(true);
        return;
      }
      const confirm = answer.newUser.email_confirmed === false ? "&confirmer=1" : "";
      location.hash = `/connexion?inscrit=1${confirm}&retour=%2Fmes-films`;
    });
  }

  if (taken)
    return (
      <section aria-labelledby="signup-title">
        <h2 id="signup-title">{words.duplicate.title}</h2>
        <p role="status">{words.duplicate.text}</p>
        <p>
          <a href="#/connexion">{words.nav.signIn}</a> · <a href="#/mot-de-passe">{words.duplicate.forgot}</a>
        </p>
      </section>
    );

  return (
    <section aria-labelledby="signup-title">
      <h2 id="signup-title">{words.signUp.title}</h2>
      <form onSubmit={submit} class="form">
        <label>
          {words.signUp.firstName}
          <input name="first_name" autoComplete="given-name" required />
        </label>
        <label>
          {words.signUp.lastName}
          <input name="last_name" autoComplete="family-name" required />
        </label>
        <label>
          {words.signUp.email}
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          {words.signUp.password}
          <input name="password" type="password" autoComplete="new-password" minLength={6} required />
        </label>
        <Feedback of={register} />
        <button type="submit" disabled={register.busy}>
          {words.signUp.submit}
        </button>
      </form>
    </section>
  );
}
