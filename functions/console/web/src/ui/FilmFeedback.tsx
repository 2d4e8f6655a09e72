import { api, type FilmFeedback as Data } from "../api/client";
import { locale, words } from "../i18n";
import { useLoad } from "../useLoad";
import { Table } from "./Table";

const marksList = (marks: number[]) => marks.map((v) => v.toLocaleString(locale())).join(" · ") || "—";

// Parts shows each part of the feedback the festival shares.
function Parts({ f }: { f: Data }) {
  return (
    <>
      {f.decision && (
        <p>
          {words.feedback.decision}{words.colon}<strong class="badge">{f.decision.status_label}</strong>
        </p>
      )}
      {f.marks && (
        <>
          <h3>{words.feedback.marks}</h3>
          <p>
            {words.feedback.overall}{words.colon}<strong>{words.feedback.mean(f.marks.score.mean)}</strong> ({words.feedback.votes(f.marks.votes)}{words.colon}
            {marksList(f.marks.score.marks)})
          </p>
          {f.marks.criteria.length > 0 && (
            <Table caption={words.feedback.marks} columns={words.feedback.criteria}>
              {f.marks.criteria.map((c) => (
                <tr key={c.key}>
                  <td>{c.name}</td>
                  <td>{c.weight.toLocaleString(locale())}</td>
                  <td>{words.feedback.mean(c.mean)}</td>
                  <td>{marksList(c.marks)}</td>
                </tr>
              ))}
            </Table>
          )}
          <p>
            {f.marks.percentile !== null && f.marks.category
              ? words.feedback.percentile(f.marks.percentile, f.marks.category.name)
              : words.feedback.noPercentile}
          </p>
        </>
      )}
      {f.viewing && <p>{words.feedback.viewing(f.viewing.watched_whole, f.viewing.jurors)}</p>}
      {f.comments && (
        <>
          <h3>{words.feedback.comments}</h3>
          {f.comments.length === 0 ? (
            <p>{words.feedback.noComments}</p>
          ) : (
            <ul class="feedback-comments">
              {f.comments.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

// FilmFeedback is "Retours du jury" on a producer's film: what the festival
// shares of its judging once the decision is out, or the API's words saying
// when it will be (or that it shares none).
export function FilmFeedback({ id }: { id: number }) {
  const s = useLoad(() => api.feedback(id), [id]);
  return (
    <section aria-labelledby="feedback-title" class="panel">
      <h2 id="feedback-title">{words.feedback.title}</h2>
      {s.state === "loading" && <p aria-busy="true">…</p>}
      {s.state === "error" && <p>{s.message}</p>}
      {s.state === "ready" && <Parts f={s.data} />}
    </section>
  );
}
