import { useState } from "preact/hooks";
import { CategorySelect } from "../../ui/CategorySelect";
import { api, type Category, type Movie } from "../../api/client";
import { fr } from "../../i18n/fr";
import { param } from "../../router";
import { StatusBadge } from "../../ui/FilmFacts";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

const statuses = ["PENDING", "VALIDATED", "CANDIDATE", "REJECTED"];

// Films shows every film with filters by status, category and title, and
// how many there are of each status.
function Films() {
  const data = useLoad(() => Promise.all([api.movies(), api.categories()]), []);
  const [status, setStatus] = useState("");
  const [category, setCategory] = useState("");
  const [text, setText] = useState("");
  if (data.state !== "ready") return <Pending of={data} />;
  const [films, categories] = data.data as [Movie[], Category[]];
  const q = text.trim().toLowerCase();
  const shown = films.filter(
    (m) =>
      (!status || m.status === status) &&
      (!category || m.Categories.some((c) => String(c.id_categorie) === category)) &&
      (!q || m.title.toLowerCase().includes(q)),
  );
  const count = (s: string) => films.filter((m) => m.status === s).length;
  return (
    <>
      <p class="counts">
        {statuses.map((s) => (
          <span key={s} class={`badge badge-${s}`}>
            {fr.film.status[s]} : {count(s)}
          </span>
        ))}
      </p>
      <div class="filters" role="search">
        <label>
          {fr.board.status}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">{fr.board.all}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {fr.film.status[s]}
              </option>
            ))}
          </select>
        </label>
        <CategorySelect label={fr.board.category} none={fr.board.all} value={category} categories={categories} onChange={setCategory} />
        <label>
          {fr.board.search}
          <input type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
      </div>
      {shown.length === 0 ? (
        <p>{fr.board.none}</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">{fr.admin.board}</caption>
          <thead>
            <tr>
              <th scope="col">{fr.film.title}</th>
              <th scope="col">{fr.board.producer}</th>
              <th scope="col">{fr.board.status}</th>
              <th scope="col">{fr.film.categories}</th>
              <th scope="col">{fr.board.jurors}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.id_movie}>
                <td>
                  <a href={`#/films/${m.id_movie}`}>{m.title}</a>
                </td>
                <td>{m.Producer ? `${m.Producer.first_name} ${m.Producer.last_name}` : "—"}</td>
                <td>
                  <StatusBadge m={m} />
                </td>
                <td>{m.Categories.map((c) => c.name).join(", ") || "—"}</td>
                <td>{m.Juries.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function Board({ route }: { route: string }) {
  const deleted = param(route, "supprime");
  return (
    <AdminPage path="/admin" title={fr.admin.board}>
      {deleted && <p role="status">{fr.board.deleted(deleted)}</p>}
      <Films />
    </AdminPage>
  );
}
