import { api, type Movie } from "../api/client";
import { fr } from "../i18n/fr";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

function MovieCard({ m }: { m: Movie }) {
  const producer = m.Producer ? `${m.Producer.first_name} ${m.Producer.last_name}` : null;
  return (
    <li class="card">
      <h3>{m.title}</h3>
      <p class="meta">
        {[m.release_year, m.nationality, m.duration ? fr.selection.minutes(Math.round(m.duration / 60)) : null]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {producer && <p class="meta">{fr.selection.by(producer)}</p>}
      {m.synopsis && <p>{m.synopsis}</p>}
      <p class={`badge badge-${m.status}`}>{fr.selection.status[m.status] ?? m.status}</p>
    </li>
  );
}

export function Selection() {
  const films = useLoad(api.movies);
  return (
    <section aria-labelledby="selection-title">
      <h2 id="selection-title">{fr.selection.title}</h2>
      <Status of={films} empty={fr.selection.empty}>
        {(list: Movie[]) => (
          <ul class="grid" aria-label={fr.selection.title}>
            {list.map((m) => (
              <MovieCard key={m.id_movie} m={m} />
            ))}
          </ul>
        )}
      </Status>
    </section>
  );
}
