import { api, type JuryQueue, type Season } from "../api/client";
import { Countdown, voting } from "../ui/Season";
import { words } from "../i18n";
import { SignedIn } from "../ui/guard";
import { runtime } from "../ui/FilmFacts";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";

type QueueFilm = JuryQueue["films"][number];

// The last column: the juror's score, what is left to do, or why the film
// is not theirs to score (the API's words).
function Standing({ f }: { f: QueueFilm }) {
  if (f.score !== null) return <>{words.jury.score(f.score)}</>;
  if (!f.vote && !f.candidate) return <span class="meta">{f.reason ?? words.juryLimits.notJudged}</span>;
  return <span class="badge">{words.jury.toVote}</span>;
}

// A juror's films: those assigned to them, each with its state and what
// they may do on it, as the API judges it (GET /votes/queue), and the next
// one to watch.
function Assigned() {
  const s = useLoad(() => Promise.all([api.queue(), api.season()]));
  if (s.state !== "ready") return <Pending of={s} />;
  const [{ films, next }, season]: [JuryQueue, Season] = s.data;
  const calendar = <Countdown of="voting" window={voting(season)} published={season.results_published_at} />;
  if (films.length === 0)
    return (
      <>
        {calendar}
        <p>{words.jury.none}</p>
      </>
    );
  const voted = films.filter((f) => f.state === "voted").length;
  return (
    <>
      {calendar}
      <p class="lead">
        <progress max={films.length} value={voted} aria-label={words.jury.progressLabel} /> {words.jury.progress(voted, films.length)}
      </p>
      <p class="actions">
        {next !== null ? (
          <a class="button" href={`#/films/${next}`}>
            {words.juryLimits.next}
          </a>
        ) : (
          <span class="notice">{words.juryLimits.allDone}</span>
        )}
      </p>
      <table class="table">
        <caption class="visually-hidden">{words.jury.title}</caption>
        <thead>
          <tr>
            <th scope="col">{words.film.title}</th>
            <th scope="col">{words.film.duration}</th>
            <th scope="col">{words.juryLimits.state}</th>
            <th scope="col">{words.jury.yourScore}</th>
          </tr>
        </thead>
        <tbody>
          {films.map((f) => (
            <tr key={f.id_movie} aria-current={f.id_movie === next ? "step" : undefined}>
              <td>
                <a href={`#/films/${f.id_movie}`}>{f.title}</a>
              </td>
              <td>{runtime(f.duration) ?? "—"}</td>
              <td>
                <span class={f.state === "voted" ? "badge badge-yes" : "badge"}>{words.juryLimits.states[f.state]}</span>
              </td>
              <td>
                <Standing f={f} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function Jury() {
  return (
    <section aria-labelledby="jury-title">
      <h2 id="jury-title">{words.jury.title}</h2>
      <SignedIn roles={["JURY"]}>
        <Assigned />
      </SignedIn>
    </section>
  );
}
