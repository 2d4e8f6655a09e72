import { useEffect, useState } from "preact/hooks";
import { api, type Movie } from "../api/client";
import { fold } from "../board";
import { words } from "../i18n";
import { param, useRoute } from "../router";
import { minutes, StatusBadge } from "../ui/FilmFacts";
import { Poster } from "../ui/Poster";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

function MovieCard({ m }: { m: Movie }) {
  const producer = m.Producer ? `${m.Producer.first_name} ${m.Producer.last_name}` : null;
  return (
    <li class="card">
      <Poster m={m} />
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

// matches says whether every word searched is in the film's title, its
// producer's or team's names (the director among them) or its country,
// folded as the board's search folds them ("Émile" and "emile" match).
function matches(m: Movie, q: string): boolean {
  const names = [m.Producer && `${m.Producer.first_name} ${m.Producer.last_name}`, ...(m.Collaborators ?? []).map((c) => `${c.first_name} ${c.last_name}`)];
  const hay = fold([m.title, m.nationality, ...names].filter(Boolean).join(" "));
  return fold(q).split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
}

// Search is the selection's search field; what is searched is in the
// address (#/?q=...), so that a search can be shared and reloaded. The
// address is replaced as one types, not pushed: the back button leaves the
// page rather than stepping back one letter.
function Search({ q, onSearch, shown, total }: { q: string; onSearch: (q: string) => void; shown: number; total: number }) {
  return (
    <form class="search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label for="selection-search">{words.smaller.search}</label>
      <input id="selection-search" type="search" value={q} maxLength={100} aria-describedby="selection-search-hint selection-found" onInput={(e) => onSearch(e.currentTarget.value)} />
      <p class="meta" id="selection-search-hint">
        {words.smaller.searchHint}
      </p>
      <p class="meta" id="selection-found" role="status">
        {words.smaller.found(shown, total)}
      </p>
    </form>
  );
}

export function Selection({ erased = false }: { erased?: boolean }) {
  const films = useLoad(api.movies);
  const route = useRoute();
  const [q, setQ] = useState(param(route, "q") ?? "");
  // The address changed by other means (a link, a reload): its search.
  useEffect(() => setQ(param(route, "q") ?? ""), [route]);
  const search = (text: string) => {
    setQ(text);
    const next = text.trim() ? `#/?q=${encodeURIComponent(text)}` : "#/";
    // In place (no history entry per key typed), then told to the routes.
    history.replaceState(null, "", next);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  };
  return (
    <section aria-labelledby="selection-title">
      {erased && (
        <p role="status" class="notice">
          {words.myData.erased}
        </p>
      )}
      <h2 id="selection-title">{words.selection.title}</h2>
      <Status of={films} empty={words.selection.empty}>
        {(list: Movie[]) => {
          const shown = q.trim() ? list.filter((m) => matches(m, q)) : list;
          return (
            <>
              <Search q={q} onSearch={search} shown={shown.length} total={list.length} />
              {shown.length === 0 ? (
                <p>{words.smaller.noMatch(q.trim())}</p>
              ) : (
                <ul class="grid" aria-label={words.selection.title}>
                  {shown.map((m) => (
                    <MovieCard key={m.id_movie} m={m} />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </Status>
    </section>
  );
}
