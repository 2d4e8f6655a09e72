import { api } from "../api/client";
import { fr } from "../i18n/fr";
import { SignedIn } from "../ui/guard";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";

function Me() {
  const me = useLoad(api.me);
  if (me.state !== "ready") return <Pending of={me} />;
  const u = me.data;
  return (
    <>
      <p class="lead">
        {u.first_name} {u.last_name} — {fr.account.role[u.role] ?? u.role}
      </p>
      <p>
        {fr.account.email} : {u.email}
      </p>
    </>
  );
}

export function Account() {
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">{fr.account.title}</h2>
      <SignedIn roles={["ADMIN", "JURY", "PRODUCER"]}>
        <Me />
      </SignedIn>
    </section>
  );
}
