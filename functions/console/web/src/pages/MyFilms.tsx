import { api, type Movie } from "../api/client";
import { fr } from "../i18n/fr";
import { param } from "../router";
import { StatusBadge } from "../ui/FilmFacts";
import { EntryBadges } from "../ui/Entry";
import { SignedIn } from "../ui/guard";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

function List() {
  const films = useLoad(api.mine);
  return (
    <Status of={films} empty={fr.myFilms.empty}>
      {(list: Movie[]) => (
        <table class="table">
          <caption class="visually-hidden">{fr.myFilms.title}</caption>
          <thead>
            <tr>
              <th scope="col">{fr.film.title}</th>
              <th scope="col">{fr.submit.year}</th>
              <th scope="col">{fr.myFilms.file}</th>
              <th scope="col">{fr.board.status}</th>
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
                  {m.trailer ? fr.myFilms.sent : fr.myFilms.missing}
                  {(m.media?.flags.length ?? 0) > 0 && <span class={m.media?.flags.some((f) => f.action === "refuse") ? "error" : "warning"}> · {fr.myFilms.toReview}</span>}
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
      <h2 id="myfilms-title">{fr.myFilms.title}</h2>
      {submitted && <p role="status">{fr.myFilms.submitted(submitted)}</p>}
      <p>
        <a href="#/soumettre">{fr.nav.submit}</a>
      </p>
      <SignedIn roles={["PRODUCER"]}>
        <List />
      </SignedIn>
    </section>
  );
}
