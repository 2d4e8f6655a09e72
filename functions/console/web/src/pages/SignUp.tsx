import { useState } from "preact/hooks";
import { api, ApiError } from "../api/client";
import { fr } from "../i18n/fr";

// A producer creates their own account (POST /auth/register, role PRODUCER);
// the festival's settings decide whether self-registration is open.
export function SignUp() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    try {
      await api.register({
        first_name: String(f.get("first_name")),
        last_name: String(f.get("last_name")),
        email: String(f.get("email")),
        password: String(f.get("password")),
        role: "PRODUCER",
      });
      location.hash = "/connexion?inscrit=1&retour=%2Fmes-films";
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="signup-title">
      <h2 id="signup-title">{fr.signUp.title}</h2>
      <form onSubmit={submit} class="form">
        <label>
          {fr.signUp.firstName}
          <input name="first_name" autoComplete="given-name" required />
        </label>
        <label>
          {fr.signUp.lastName}
          <input name="last_name" autoComplete="family-name" required />
        </label>
        <label>
          {fr.signUp.email}
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          {fr.signUp.password}
          <input name="password" type="password" autoComplete="new-password" minLength={6} required />
        </label>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {fr.signUp.submit}
        </button>
      </form>
    </section>
  );
}
