import { api, type Movie } from "../api/client";
import { words } from "../i18n";
import { minutes, StatusBadge } from "../ui/FilmFacts";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

function MovieCard({ m }: { m: Movie }) {
  const producer = m.Producer ? `${m.Producer.first_name} ${m.Producer.last_name}` : null;
  return (
    <li class="card">
      <h3>
        <a href={`#/films/${m.id_movie}`}>{m.title}</a>
      </h3>
      <p class="meta">{[m.release_year, m.nationality, minutes(m)].filter(Boolean).join(" · ")}</p>
      {producer && <p class="meta">{words.film.by(producer)}</p>}
      {m.synopsis && <p>{m.synopsis}</p>}
      <StatusBadge m={m} />
    </li>
  );
}

export function Selection({ erased = false }: { erased?: boolean }) {
  const films = useLoad(api.movies);
  return (
    <section aria-labelledby="selection-title">
      {erased && (
        <p role="status" class="notice">
          {words.myData.erased}
        </p>
      )}
      <h2 id="selection-title">{words.selection.title}</h2>
      <Status of={films} empty={words.selection.empty}>
        {(list: Movie[]) => (
          <ul class="grid" aria-label={words.selection.title}>
            {list.map((m) => (
              <MovieCard key={m.id_movie} m={m} />
            ))}
          </ul>
        )}
      </Status>
    </section>
  );
}
