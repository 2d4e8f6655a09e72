import { useState } from "preact/hooks";
import { api, type Event, type EventCreate } from "../../api/client";
import { words } from "../../i18n";
import { DeleteButton, Feedback, formValues, useAction } from "../../ui/action";
import { Choice } from "../../ui/Choice";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { Pending } from "../../ui/Pending";
import { fromInput, toInput, when } from "../../ui/dates";

const types = ["CONFERENCE", "WORKSHOP", "MEETUP", "WEBINAR"] as const;


function EventForm({ e, done }: { e: Event | null; done: () => void }) {
  const action = useAction();
  return (
    <form
      class="form"
      aria-labelledby="event-form-title"
      key={e?.id_event ?? "new"}
      onSubmit={(ev) => {
        const v = formValues(ev);
        const form = ev.currentTarget as HTMLFormElement;
        const body: EventCreate = {
          name: v.name,
          description: v.description,
          location: v.location,
          event_type: v.event_type as EventCreate["event_type"],
          start_date: fromInput(v.start_date),
          end_date: fromInput(v.end_date),
        };
        action.run(async () => {
          if (e) {
            await api.updateEvent(e.id_event, body);
          } else {
            // The console's own words: the spec's texts ("Evenment créée",
            // and a 200 "Evenement déjà existant" that creates nothing) are
            // the API's, kept as they are for its clients.
            const answer = await api.createEvent(body);
            if (!answer.created) throw new Error(words.smaller.eventExists(v.name));
            form.reset();
            done();
            return words.smaller.eventCreated(v.name);
          }
          done();
          return words.events.updated(v.name);
        });
      }}
    >
      <h3 id="event-form-title">{e ? words.events.editing(e.name) : words.events.new}</h3>
      <label>
        {words.events.name}
        <input required name="name" maxLength={255} defaultValue={e?.name} />
      </label>
      <label>
        {words.events.description}
        <textarea required name="description" rows={3} defaultValue={e?.description} />
      </label>
      <label>
        {words.events.start}
        <input required name="start_date" type="datetime-local" defaultValue={e ? toInput(e.start_date) : ""} />
      </label>
      <label>
        {words.events.end}
        <input required name="end_date" type="datetime-local" defaultValue={e ? toInput(e.end_date) : ""} />
      </label>
      <label>
        {words.events.location}
        <input required name="location" maxLength={255} defaultValue={e?.location} />
      </label>
      <label>
        {words.events.type}
        <Choice name="event_type" initial={e?.event_type ?? "CONFERENCE"} options={types.map((t) => [t, words.events.types[t]] as const)} />
      </label>
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {e ? words.events.save : words.events.create}
      </button>
    </form>
  );
}

function List() {
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Event | null>(null);
  const list = useLoad(api.events, [version]);
  const action = useAction();
  const reload = () => setVersion((v) => v + 1);
  return (
    <>
      <Feedback of={action} />
      <Pending of={list} />
      {list.state === "ready" &&
        (list.data.length === 0 ? (
          <p>{words.programme.empty}</p>
        ) : (
          <ul class="list" aria-label={words.admin.events}>
            {list.data.map((e) => (
              <li class="card" key={e.id_event}>
                <h3>{e.name}</h3>
                <p class="meta">
                  {words.programme.from(when(e.start_date), when(e.end_date))} · {e.location} · {words.events.types[e.event_type]}
                </p>
                <p class="actions">
                  <button type="button" class="secondary" onClick={() => setEditing(e)}>
                    {words.events.edit(e.name)}
                  </button>
                  <DeleteButton
                    action={action}
                    label={words.events.delete(e.name)}
                    confirm={words.events.confirmDelete(e.name)}
                    remove={async () => {
                      await api.deleteEvent(e.id_event);
                      reload();
                      return words.events.deleted(e.name);
                    }}
                  />
                </p>
              </li>
            ))}
          </ul>
        ))}
      <EventForm
        e={editing}
        done={() => {
          setEditing(null);
          reload();
        }}
      />
    </>
  );
}

export function Events() {
  return (
    <AdminPage path="/admin/evenements" title={words.admin.events}>
      <List />
    </AdminPage>
  );
}
