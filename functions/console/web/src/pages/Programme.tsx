import { api, type Event } from "../api/client";
import { locale, words } from "../i18n";
import { useLoad } from "../useLoad";
import { Status } from "./Status";

// Events are written in UTC by the admins' form: shown as written.
const day = (iso: string) => new Date(iso).toLocaleString(locale(), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export function Programme() {
  const events = useLoad(api.events);
  return (
    <section aria-labelledby="programme-title">
      <h2 id="programme-title">{words.programme.title}</h2>
      <Status of={events} empty={words.programme.empty}>
        {(list: Event[]) => (
          <ul class="list">
            {[...list]
              .sort((a, b) => a.start_date.localeCompare(b.start_date))
              .map((e) => (
                <li key={e.id_event} class="card">
                  <h3>{e.name}</h3>
                  <p class="meta">
                    {words.programme.from(day(e.start_date), day(e.end_date))} · {e.location}
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
