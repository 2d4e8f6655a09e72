import { useState } from "preact/hooks";
import { api } from "../../api/client";
import { fr } from "../../i18n/fr";
import { Table } from "../../ui/Table";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

const num = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toLocaleString("fr-FR", { maximumFractionDigits: 2 }));

function Ranking() {
  const [category, setCategory] = useState(0);
  const categories = useLoad(api.categories);
  const results = useLoad(() => api.results(category || undefined), [category]);
  const download = useAction();

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
        <label>
          {fr.board.category}
          <select value={category} onChange={(e) => setCategory(Number(e.currentTarget.value))}>
            <option value={0}>{fr.results.allCategories}</option>
            {categories.state === "ready" &&
              categories.data.map((c) => (
                <option key={c.id_categorie} value={c.id_categorie}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
        <button type="button" onClick={csv} disabled={download.busy}>
          {fr.results.csv}
        </button>
      </div>
      <Feedback of={download} />
      <Pending of={results} />
      {results.state === "ready" &&
        (results.data.length === 0 ? (
          <p>{fr.board.none}</p>
        ) : (
          <Table caption={fr.admin.results} columns={fr.results.columns}>
            {results.data.map((r) => (
              <tr key={r.id_movie}>
                <td>{r.rank ?? "—"}</td>
                <td>
                  <a href={`#/films/${r.id_movie}`}>{r.title}</a>
                </td>
                <td>{r.vote_count}</td>
                <td>{num(r.mean)}</td>
                <td>{num(r.min)}</td>
                <td>{num(r.max)}</td>
                <td>{num(r.spread)}</td>
                <td>{r.candidate_flags}</td>
              </tr>
            ))}
          </Table>
        ))}
    </>
  );
}

export function Results() {
  return (
    <AdminPage path="/admin/resultats" title={fr.admin.results}>
      <Ranking />
    </AdminPage>
  );
}
