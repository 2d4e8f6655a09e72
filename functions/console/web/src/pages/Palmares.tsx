import { api, type Movie } from "../api/client";
import { locale, words } from "../i18n";
import { useLoad } from "../useLoad";
import { Status } from "./Status";
import { when } from "../ui/dates";

// The palmarès is read from the public film list: each film carries its awards.
async function awarded(): Promise<{ award: string; movie: Movie }[]> {
  const films = await api.movies();
  return films
    .flatMap((movie) => (movie.Awards ?? []).map((a) => ({ award: a.name, movie })))
    .sort((a, b) => a.award.localeCompare(b.award, locale()));
}

// Ledger says which votes the published results come from: the vote
// ledger's head recorded at publication (anyone can compare it with an
// export checked by ledgerverify).
function Ledger() {
  const season = useLoad(api.season);
  if (season.state !== "ready" || !season.data.results_published_at || !season.data.results_ledger) return null;
  const { seq, hash } = season.data.results_ledger;
  return (
    <p class="meta" data-ledger-head={hash}>
      {words.palmares.ledger(when(season.data.results_published_at), seq, hash.slice(0, 16))}
    </p>
  );
}

export function Palmares() {
  const prizes = useLoad(awarded);
  return (
    <section aria-labelledby="palmares-title">
      <h2 id="palmares-title">{words.palmares.title}</h2>
      <Ledger />
      <Status of={prizes} empty={words.palmares.empty}>
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
