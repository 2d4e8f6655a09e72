import { api, type Event } from "../api/client";
import { fr } from "../i18n/fr";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

const day = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export function Programme() {
  const events = useLoad(api.events);
  return (
    <section aria-labelledby="programme-title">
      <h2 id="programme-title">{fr.programme.title}</h2>
      <Status of={events} empty={fr.programme.empty}>
        {(list: Event[]) => (
          <ul class="list">
            {[...list]
              .sort((a, b) => a.start_date.localeCompare(b.start_date))
              .map((e) => (
                <li key={e.id_event} class="card">
                  <h3>{e.name}</h3>
                  <p class="meta">
                    {fr.programme.from(day.format(new Date(e.start_date)), day.format(new Date(e.end_date)))} · {e.location}
                  </p>
                  <p>{e.description}</p>
                </li>
              ))}
          </ul>
        )}
      </Status>
    </section>
  );
}
