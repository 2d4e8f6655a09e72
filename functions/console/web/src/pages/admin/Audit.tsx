import { useEffect, useState } from "preact/hooks";
import { api, type AuditAction, type AuditEntry } from "../../api/client";
import { locale, words } from "../../i18n";
import { Feedback, formValues, useAction } from "../../ui/action";
import { AdminPage } from "./AdminNav";
import { when } from "../../ui/dates";
import { saveBlob } from "../../ui/Entry";

// ago says how long ago a time was, in the console's language: "il y a 2
// minutes", "hier". The exact time is its title and its datetime.
function ago(iso: string): string {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["second", 60],
    ["minute", 60],
    ["hour", 24],
    ["day", 30],
    ["month", 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit);
    value /= size;
  }
  return rtf.format(Math.round(value), "year");
}

// A date input's day as the API's bound: the start of that day, or its end,
// in the browser's time.
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString() : "");

const filmTarget = (e: AuditEntry) => (e.target.startsWith("movie:") ? e.target : "");

function Entry(props: { entry: AuditEntry; filtered: boolean; onFilm: (target: string, title: string) => void }) {
  const { entry, onFilm } = props;
  const film = props.filtered ? "" : filmTarget(entry);
  return (
    <li class="card audit-entry">
      <p class="audit-line">
        <strong>{entry.actor_name}</strong>
        <span class="meta"> · {words.account.role[entry.actor_role] ?? entry.actor_role} · </span>
        <time dateTime={entry.at} title={when(entry.at)}>
          {ago(entry.at)}
        </time>
        <span aria-hidden="true"> · </span>
        <span>{entry.summary}</span>
      </p>
      {entry.changes.length > 0 && (
        <ul class="audit-changes">
          {entry.changes.map((c) => (
            <li key={c.field}>
              {words.auditLog.change(c.label)}
              <span class="audit-before">{c.before}</span> → <strong>{c.after}</strong>
            </li>
          ))}
        </ul>
      )}
      {film && (
        <button type="button" class="audit-film" onClick={() => onFilm(film, entry.target_label)}>
          {words.auditLog.onlyFilm(entry.target_label)}
        </button>
      )}
    </li>
  );
}

// Trail reads the audit trail a page at a time, newest first, as sentences,
// filtered by person, film, action and dates; the same filters export it.
function Trail() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [query, setQuery] = useState<Record<string, string>>({});
  const [actions, setActions] = useState<AuditAction[]>([]);
  // The people and films met in the entries read, for the filters' choices.
  const [people, setPeople] = useState<Map<number, string>>(new Map());
  const [films, setFilms] = useState<Map<string, string>>(new Map());
  const [filmText, setFilmText] = useState("");
  const action = useAction(true);
  const exporting = useAction(true);

  function remember(items: AuditEntry[]) {
    setPeople((old) => {
      const m = new Map(old);
      for (const e of items) if (e.actor_id > 0 && !m.has(e.actor_id)) m.set(e.actor_id, e.actor_name);
      return m;
    });
    setFilms((old) => {
      const m = new Map(old);
      for (const e of items) if (filmTarget(e)) m.set(e.target, e.target_label);
      return m;
    });
  }

  function load(q: Record<string, string>, cursor: string | null) {
    action.run(async () => {
      const page = await api.audit({ ...q, limit: "50", ...(cursor ? { cursor } : {}) });
      setEntries(cursor ? [...(entries ?? []), ...page.items] : page.items);
      setNext(page.next);
      remember(page.items);
    });
  }
  useEffect(() => {
    load({}, null);
    api.auditActions().then(setActions, () => setActions([]));
  }, []);

  function apply(q: Record<string, string>) {
    setQuery(q);
    load(q, null);
  }

  // The film filter takes a number, or a title met in the entries read.
  function target(text: string): string | null {
    if (!text) return "";
    if (/^\d+$/.test(text)) return `movie:${text}`;
    const lower = text.toLocaleLowerCase();
    for (const [t, title] of films) if (title.toLocaleLowerCase() === lower) return t;
    return null;
  }

  function csv() {
    exporting.run(async () => saveBlob(await api.auditCsv(query), "audit.csv"));
  }

  return (
    <>
      <form
        class="filters audit-filters"
        role="search"
        onSubmit={(e) => {
          const v = formValues(e);
          const t = target(v.film);
          if (t === null) {
            action.run(async () => {
              throw new Error(words.auditLog.unknownFilm(v.film));
            });
            return;
          }
          apply({ actor: v.actor, action: v.action, target: t, from: dayBound(v.from, false), to: dayBound(v.to, true) });
        }}
      >
        <label>
          {words.auditLog.person}
          <select name="actor">
            <option value="">{words.auditLog.anyone}</option>
            {[...people].map(([id, name]) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.auditLog.film}
          <input name="film" list="audit-films" value={filmText} onInput={(e) => setFilmText(e.currentTarget.value)} />
          <datalist id="audit-films">
            {[...films.values()].map((title) => (
              <option key={title} value={title} />
            ))}
          </datalist>
        </label>
        <label>
          {words.auditLog.action}
          <select name="action">
            <option value="">{words.auditLog.anyAction}</option>
            {actions.map((a) => (
              <option key={a.action} value={a.action}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.auditLog.from}
          <input type="date" name="from" />
        </label>
        <label>
          {words.auditLog.to}
          <input type="date" name="to" />
        </label>
        <button type="submit">{words.auditLog.filter}</button>
        <button
          type="reset"
          class="secondary"
          onClick={() => {
            setFilmText("");
            apply({});
          }}
        >
          {words.auditLog.reset}
        </button>
        <button type="button" class="secondary" disabled={exporting.busy} onClick={csv}>
          {words.auditLog.export}
        </button>
      </form>
      <Feedback of={exporting} />
      <Feedback of={action} />
      {entries && entries.length === 0 && <p>{words.auditLog.none}</p>}
      {entries && entries.length > 0 && (
        <ol class="list audit" aria-label={words.auditLog.entries}>
          {entries.map((e) => (
            <Entry
              key={e.id_audit}
              entry={e}
              filtered={!!query.target}
              onFilm={(t, title) => {
                setFilmText(title);
                apply({ ...query, target: t });
              }}
            />
          ))}
        </ol>
      )}
      {next && (
        <button type="button" class="secondary" disabled={action.busy} onClick={() => load(query, next)}>
          {words.auditLog.more}
        </button>
      )}
    </>
  );
}

export function Audit() {
  return (
    <AdminPage path="/admin/journal" title={words.admin.audit}>
      <Trail />
    </AdminPage>
  );
}
