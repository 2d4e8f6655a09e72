import { api, session, type Role } from "../api/client";
import { lang, words } from "../i18n";
import { Feedback, useAction } from "../ui/action";
import { Pending } from "../ui/Pending";
import { useLoad } from "../useLoad";

const roles: Role[] = ["PRODUCER", "JURY", "ADMIN"];

// SetupOffer points to the first run from the home and sign-in pages while
// the festival has no admin (GET /auth/setup); it shows nothing otherwise.
export function SetupOffer() {
  const s = useLoad(() => api.setupState());
  if (s.state !== "ready" || !s.data.needed) return null;
  return (
    <p role="status" class="notice">
      {words.firstRun.offer} <a href="#/installation">{words.firstRun.offerLink}</a>
    </p>
  );
}

// Setup creates the festival's first admin with the deployment's setup code
// (POST /auth/setup), with the roles open to self-registration (producers
// alone by default) and the e-mail confirmation (on by default), then signs
// them in and opens the board.
export function Setup() {
  const state = useLoad(() => api.setupState());
  const action = useAction();
  const w = words.firstRun;
  if (state.state !== "ready") return <Pending of={state} />;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    action.run(async () => {
      const answer = await api.setup({
        code: String(f.get("code")).trim(),
        first_name: String(f.get("first_name")),
        last_name: String(f.get("last_name")),
        email: String(f.get("email")),
        password: String(f.get("password")),
        language: lang,
        self_registration_roles: f.getAll("self_registration_roles").map(String) as Role[],
        email_confirmation: f.get("email_confirmation") === "on",
      });
      session.save(answer.data.token, answer.data.role);
      session.setUnconfirmed(false);
      location.hash = "/admin";
    });
  }

  return (
    <section aria-labelledby="setup-title">
      <h2 id="setup-title">{w.title}</h2>
      {!state.data.needed ? (
        <p role="status">
          {w.done} <a href="#/connexion">{words.nav.signIn}</a>
        </p>
      ) : (
        <form onSubmit={submit} class="form">
          <p>{w.intro}</p>
          <label>
            {w.code}
            <input name="code" autoComplete="one-time-code" spellcheck={false} required />
          </label>
          <fieldset>
            <legend>{w.you}</legend>
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
          </fieldset>
          <fieldset>
            <legend>{w.openTo}</legend>
            {roles.map((r) => (
              <label class="check" key={r}>
                <input type="checkbox" name="self_registration_roles" value={r} defaultChecked={r === "PRODUCER"} />
                {words.account.role[r]}
              </label>
            ))}
            <p class="meta">{w.openHint}</p>
          </fieldset>
          <label class="check">
            <input type="checkbox" name="email_confirmation" defaultChecked />
            {w.confirm}
          </label>
          <p class="meta">{w.confirmHint}</p>
          <Feedback of={action} />
          <button type="submit" disabled={action.busy}>
            {w.submit}
          </button>
        </form>
      )}
    </section>
  );
}
