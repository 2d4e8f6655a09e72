import { api, type Movie } from "../api/client";
import { words } from "../i18n";
import { Feedback, useAction } from "./action";
import { when } from "./dates";

// The statuses that are a decision: from them on, only an admin withdraws.
const decisions = ["selected", "finalist", "awarded", "refused"];

type Props = { m: Movie; admin: boolean; onChange: (m: Movie) => void };

// Withdrawal: a withdrawn film says when and why (and an admin can undo
// it); otherwise its producer withdraws it with a reason until a decision
// is made, an admin at any time. The API decides; the page only spares a
// producer a form the API would refuse.
export function Withdraw({ m, admin, onChange }: Props) {
  const action = useAction();
  if (m.withdrawn) {
    const w = m.withdrawn;
    return (
      <section aria-labelledby="withdraw-title" class="panel" data-withdrawn>
        <h2 id="withdraw-title">{words.entry.withdrawnBadge}</h2>
        <p class="warning">{words.entry.withdrawn(when(w.at), w.reason)}</p>
        {admin && (
          <button
            type="button"
            disabled={action.busy}
            onClick={() => {
              if (!confirm(words.entry.confirmReinstate(m.title))) return;
              action.run(async () => {
                const a = await api.reinstate(m.id_movie);
                onChange(a.movie);
                return a.message;
              });
            }}
          >
            {words.entry.reinstate}
          </button>
        )}
        <Feedback of={action} />
      </section>
    );
  }
  const decided = decisions.includes(m.selection_status);
  return (
    <section aria-labelledby="withdraw-title" class="panel">
      <h2 id="withdraw-title">{words.entry.withdraw}</h2>
      {!admin && decided ? (
        <p>{words.entry.decided}</p>
      ) : (
        <form
          class="form danger"
          onSubmit={(e) => {
            e.preventDefault();
            const reason = String(new FormData(e.currentTarget as HTMLFormElement).get("reason") ?? "").trim();
            if (!confirm(words.entry.confirmWithdraw(m.title))) return;
            action.run(async () => {
              const a = await api.withdraw(m.id_movie, reason);
              onChange(a.movie);
              return a.message;
            });
          }}
        >
          <p>{words.entry.withdrawIntro}</p>
          <label>
            {words.entry.reason}
            <textarea name="reason" rows={2} required maxLength={1000} />
          </label>
          <button type="submit" class="danger" disabled={action.busy}>
            {words.entry.withdraw}
          </button>
        </form>
      )}
      <Feedback of={action} />
    </section>
  );
}
