import { useState } from "preact/hooks";
import { api, type Edition, type Movie } from "../api/client";
import { archivedOf, editions } from "../editions";
import { words } from "../i18n";
import { param } from "../router";
import { StatusBadge } from "../ui/FilmFacts";
import { EntryBadges } from "../ui/Entry";
import { Feedback, useAction } from "../ui/action";
import { SignedIn } from "../ui/guard";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

function Films({ list, caption }: { list: Movie[]; caption: string }) {
  return (
    <table class="table">
      <caption class="visually-hidden">{caption}</caption>
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
  );
}

// Earlier lists the films the producer sent to an archived edition, each
// with its one-step "submit again" to the current edition
// (POST /movies/{id}/resubmit).
function Earlier({ edition, current, onResubmitted }: { edition: Edition; current: string; onResubmitted: () => void }) {
  const films = useLoad(() => api.mine(edition.id), [edition.id]);
  const action = useAction();
  const [done, setDone] = useState<Set<number>>(new Set());
  if (films.state === "ready" && films.data.length === 0) return null;
  const name = edition.name || edition.id;
  return (
    <section aria-labelledby={`earlier-${edition.id}`} class="panel" data-edition={edition.id}>
      <h3 id={`earlier-${edition.id}`}>{words.myFilms.earlier(name)}</h3>
      <Status of={films} empty={words.myFilms.empty}>
        {(list: Movie[]) => (
          <ul class="list">
            {list.map((m) => (
              <li key={m.id_movie} class="card inline">
                <a href={`#/films/${m.id_movie}`}>{m.title}</a>
                <button
                  type="button"
                  aria-label={words.myFilms.resubmit(m.title, current)}
                  disabled={action.busy || done.has(m.id_movie)}
                  onClick={() =>
                    action.run(async () => {
                      await api.resubmit(m.id_movie);
                      setDone(new Set(done).add(m.id_movie));
                      onResubmitted();
                      return words.myFilms.resubmitted(m.title, current);
                    })
                  }
                >
                  {words.myFilms.resubmitShort(current)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Status>
      <Feedback of={action} />
    </section>
  );
}

function List() {
  const [version, setVersion] = useState(0);
  const films = useLoad(() => api.mine(), [version]);
  // Before the editions' routes exist (404), there is only the current one.
  const eds = useLoad(() => editions().catch(() => null), []);
  const list = eds.state === "ready" ? eds.data : null;
  const current = list?.editions.find((e) => e.id === list.current);
  const archived = list ? list.editions.filter((e) => archivedOf(list, e.id)) : [];
  return (
    <>
      <Status of={films} empty={words.myFilms.empty}>
        {(mine: Movie[]) => <Films list={mine} caption={words.myFilms.title} />}
      </Status>
      {archived.map((e) => (
        <Earlier key={e.id} edition={e} current={current?.name || list!.current} onResubmitted={() => setVersion((v) => v + 1)} />
      ))}
    </>
  );
}

// A producer's films with where each stands (GET /movies/mine), and those
// they sent to earlier editions.
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
