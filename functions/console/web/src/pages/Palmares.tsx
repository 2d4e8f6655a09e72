import { api, type Movie } from "../api/client";
import { fr } from "../i18n/fr";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

// The palmarès is read from the public film list: each film carries its awards.
async function awarded(): Promise<{ award: string; movie: Movie }[]> {
  const films = await api.movies();
  return films
    .flatMap((movie) => (movie.Awards ?? []).map((a) => ({ award: a.name, movie })))
    .sort((a, b) => a.award.localeCompare(b.award, "fr"));
}

export function Palmares() {
  const prizes = useLoad(awarded);
  return (
    <section aria-labelledby="palmares-title">
      <h2 id="palmares-title">{fr.palmares.title}</h2>
      <Status of={prizes} empty={fr.palmares.empty}>
        {(list) => (
          <dl class="palmares">
            {list.map((p) => (
              <div key={`${p.award}-${p.movie.id_movie}`}>
                <dt>{p.award}</dt>
                <dd>{p.movie.title}</dd>
              </div>
            ))}
          </dl>
        )}
      </Status>
    </section>
  );
}
