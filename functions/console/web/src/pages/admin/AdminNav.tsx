import type { ComponentChildren } from "preact";
import { fr } from "../../i18n/fr";
import { SignedIn } from "../../ui/guard";

export const adminPages = [
  ["/admin", fr.admin.board],
  ["/admin/utilisateurs", fr.admin.users],
  ["/admin/categories", fr.admin.categories],
  ["/admin/evenements", fr.admin.events],
  ["/admin/prix", fr.admin.awards],
  ["/admin/resultats", fr.admin.results],
  ["/admin/jury", fr.admin.progress],
  ["/admin/assignation", fr.admin.assignment],
  ["/admin/reglages", fr.admin.settings],
  ["/admin/formulaire", fr.admin.form],
  ["/admin/journal", fr.admin.audit],
  ["/admin/messages", fr.admin.outbox],
  ["/admin/ecrire", fr.admin.writing],
] as const;

// AdminPage frames every admin page: its own menu, and the admin check.
export function AdminPage({ path, title, children }: { path: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby="admin-title">
      <nav aria-label={fr.admin.nav} class="subnav">
        {adminPages.map(([href, text]) => (
          <a key={href} href={`#${href}`} aria-current={href === path ? "page" : undefined}>
            {text}
          </a>
        ))}
      </nav>
      <h2 id="admin-title">{title}</h2>
      <SignedIn roles={["ADMIN"]}>{children}</SignedIn>
    </section>
  );
}
