import type { ComponentChildren } from "preact";
import { words } from "../../i18n";
import { SignedIn } from "../../ui/guard";

// Read when rendered: the words follow the console's language.
const adminPages = () => [
  ["/admin", words.admin.board],
  ["/admin/utilisateurs", words.admin.users],
  ["/admin/categories", words.admin.categories],
  ["/admin/evenements", words.admin.events],
  ["/admin/prix", words.admin.awards],
  ["/admin/resultats", words.admin.results],
  ["/admin/jury", words.admin.progress],
  ["/admin/assignation", words.admin.assignment],
  ["/admin/reglages", words.admin.settings],
  ["/admin/formulaire", words.admin.form],
  ["/admin/journal", words.admin.audit],
  ["/admin/messages", words.admin.outbox],
  ["/admin/ecrire", words.admin.writing],
] as const;

// AdminPage frames every admin page: its own menu, and the admin check.
export function AdminPage({ path, title, children }: { path: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby="admin-title">
      <nav aria-label={words.admin.nav} class="subnav">
        {adminPages().map(([href, text]) => (
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
