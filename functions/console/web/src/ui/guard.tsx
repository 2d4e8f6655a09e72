import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { session, type Role } from "../api/client";
import { words } from "../i18n";
import { goSignIn } from "../router";

// SignedIn shows its children to a signed-in person of one of the roles,
// sends anyone else to sign in (and back here afterwards), and tells a
// person of another role why the page is not for them.
export function SignedIn({ roles, children }: { roles: Role[]; children: ComponentChildren }) {
  const token = session.token();
  useEffect(() => {
    if (!token) goSignIn(false);
  }, [token]);
  if (!token) return null;
  const role = session.role();
  if (role && !roles.includes(role)) {
    return (
      <p role="alert" class="error">
        {words.errors.role(roles.map((r) => words.account.role[r]).join(", "))}
      </p>
    );
  }
  return <>{children}</>;
}
