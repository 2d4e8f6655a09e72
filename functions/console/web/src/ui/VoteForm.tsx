import { useState } from "preact/hooks";
import { api, type Movie, type User, type Vote } from "../api/client";
import { fr } from "../i18n/fr";
import { useLoad } from "../useLoad";
import { Feedback, useAction } from "./action";
import { Pending } from "./Pending";

// conflict says why a juror may not judge a film, or null: they produced it,
// or they are among its collaborators (matched by e-mail, as the API does).
export function conflict(m: Movie, me: User): string | null {
  if (m.id_user === me.id_user) return fr.vote.conflictProducer;
  const email = me.email.trim().toLowerCase();
  const c = m.Collaborators.find((c) => c.email && c.email.trim().toLowerCase() === email);
  return c ? fr.vote.conflictCollaborator(c.job) : null;
}

// VoteForm is a juror's vote on a film: a score from 0 to 10 with a
// comment, changed as often as they like, and the candidate mark.
export function VoteForm({ m, onMarked }: { m: Movie; onMarked: (m: Movie) => void }) {
  const mine = useLoad(() => api.myVote(m.id_movie), [m.id_movie]);
  const action = useAction();
  const [saved, setSaved] = useState<Vote | null>(null);
  if (mine.state !== "ready") return <Pending of={mine} />;
  const vote = saved ?? mine.data;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const score = Number(String(f.get("score")).replace(",", "."));
    action.run(async () => {
      const answer = await api.vote(m.id_movie, {
        score,
        comment: String(f.get("comment") ?? ""),
        is_candidate: f.get("is_candidate") === "on",
      });
      setSaved(answer.vote);
      return vote ? fr.vote.changed(answer.vote.score) : fr.vote.saved(answer.vote.score);
    });
  }

  function mark() {
    action.run(async () => {
      const answer = await api.markCandidate(m.id_movie);
      onMarked(answer.movie);
      return fr.vote.marked;
    });
  }

  return (
    <form class="form" onSubmit={submit} aria-labelledby="vote-title">
      <h3 id="vote-title">{vote ? fr.vote.yourVote(vote.score) : fr.vote.title}</h3>
      <label>
        {fr.vote.score}
        <input
          name="score"
          type="text"
          required
          inputMode="decimal"
          pattern="(10([.,]0+)?|[0-9]([.,][0-9]+)?)"
          title={fr.vote.scoreHint}
          defaultValue={vote ? String(vote.score) : ""}
          key={vote?.updatedAt}
        />
      </label>
      <label>
        {fr.vote.comment}
        <textarea name="comment" rows={4} defaultValue={vote?.comment ?? ""} key={vote?.updatedAt} />
      </label>
      <label class="check">
        <input name="is_candidate" type="checkbox" defaultChecked={vote?.is_candidate ?? false} key={vote?.updatedAt} />
        {fr.vote.candidate}
      </label>
      <Feedback of={action} />
      <p class="actions">
        <button type="submit" disabled={action.busy}>
          {vote ? fr.vote.change : fr.vote.send}
        </button>
        {m.status !== "CANDIDATE" && (
          <button type="button" class="secondary" disabled={action.busy} onClick={mark}>
            {fr.vote.markOnly}
          </button>
        )}
      </p>
    </form>
  );
}
