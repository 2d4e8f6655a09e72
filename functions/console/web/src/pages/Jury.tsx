import { api, type Movie, type Season, type Vote } from "../api/client";
import { Countdown, voting } from "../ui/Season";
import { words } from "../i18n";
import { SignedIn } from "../ui/guard";
import { minutes } from "../ui/FilmFacts";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";

async function assignedWithVotes(): Promise<{ films: Movie[]; votes: Map<number, Vote>; season: Season }> {
  const [films, votes, season] = await Promise.all([api.assigned(), api.myVotes(), api.season()]);
  return { films, votes: new Map(votes.map((v) => [v.id_movie, v])), season };
}

// A juror's films: those assigned to them, with how far they are.
function Assigned() {
  const s = useLoad(assignedWithVotes);
  if (s.state !== "ready") return <Pending of={s} />;
  const { films, votes, season } = s.data;
  const calendar = <Countdown of="voting" window={voting(season)} published={season.results_published_at} />;
  if (films.length === 0)
    return (
      <>
        {calendar}
        <p>{words.jury.none}</p>
      </>
    );
  const voted = films.filter((f) => votes.has(f.id_movie)).length;
  return (
    <>
      {calendar}
      <p class="lead">
        <progress max={films.length} value={voted} aria-label={words.jury.progressLabel} /> {words.jury.progress(voted, films.length)}
      </p>
      <table class="table">
        <caption class="visually-hidden">{words.jury.title}</caption>
        <thead>
          <tr>
            <th scope="col">{words.film.title}</th>
            <th scope="col">{words.film.duration}</th>
            <th scope="col">{words.jury.yourScore}</th>
          </tr>
        </thead>
        <tbody>
          {films.map((m) => {
            const v = votes.get(m.id_movie);
            return (
              <tr key={m.id_movie}>
                <td>
                  <a href={`#/films/${m.id_movie}`}>{m.title}</a>
                </td>
                <td>{minutes(m) ?? "—"}</td>
                <td>{v ? words.jury.score(v.score) : <span class="badge">{words.jury.toVote}</span>}</td>
              </tr>
            );
          })}
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
