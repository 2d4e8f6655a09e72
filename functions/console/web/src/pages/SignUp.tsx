import { api } from "../api/client";
import { lang, words } from "../i18n";
import { Feedback, useAction } from "../ui/action";

// A producer creates their own account (POST /auth/register, role PRODUCER);
// the festival's settings decide whether self-registration is open.
export function SignUp() {
  const register = useAction();

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    register.run(async () => {
      await api.register({
        first_name: String(f.get("first_name")),
        last_name: String(f.get("last_name")),
        email: String(f.get("email")),
        password: String(f.get("password")),
        role: "PRODUCER",
        language: lang,
      });
      location.hash = "/connexion?inscrit=1&retour=%2Fmes-films";
    });
  }

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
