import { api, session, type Movie } from "../api/client";
import { fr } from "../i18n/fr";
import { goSignIn, param } from "../router";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

// A producer's films with where each stands (GET /movies/mine).
export function MyFilms({ route }: { route: string }) {
  if (!session.token()) {
    goSignIn(false);
    return null;
  }
  const films = useLoad(api.mine);
  const submitted = param(route, "soumis");
  return (
    <section aria-labelledby="myfilms-title">
      <h2 id="myfilms-title">{fr.myFilms.title}</h2>
      {submitted && <p role="status">{fr.myFilms.submitted(submitted)}</p>}
      <p>
        <a href="#/soumettre">{fr.nav.submit}</a>
      </p>
      <Status of={films} empty={fr.myFilms.empty}>
        {(list: Movie[]) => (
          <table class="table">
            <caption class="visually-hidden">{fr.myFilms.title}</caption>
            <thead>
              <tr>
                <th scope="col">{fr.submit.filmTitle}</th>
                <th scope="col">{fr.submit.year}</th>
                <th scope="col">Statut</th>
              </tr>
            </thead>
            <tbody>
              {list.map((m) => (
                <tr key={m.id_movie}>
                  <td>{m.title}</td>
                  <td>{m.release_year ?? "—"}</td>
                  <td>
                    <span class={`badge badge-${m.status}`}>{fr.selection.status[m.status] ?? m.status}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Status>
    </section>
  );
}
