import { api, type Movie } from "../api/client";
import { words } from "../i18n";
import { param } from "../router";
import { StatusBadge } from "../ui/FilmFacts";
import { EntryBadges } from "../ui/Entry";
import { SignedIn } from "../ui/guard";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

function List() {
  const films = useLoad(api.mine);
  return (
    <Status of={films} empty={words.myFilms.empty}>
      {(list: Movie[]) => (
        <table class="table">
          <caption class="visually-hidden">{words.myFilms.title}</caption>
          <thead>
            <tr>
              <th scope="col">{words.film.title}</th>
              <th scope="col">{words.submit.year}</th>
              <th scope="col">{words.myFilms.file}</th>
              <th scope="col">{words.board.status}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.id_movie}>
                <td>
                  <a href={`#/films/${m.id_movie}`}>{m.title}</a> <EntryBadges m={m} />
                </td>
                <td>{m.release_year ?? "—"}</td>
                <td>
                  {m.trailer ? words.myFilms.sent : words.myFilms.missing}
                  {(m.media?.flags.length ?? 0) > 0 && <span class={m.media?.flags.some((f) => f.action === "refuse") ? "error" : "warning"}> · {words.myFilms.toReview}</span>}
                </td>
                <td>
                  <StatusBadge m={m} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Status>
  );
}

// A producer's films with where each stands (GET /movies/mine).
export function MyFilms({ route }: { route: string }) {
  const submitted = param(route, "soumis");
  return (
    <section aria-labelledby="myfilms-title">
      <h2 id="myfilms-title">{words.myFilms.title}</h2>
      {submitted && <p role="status">{words.myFilms.submitted(submitted)}</p>}
      <p>
        <a href="#/soumettre">{words.nav.submit}</a>
      </p>
      <SignedIn roles={["PRODUCER"]}>
        <List />
      </SignedIn>
    </section>
  );
}
