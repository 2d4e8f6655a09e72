import { api, type Editions, type Movie } from "../api/client";
import { editions } from "../editions";
import { locale, words } from "../i18n";
import { useLoad } from "../useLoad";
import { Status } from "./Status";
import { when } from "../ui/dates";
import { Poster } from "../ui/Poster";

// The palmarès is read from the public film list of the edition (the
// current one, or an archived one: GET /movies?edition=): each film carries
// its awards.
async function awarded(edition: string | undefined): Promise<{ award: string; movie: Movie }[]> {
  const films = await api.movies(edition);
  return films
    .flatMap((movie) => (movie.Awards ?? []).map((a) => ({ award: a.name, movie })))
    .sort((a, b) => a.award.localeCompare(b.award, locale()));
}

// Ledger says which votes the published results come from: the vote
// ledger's head recorded at publication (anyone can compare it with an
// export checked by ledgerverify).
function Ledger({ edition }: { edition: string | undefined }) {
  const season = useLoad(() => api.season(edition), [edition]);
  if (season.state !== "ready" || !season.data.results_published_at || !season.data.results_ledger) return null;
  const { seq, hash } = season.data.results_ledger;
  return (
    <p class="meta" data-ledger-head={hash}>
      {words.palmares.ledger(when(season.data.results_published_at), seq, hash.slice(0, 16))}
    </p>
  );
}

// EditionChoice offers the archived editions' palmarès, when there are any.
function EditionChoice({ list, shown }: { list: Editions; shown: string }) {
  if (list.editions.length < 2) return null;
  return (
    <label class="edition-switcher">
      {words.palmares.edition}
      <select
        value={shown}
        onChange={(e) => {
          const id = e.currentTarget.value;
          location.hash = id === list.current ? "/palmares" : `/palmares?edition=${encodeURIComponent(id)}`;
        }}
      >
        {list.editions.map((e) => (
          <option key={e.id} value={e.id}>
            {e.id === list.current ? words.palmares.current(e.name || e.id) : e.name || e.id}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Palmares({ edition }: { edition: string | null }) {
  // Before the editions' routes exist (404), there is only the current one.
  const eds = useLoad(() => editions().catch(() => null), []);
  const list = eds.state === "ready" ? eds.data : null;
  const chosen = edition && edition !== list?.current ? edition : undefined;
  const name = chosen ? list?.editions.find((e) => e.id === chosen)?.name || chosen : null;
  const prizes = useLoad(() => awarded(chosen), [chosen]);
  return (
    <section aria-labelledby="palmares-title">
      <h2 id="palmares-title">
        {words.palmares.title}
        {name && ` — ${name}`}
      </h2>
      {list && <EditionChoice list={list} shown={chosen ?? list.current} />}
      <Ledger edition={chosen} />
      <Status of={prizes} empty={words.palmares.empty}>
        {(ranked) => (
          <dl class="palmares palmares-cards">
            {ranked.map((p) => (
              <div key={`${p.award}-${p.movie.id_movie}`} class="card">
                <dt>{p.award}</dt>
                <dd>
                  <Poster m={p.movie} edition={chosen} />
                  <a href={`#/films/${p.movie.id_movie}`}>{p.movie.title}</a>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Status>
    </section>
  );
}
