import { useState } from "preact/hooks";
import { CategorySelect } from "../../ui/CategorySelect";
import { api } from "../../api/client";
import { locale, words } from "../../i18n";
import { Table } from "../../ui/Table";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

const num = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toLocaleString(locale(), { maximumFractionDigits: 2 }));

// A share under half the film is shown as such; the server's count, when
// the film streams, is the one the vote rule applies.
const short = (share: number | null) => share !== null && share < 50;

const ranked = (rows: { rank: number | null }[]) => rows.filter((r) => r.rank !== null).length;

// RankInterval draws where a film's rank may fall (95%) on the scale of all
// ranked films: a bar from the interval's low to its high, a mark on the rank.
function RankInterval({ lo, hi, rank, of }: { lo: number | null; hi: number | null; rank: number | null; of: number }) {
  if (lo === null || hi === null || rank === null) return <span>—</span>;
  const at = (n: number) => (of <= 1 ? 0 : ((n - 1) / (of - 1)) * 100);
  return (
    <span class="interval" title={words.results.interval(lo, hi)}>
      <span class="interval-track" aria-hidden="true">
        <span class="interval-bar" style={{ left: `${at(lo)}%`, width: `${Math.max(at(hi) - at(lo), 2)}%` }} />
        <span class="interval-mark" style={{ left: `${at(rank)}%` }} />
      </span>
      <span class="interval-text">{words.results.interval(lo, hi)}</span>
    </span>
  );
}

function Ranking() {
  const [category, setCategory] = useState(0);
  const categories = useLoad(api.categories);
  const results = useLoad(() => api.results(category || undefined), [category]);
  const download = useAction(true);

  function csv() {
    download.run(async () => {
      const blob = await api.resultsCsv(category || undefined);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "jury-results.csv";
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    });
  }

  return (
    <>
      <div class="filters">
        <CategorySelect
          label={words.board.category}
          none={words.results.allCategories}
          value={category ? String(category) : ""}
          categories={categories.state === "ready" ? categories.data : []}
          onChange={(id) => setCategory(Number(id))}
        />
        <button type="button" onClick={csv} disabled={download.busy}>
          {words.results.csv}
        </button>
      </div>
      <Feedback of={download} />
      <p class="meta">{words.results.intervalHint}</p>
      <p class="meta">{words.results.viewingHint}</p>
      <Pending of={results} />
      {results.state === "ready" &&
        (results.data.length === 0 ? (
          <p>{words.board.none}</p>
        ) : (
          <Table caption={words.admin.results} columns={words.results.columns}>
            {results.data.map((r) => (
              <tr key={r.id_movie}>
                <td>{r.rank ?? "—"}</td>
                <td>
                  <RankInterval lo={r.rank_low} hi={r.rank_high} rank={r.rank} of={ranked(results.data)} />
                </td>
                <td>
                  <a href={`#/films/${r.id_movie}`}>{r.title}</a>
                </td>
                <td>{r.vote_count}</td>
                <td>{num(r.mean)}</td>
                <td>{num(r.min)}</td>
                <td>{num(r.max)}</td>
                <td>{num(r.spread)}</td>
                <td>{r.candidate_flags}</td>
                <td>{r.normalized_rank ?? "—"}</td>
                <td>{num(r.normalized_mean)}</td>
                <td>
                  <ul class="watched">
                    {r.watched.map((w) => (
                      <li key={w.id_user} data-short={short(w.server_share ?? w.watched_share) ? "1" : undefined}>
                        {words.results.watched(w.score, w.watched_share)}
                        {w.server_share !== null && <span data-testid="server-share">{words.results.counted(w.server_share)}</span>}
                      </li>
                    ))}
                  </ul>
                  {r.watched.length > 1 && <p class="meta watched">{words.results.lowest(r.watched_share_min, r.server_share_min)}</p>}
                </td>
              </tr>
            ))}
          </Table>
        ))}
    </>
  );
}

export function Results() {
  return (
    <AdminPage path="/admin/resultats" title={words.admin.results}>
      <Ranking />
    </AdminPage>
  );
}
