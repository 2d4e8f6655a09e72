import { useEffect, useState } from "preact/hooks";
import { api, session, type Movie, type Question, type Season, type User } from "../api/client";
import { words } from "../i18n";
import { Collaborators } from "../ui/Collaborators";
import { DirectUpload } from "../ui/DirectUpload";
import { FilmFacts } from "../ui/FilmFacts";
import { FilmFeedback } from "../ui/FilmFeedback";
import { MediaPanel } from "../ui/MediaPanel";
import { Player } from "../ui/Player";
import { Review } from "../ui/Review";
import { conflict, MarkOnly, VoteForm } from "../ui/VoteForm";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";
import { AnswersView, Checklist, EntryBadges } from "../ui/Entry";
import { AnswersForm, EntryEdit } from "../ui/EntryEdit";
import { Withdraw } from "../ui/Withdraw";
import { Feedback, ReadOnly, useAction } from "../ui/action";
import { archivedOf, editions } from "../editions";
import type { Edition } from "../api/client";
import { ReviewBar } from "../ui/ReviewNav";
import { Committee } from "../ui/Committee";

type Props = { m: Movie; me: User; onChange: (m: Movie) => void; questions: Question[]; season: Season | null };

// The owning producer: the film's files, what the media job found in them,
// and its team. The producer watches the MP4: the stream's keys are the
// jury's (and the admins').
function Producing({ m, onChange, questions, season }: Props) {
  return (
    <>
    <Checklist m={m} />
    <Withdraw m={m} admin={false} onChange={onChange} />
    {season && <EntryEdit m={m} season={season} questions={questions} onChange={onChange} />}
    <MediaPanel m={m} />
    <section aria-labelledby="files-title" class="panel">
      <h2 id="files-title">{words.film.yourFilm}</h2>
      <p>{m.trailer ? words.film.hasFilm : words.film.noFilmYet}</p>
      <Player id={m.id_movie} title={m.title} subtitles={m.subtitle_languages?.[0]} key={m.trailer} />
      <div class="columns">
        <DirectUpload m={m} part="filmFile" onDone={onChange} />
        <DirectUpload m={m} part="subtitlesSrt" onDone={onChange} />
      </div>
      <Collaborators m={m} onSaved={onChange} />
    </section>
    </>
  );
}

// NextFilm, once the juror voted, opens the next film of their queue (GET
// /votes/queue), or says there is none left.
function NextFilm({ after }: { after: string }) {
  const s = useLoad(() => api.queue(), [after]);
  if (s.state !== "ready") return null;
  const next = s.data.next;
  return next === null ? (
    <p class="notice">{words.juryLimits.allDone}</p>
  ) : (
    <p>
      <a class="button" href={`#/films/${next}`}>
        {words.juryLimits.next}
      </a>
    </p>
  );
}

// A juror: the screening room and the vote where the API allows them (GET
// /votes/allowed/:id, the rules the vote itself runs), else the reason in
// its words, and no form.
function Judging({ m, me, onChange }: Props) {
  const [round, setRound] = useState(0);
  const [voted, setVoted] = useState<string | null>(null);
  useEffect(() => setVoted(null), [m.id_movie]);
  const s = useLoad(() => api.allowed(m.id_movie), [m.id_movie, round]);
  const action = useAction();
  if (s.state !== "ready") return <Pending of={s} />;
  const a = s.data;
  const back = (
    <p>
      <a href="#/jury">{words.juryLimits.backToQueue}</a>
    </p>
  );
  if (!a.vote && !a.candidate) {
    // A conflict the API found is one of three: the film's producer or
    // crew (the film says which), else one the juror declared.
    const conflicted = a.code === "conflict_of_interest";
    const crew = conflicted ? conflict(m, me) : null;
    return (
      <section aria-labelledby="conflict-title" class="panel">
        <h2 id="conflict-title">{conflicted ? words.vote.conflictTitle : words.juryLimits.cannotTitle}</h2>
        {conflicted && <p>{crew ?? words.juryLimits.declared}</p>}
        {crew && <p>{words.vote.conflictRule}</p>}
        <p role="note" class={conflicted ? "meta" : undefined}>
          {a.reason}
        </p>
        {back}
      </section>
    );
  }
  return (
    <section aria-labelledby="screening-title" class="panel">
      <h2 id="screening-title">{words.vote.screening}</h2>
      <Player id={m.id_movie} title={m.title} subtitles={m.subtitle_languages?.[0]} reports stream />
      {a.vote ? (
        <>
          <VoteForm m={m} mine={a.my_vote} candidate={a.candidate} onMarked={onChange} onVoted={(v) => setVoted(v.updatedAt)} />
          {voted && <NextFilm after={voted} />}
        </>
      ) : (
        <div aria-labelledby="watch-title">
          <h3 id="watch-title">{words.juryLimits.watchFirst}</h3>
          <p role="note">{a.reason}</p>
          <Feedback of={action} />
          <p class="actions">
            <button type="button" onClick={() => setRound(round + 1)}>
              {words.juryLimits.recheck}
            </button>
            <MarkOnly m={m} onMarked={onChange} action={action} />
          </p>
        </div>
      )}
      {back}
    </section>
  );
}

