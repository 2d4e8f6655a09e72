import { useState } from "preact/hooks";
import { api, type Award, type Movie } from "../../api/client";
import { locale, words } from "../../i18n";
import { DeleteButton, Feedback, formValues, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";

// awardable is what the API accepts (POST /awards): a film in the festival
// (neither withdrawn nor a draft) that the festival did not refuse.
const awardable = (m: Movie) => m.selection_status !== "refused" && !m.withdrawn && !m.draft;

function List() {
  const [version, setVersion] = useState(0);
  const data = useLoad(() => Promise.all([api.awards(), api.movies()]), [version]);
  const action = useAction();
  const create = useAction();
  const reload = () => setVersion((v) => v + 1);
  if (data.state !== "ready") return <Pending of={data} />;
  const [awards, films] = data.data as [Award[], Movie[]];
  const title = new Map(films.map((m) => [m.id_movie, m.title]));
  const offered = films.filter(awardable).sort((a, b) => a.title.localeCompare(b.title, locale()));
  return (
    <>
      <Feedback of={action} />
      {awards.length === 0 ? (
        <p>{words.palmares.empty}</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">{words.admin.awards}</caption>
          <thead>
            <tr>
              <th scope="col">{words.awards.name}</th>
              <th scope="col">{words.film.title}</th>
              <th scope="col">{words.users.actions}</th>
            </tr>
          </thead>
          <tbody>
            {awards.map((a) => (
              <tr key={a.id_award}>
                <td>{a.name}</td>
                <td>{title.get(a.id_movie) ?? a.id_movie}</td>
                <td>
                  <DeleteButton
                    action={action}
                    label={words.awards.delete(a.name)}
                    confirm={words.awards.confirmDelete(a.name)}
                    remove={async () => {
                      await api.deleteAward(a.id_award);
                      reload();
                      return words.awards.deleted(a.name);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        class="form"
        aria-labelledby="newaward-title"
        onSubmit={(e) => {
          const v = formValues(e);
          create.run(async () => {
            await api.createAward(Number(v.id_movie), v.name);
            reload();
            return words.awards.created(v.name, title.get(Number(v.id_movie)) ?? "");
          });
        }}
      >
        <h3 id="newaward-title">{words.awards.new}</h3>
        <label>
          {words.awards.name}
          <input name="name" required maxLength={255} />
        </label>
        <p class="meta" id="awardable-hint">
          {words.smaller.awardable}
        </p>
        <label>
          {words.awards.film}
          <select name="id_movie" required aria-describedby="awardable-hint">
            <option value="">{words.smaller.chooseFilm}</option>
            {offered.map((m) => (
              <option key={m.id_movie} value={m.id_movie}>
                {m.title}
              </option>
            ))}
          </select>
        </label>
        <Feedback of={create} />
        <button type="submit" disabled={create.busy}>
          {words.awards.create}
        </button>
      </form>
    </>
  );
}

export function Awards() {
  return (
    <AdminPage path="/admin/prix" title={words.admin.awards}>
      <List />
    </AdminPage>
  );
}
