import { useEffect, useState } from "preact/hooks";
import { api, session, type Movie, type User } from "../api/client";
import { fr } from "../i18n/fr";
import { Collaborators } from "../ui/Collaborators";
import { DirectUpload } from "../ui/DirectUpload";
import { FilmFacts } from "../ui/FilmFacts";
import { FilmFeedback } from "../ui/FilmFeedback";
import { MediaPanel } from "../ui/MediaPanel";
import { Player } from "../ui/Player";
import { Review } from "../ui/Review";
import { conflict, VoteForm } from "../ui/VoteForm";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";

type Props = { m: Movie; me: User; onChange: (m: Movie) => void };

// The owning producer: the film's files, what the media job found in them,
// and its team. The producer watches the MP4: the stream's keys are the
// jury's (and the admins').
function Producing({ m, onChange }: Props) {
  return (
    <>
    <MediaPanel m={m} />
    <section aria-labelledby="files-title" class="panel">
      <h2 id="files-title">{fr.film.yourFilm}</h2>
      <p>{m.trailer ? fr.film.hasFilm : fr.film.noFilmYet}</p>
      <Player id={m.id_movie} title={m.title} key={m.trailer} />
      <div class="columns">
        <DirectUpload m={m} part="filmFile" onDone={onChange} />
        <DirectUpload m={m} part="subtitlesSrt" onDone={onChange} />
      </div>
      <Collaborators m={m} onSaved={onChange} />
    </section>
    </>
  );
}

// A juror: the screening room and the vote, or why they may not judge.
function Judging({ m, me, onChange }: Props) {
  const why = conflict(m, me);
  if (why) {
    return (
      <section aria-labelledby="conflict-title" class="panel">
        <h2 id="conflict-title">{fr.vote.conflictTitle}</h2>
        <p>{why}</p>
        <p>{fr.vote.conflictRule}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="screening-title" class="panel">
      <h2 id="screening-title">{fr.vote.screening}</h2>
      <Player id={m.id_movie} title={m.title} reports stream />
      <VoteForm m={m} onMarked={onChange} />
    </section>
  );
}

function Admin({ m, onChange }: Props) {
  return (
    <>
      <section aria-labelledby="screening-title" class="panel">
        <h2 id="screening-title">{fr.vote.screening}</h2>
        <Player id={m.id_movie} title={m.title} stream key={m.trailer} />
      </section>
      <MediaPanel m={m} />
      <Review m={m} onChange={onChange} />
      <section class="panel">
        <Collaborators m={m} onSaved={onChange} />
      </section>
    </>
  );
}

async function load(id: number): Promise<{ m: Movie; me: User | null }> {
  const [m, me] = await Promise.all([api.movie(id), session.token() ? api.me() : Promise.resolve(null)]);
  return { m, me };
}

// Film is one film's page: what anyone may read, then what the signed-in
// person may do with it.
export function Film({ id }: { id: number }) {
  const s = useLoad(() => load(id), [id]);
  const [m, setM] = useState<Movie | null>(null);
  useEffect(() => setM(null), [id]);
  if (s.state !== "ready") return <Pending of={s} />;
  const film = m ?? s.data.m;
  const me = s.data.me;
  const props = me ? { m: film, me, onChange: setM } : null;
  return (
    <article aria-labelledby="film-title">
      <h2 id="film-title">{film.title}</h2>
      <FilmFacts m={film} />
      {props && me?.role === "ADMIN" && <Admin {...props} />}
      {props && me?.role === "JURY" && <Judging {...props} />}
      {props && me?.role === "PRODUCER" && film.id_user === me.id_user && (
        <>
          <FilmFeedback id={film.id_movie} />
          <Producing {...props} />
        </>
      )}
    </article>
  );
}
