import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Editions } from "../../api/client";
import { archivedOf, editions, scopeReads, shownEdition, useEditionsVersion } from "../../editions";
import { words } from "../../i18n";
import { ReadOnly } from "../../ui/action";
import { when } from "../../ui/dates";
import { SignedIn } from "../../ui/guard";
import { useLoad } from "../../useLoad";

// Read when rendered: the words follow the console's language. The pages of
// a committee's working day stay in sight; the ones set up once or read now
// and then (more) go under "Plus", so that the menu keeps to one line at
// 1280 px.
const adminPages = () =>
  [
    ["/admin", words.admin.board, false],
    ["/admin/assignation", words.admin.assignment, false],
    ["/admin/jury", words.admin.progress, false],
    ["/admin/resultats", words.admin.results, false],
    ["/admin/prix", words.admin.awards, false],
    ["/admin/messages", words.admin.outbox, false],
    ["/admin/utilisateurs", words.admin.users, false],
    ["/admin/categories", words.admin.categories, false],
    ["/admin/evenements", words.admin.events, true],
    ["/admin/reglages", words.admin.settings, true],
    ["/admin/formulaire", words.admin.form, true],
    ["/admin/ecrire", words.admin.writing, true],
    ["/admin/journal", words.admin.audit, true],
    ["/admin/editions", words.admin.editions, true],
  ] as const;

// AdminMenu is the admin pages' own menu: a disclosure ("Plus", a native
// <details>, opened by keyboard as by mouse) holds the pages used less
// often; it closes on Escape, on a click elsewhere and once a page is
// chosen. Its summary is marked when the page shown is one of them.
function AdminMenu({ path }: { path: string }) {
  const more = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const away = (e: MouseEvent) => {
      const d = more.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener("click", away);
    return () => document.removeEventListener("click", away);
  }, []);
  const link = ([href, text]: readonly [string, string, boolean]) => (
    <a key={href} href={`#${href}`} aria-current={href === path ? "page" : undefined} onClick={() => more.current && (more.current.open = false)}>
      {text}
    </a>
  );
  const pages = adminPages();
  const inMore = pages.some(([href, , m]) => m && href === path);
  return (
    <nav aria-label={words.admin.nav} class="subnav">
      {pages.filter(([, , m]) => !m).map(link)}
      <details
        class="more"
        ref={more}
        onKeyDown={(e) => {
          if (e.key === "Escape" && more.current?.open) {
            more.current.open = false;
            (more.current.querySelector("summary") as HTMLElement | null)?.focus();
          }
        }}
      >
        <summary data-current={inMore ? "true" : undefined}>
          {words.smaller.more}
          <span class="visually-hidden"> ({words.smaller.moreLabel})</span>
        </summary>
        <div class="more-menu">{pages.filter(([, , m]) => m).map(link)}</div>
      </details>
    </nav>
  );
}

export const editionLabel = (e: Editions["editions"][number]) =>
  e.state === "current" ? words.editions.current(e.name || e.id) : words.editions.archived(e.name || e.id, when(e.archived_at ?? e.started_at));

// EditionSwitcher lets an admin read an earlier edition on every admin page
// (GET /editions; the pages' reads then carry ?edition=).
function EditionSwitcher({ list, shown, onChange }: { list: Editions; shown: string; onChange: (id: string | null) => void }) {
  if (list.editions.length < 2) return null;
  return (
    <label class="edition-switcher">
      {words.editions.label}
      <select value={shown} onChange={(e) => onChange(e.currentTarget.value === list.current ? null : e.currentTarget.value)}>
        {list.editions.map((e) => (
          <option key={e.id} value={e.id}>
            {editionLabel(e)}
          </option>
        ))}
      </select>
    </label>
  );
}

// AdminPage frames every admin page: its own menu, the edition shown, and
// the admin check. An archived edition is read-only: a banner says so and
// every action that writes stays disabled.
export function AdminPage({ path, title, children }: { path: string; title: string; children: ComponentChildren }) {
  const [chosen, setChosen] = useState(shownEdition.get());
  // Before the editions' routes exist, an API without them answers 404: the
  // pages then simply read the only edition there is.
  const list = useLoad(() => editions().catch(() => null), [useEditionsVersion()]);
  const eds = list.state === "ready" ? list.data : null;
  const archived = archivedOf(eds, chosen);
  const choose = (id: string | null) => {
    shownEdition.set(id);
    scopeReads(path);
    setChosen(id);
  };
  // An edition chosen earlier that is now the current one (or gone): back
  // to the current edition.
  const stale = eds !== null && chosen !== null && archived === null;
  useEffect(() => {
    if (stale) choose(null);
  }, [stale]);
  // With an archived edition chosen, nothing shows before the list says it
  // is one: its actions must never be enabled, even for a moment.
  const settled = chosen === null || (list.state !== "loading" && !stale);
  return (
    <section aria-labelledby="admin-title">
      <AdminMenu path={path} />
      {eds && <EditionSwitcher list={eds} shown={archived?.id ?? eds.current} onChange={choose} />}
      <h2 id="admin-title">{title}</h2>
      {archived && (
        <div role="note" class="archived-banner">
          <p>{words.editions.readOnly(archived.name || archived.id)}</p>
          <button type="button" class="secondary" onClick={() => choose(null)}>
            {words.editions.backToCurrent}
          </button>
        </div>
      )}
      <SignedIn roles={["ADMIN"]}>
        {settled ? (
          <ReadOnly.Provider value={archived !== null}>
            <div key={archived?.id ?? "current"}>{children}</div>
          </ReadOnly.Provider>
        ) : (
          <p role="status">{words.loading}</p>
        )}
      </SignedIn>
    </section>
  );
}