// An admin: the film, the committee's own tags and notes beside what was
// just watched, then the review (the way through the board's view and the
// quick decisions head the page).
function Admin({ m, me, onChange, questions }: Props) {
  return (
    <>
      <Checklist m={m} />
      <Withdraw m={m} admin onChange={onChange} />
      <section aria-labelledby="screening-title" class="panel">
        <h2 id="screening-title">{words.vote.screening}</h2>
        <Player id={m.id_movie} title={m.title} subtitles={m.subtitle_languages?.[0]} stream key={m.trailer} />
      </section>
      <Committee m={m} me={me} onChange={onChange} />
      <MediaPanel m={m} />
      <Review m={m} onChange={onChange} />
      {questions.length > 0 && (
        <section class="panel" aria-label={words.entry.editAnswers}>
          <AnswersForm m={m} questions={questions} admin onChange={onChange} />
        </section>
      )}
      <section class="panel">
        <Collaborators m={m} onSaved={onChange} />
      </section>
    </>
  );
}

// The festival's questions name the answers; a reader the API does not
// give the form to reads them under their ids.
const questionsOf = () => api.form().then((f) => f.questions, () => [] as Question[]);

// archivedEdition is the archived edition a film belongs to, if it does
// (a film of an earlier edition is read-only).
const archivedEdition = async (m: Movie): Promise<Edition | null> =>
  m.edition ? archivedOf(await editions().catch(() => null), m.edition) : null;

async function load(id: number): Promise<{ m: Movie; me: User | null; questions: Question[]; season: Season | null; archived: Edition | null }> {
  const signed = session.token() !== null;
  const [m, me, questions, season] = await Promise.all([
    api.movie(id),
    signed ? api.me() : Promise.resolve(null),
    questionsOf(),
    signed && session.role() === "PRODUCER" ? api.season() : Promise.resolve(null),
  ]);
  return { m, me, questions, season, archived: await archivedEdition(m) };
}

// asked are the questions asked of a film of these categories (0: every film).
const asked = (qs: Question[], m: Movie) =>
  qs.filter((q) => q.category === 0 || m.Categories.some((c) => c.id_categorie === q.category));

// Film is one film's page: what anyone may read, then what the signed-in
// person may do with it.
export function Film({ id, vue = null }: { id: number; vue?: string | null }) {
  const s = useLoad(() => load(id), [id]);
  const [m, setM] = useState<Movie | null>(null);
  useEffect(() => setM(null), [id]);
  if (s.state !== "ready") return <Pending of={s} />;
  const film = m ?? s.data.m;
  const { me, season, archived } = s.data;
  const questions = asked(s.data.questions, film);
  const props = me ? { m: film, me, onChange: setM, questions, season } : null;
  return (
    <article aria-labelledby="film-title">
      <h2 id="film-title">{film.title}</h2>
      {archived && (
        <p role="note" class="archived-banner">
          {words.editions.readOnly(archived.name || archived.id)}
        </p>
      )}
      <ReadOnly.Provider value={archived !== null}>
        {props && me?.role === "ADMIN" && <ReviewBar m={film} vue={vue} onChange={setM} />}
        <EntryBadges m={film} block />
        <FilmFacts m={film} />
        <AnswersView m={film} questions={s.data.questions} />
        {props && me?.role === "ADMIN" && <Admin {...props} />}
        {props && me?.role === "JURY" && <Judging {...props} />}
        {props && me?.role === "PRODUCER" && film.id_user === me.id_user && (
          <>
            <FilmFeedback id={film.id_movie} />
            <Producing {...props} />
          </>
        )}
      </ReadOnly.Provider>
    </article>
  );
}
