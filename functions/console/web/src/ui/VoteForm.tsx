import { useState } from "preact/hooks";
import { api, type Movie, type Season, type User, type Vote } from "../api/client";
import { words } from "../i18n";
import { useLoad } from "../useLoad";
import { Feedback, useAction } from "./action";
import { Pending } from "./Pending";

// conflict says why a juror may not judge a film, or null: they produced it,
// or they are among its collaborators (matched by e-mail, as the API does).
export function conflict(m: Movie, me: User): string | null {
  if (m.id_user === me.id_user) return words.vote.conflictProducer;
  const email = me.email.trim().toLowerCase();
  const c = (m.Collaborators ?? []).find((c) => c.email && c.email.trim().toLowerCase() === email);
  return c ? words.vote.conflictCollaborator(c.job) : null;
}

// VoteForm is a juror's vote on a film: a score from 0 to 10 with a
// comment, changed as often as they like, and the candidate mark.
// gridOf is the film's scoring grid: its first category's (by id) that has
// one, else the festival's, as the API decides (none: a single score).
function gridOf(s: Season, m: Movie): Criterion[] {
  const ids = m.Categories.map((c) => c.id_categorie).sort((a, b) => a - b);
  for (const id of ids) {
    const g = s.category_grids?.[String(id)];
    if (g && g.length > 0) return g;
  }
  return s.scoring_grid ?? [];
}

type Criterion = NonNullable<Season["scoring_grid"]>[number];
const markOf = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? null : Number(String(v).replace(",", ".")));

// MarkOnly is the candidate mark without a vote, offered while the film is
// not candidate yet.
export function MarkOnly({ m, onMarked, action }: { m: Movie; onMarked: (m: Movie) => void; action: ReturnType<typeof useAction> }) {
  if (m.status === "CANDIDATE") return null;
  function mark() {
    action.run(async () => {
      const answer = await api.markCandidate(m.id_movie);
      onMarked(answer.movie);
      return words.vote.marked;
    });
  }
  return (
    <button type="button" class="secondary" disabled={action.busy} onClick={mark}>
      {words.vote.markOnly}
    </button>
  );
}

// VoteForm is shown only where the API allows the vote (GET
// /votes/allowed/:id); mine is the juror's vote it read with it, candidate
// whether the candidate mark is allowed too.
export function VoteForm({ m, mine, candidate, onMarked, onVoted }: {
  m: Movie;
  mine: Vote | null;
  candidate: boolean;
  onMarked: (m: Movie) => void;
  onVoted: (v: Vote) => void;
}) {
  const season = useLoad(() => api.season(), [m.id_movie]);
  const action = useAction();
  const [saved, setSaved] = useState<Vote | null>(null);
  if (season.state !== "ready") return <Pending of={season} />;
  const vote = saved ?? mine;
  const grid = gridOf(season.data, m);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const scored = grid.length > 0
      ? { criteria: Object.fromEntries(grid.map((c) => [c.key, markOf(f.get(`criterion-${c.key}`))])) }
      : { score: Number(String(f.get("score")).replace(",", ".")) };
    action.run(async () => {
      const answer = await api.vote(m.id_movie, {
        ...scored,
        comment: String(f.get("comment") ?? ""),
        comment_shared: f.get("comment_shared") === "on",
        is_candidate: f.get("is_candidate") === "on",
      });
      setSaved(answer.vote);
      onVoted(answer.vote);
      return vote ? words.vote.changed(answer.vote.score) : words.vote.saved(answer.vote.score);
    });
  }

  return (
    <form class="form" onSubmit={submit} aria-labelledby="vote-title">
      <h3 id="vote-title">{vote ? words.vote.yourVote(vote.score) : words.vote.title}</h3>
      {grid.length === 0 ? (
        <label>
          {words.vote.score}
          <input
            name="score"
            type="text"
            required
            inputMode="decimal"
            pattern="(10([.,]0+)?|[0-9]([.,][0-9]+)?)"
            title={words.vote.scoreHint}
            defaultValue={vote ? String(vote.score) : ""}
            key={vote?.updatedAt}
          />
        </label>
      ) : (
        <fieldset>
          <legend>{words.vote.grid}</legend>
          <p class="meta">{words.vote.gridHint}</p>
          {grid.map((c) => (
            <label key={c.key}>
              {words.vote.criterion(c.name, c.weight)}
              <input
                name={`criterion-${c.key}`}
                type="text"
                inputMode="decimal"
                pattern="(10([.,]0+)?|[0-9]([.,][0-9]+)?)"
                title={words.vote.scoreHint}
                defaultValue={vote?.criteria?.[c.key] !== undefined ? String(vote.criteria[c.key]) : ""}
                key={vote?.updatedAt}
              />
            </label>
          ))}
        </fieldset>
      )}
      <label>
        {words.vote.comment}
        <textarea name="comment" rows={4} defaultValue={vote?.comment ?? ""} key={vote?.updatedAt} />
      </label>
      <label class="check">
        <input name="comment_shared" type="checkbox" defaultChecked={vote?.comment_shared ?? false} key={vote?.updatedAt} />
        {words.vote.share}
      </label>
      <label class="check">
        <input name="is_candidate" type="checkbox" defaultChecked={vote?.is_candidate ?? false} key={vote?.updatedAt} />
        {words.vote.candidate}
      </label>
      <Feedback of={action} />
      <p class="actions">
        <button type="submit" disabled={action.busy}>
          {vote ? words.vote.change : words.vote.send}
        </button>
        {candidate && <MarkOnly m={m} onMarked={onMarked} action={action} />}
      </p>
    </form>
  );
}
