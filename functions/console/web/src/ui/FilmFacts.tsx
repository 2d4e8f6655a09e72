import type { Movie } from "../api/client";
import { words } from "../i18n";

// runtime writes a runtime in seconds: seconds under a minute, else
// minutes; null when there is none.
export const runtime = (seconds: number | null | undefined) => {
  if (!seconds) return null;
  return seconds < 60 ? words.media.duration(seconds) : words.film.minutes(Math.round(seconds / 60));
};

// minutes is the film's runtime as the festival counts it: measured by the
// media job when the reader sees it (admins, the producer), else declared.
export const minutes = (m: Movie) => runtime(m.media?.facts?.duration || m.duration);

// The words are the API's, by audience (status_label): a producer never
// reads the deliberation, the public never a refusal. Only the festival's
// good news has a colour of its own.
const selected = ["selected", "finalist", "awarded"];

export function StatusBadge({ m }: { m: Movie }) {
  const tone = selected.includes(m.selection_status) ? "yes" : "open";
  return <span class={`badge badge-${tone}`}>{m.status_label || m.selection_status}</span>;
}

// FilmFacts is what anyone may read of a film: the public record.
export function FilmFacts({ m }: { m: Movie }) {
  const producer = m.Producer ? `${m.Producer.first_name} ${m.Producer.last_name}` : null;
  return (
    <>
      <p class="meta">
        {[m.release_year, m.nationality, m.main_language, minutes(m)].filter(Boolean).join(" · ")}{" "}
        <StatusBadge m={m} />
      </p>
      {producer && <p class="meta">{words.film.by(producer)}</p>}
      {m.synopsis && <p>{m.synopsis}</p>}
      {m.Categories.length > 0 && (
        <p>
          {words.film.categories}{words.colon}{m.Categories.map((c) => c.name).join(", ")}
        </p>
      )}
      {(m.Collaborators ?? []).length > 0 && (
        <p>
          {words.film.collaborators}{words.colon}
          {m.Collaborators.map((c) => `${c.first_name} ${c.last_name}${c.job ? ` (${c.job})` : ""}`).join(", ")}
        </p>
      )}
      {m.Awards.length > 0 && (
        <p>
          {words.film.awards}{words.colon}{m.Awards.map((a) => a.name).join(", ")}
        </p>
      )}
    </>
  );
}
