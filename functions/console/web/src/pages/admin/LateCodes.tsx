import { useState } from "preact/hooks";
import { api } from "../../api/client";
import { words } from "../../i18n";
import { Table } from "../../ui/Table";
import { DeleteButton, Feedback, formValues, useAction } from "../../ui/action";
import { fromInput, when } from "../../ui/dates";
import { useLoad } from "../../useLoad";
import { Pending } from "../../ui/Pending";

// LateCodes issues and lists the codes that admit films after the close.
export function LateCodes() {
  const [round, setRound] = useState(0); // reloads the list after a change
  const codes = useLoad(api.lateCodes, [round]);
  const action = useAction();
  const reload = () => setRound((n) => n + 1);
  return (
    <section aria-labelledby="late-codes-title">
      <h3 id="late-codes-title">{words.settings.lateCodes}</h3>
      <p class="meta">{words.settings.lateCodesHint}</p>
      <form
        class="filters"
        onSubmit={(e) => {
          const v = formValues(e);
          action.run(async () => {
            const answer = await api.createLateCode(fromInput(v.expires_at), Number(v.uses));
            reload();
            return `${answer.message}${words.colon}${answer.late_code.code}`;
          });
        }}
      >
        <label>
          {words.settings.lateCodeDeadline}
          <input type="datetime-local" name="expires_at" required />
        </label>
        <label>
          {words.settings.lateCodeUses}
          <input type="number" name="uses" min={1} max={1000} step={1} defaultValue="1" required />
        </label>
        <button type="submit" disabled={action.busy}>
          {words.settings.lateCodeCreate}
        </button>
      </form>
      <Feedback of={action} />
      {codes.state !== "ready" ? (
        <Pending of={codes} />
      ) : codes.data.length === 0 ? (
        <p>{words.settings.lateCodesNone}</p>
      ) : (
        <Table caption={words.settings.lateCodes} columns={words.settings.lateCodeColumns}>
          {codes.data.map((c) => (
            <tr key={c.code}>
              <td>
                <code>{c.code}</code>
              </td>
              <td>
                {c.uses_left} / {c.uses}
              </td>
              <td>{c.expires_at ? when(c.expires_at) : ""}</td>
              <td>
                <DeleteButton
                  action={action}
                  label={words.settings.lateCodeDelete(c.code)}
                  confirm={words.settings.lateCodeDelete(c.code) + words.question}
                  remove={async () => {
                    const answer = await api.deleteLateCode(c.code);
                    reload();
                    return answer.message;
                  }}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
