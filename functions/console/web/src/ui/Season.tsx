import { useEffect, useState } from "preact/hooks";
import type { Season } from "../api/client";
import { words } from "../i18n";
import { when } from "./dates";

// The festival's calendar as a sentence with a countdown: where a window
// stands now (not yet open, open until, closed), refreshed every minute.

type Phase = "before" | "open" | "after";

export type Window = { open: string | null; close: string | null };

export const submissions = (s: Season): Window => ({ open: s.submissions_open_at, close: s.submissions_close_at });
export const voting = (s: Season): Window => ({ open: s.voting_open_at, close: s.voting_close_at });

// phase says where now stands in the window (the start included, the end excluded, as the API decides).
export function phase(w: Window, now: number): Phase {
  if (w.open && now < Date.parse(w.open)) return "before";
  if (w.close && now >= Date.parse(w.close)) return "after";
  return "open";
}


// left writes a duration as its two largest units: "3 jours 4 heures", "12 minutes".
export function left(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${words.season.days(d)} ${words.season.hours(h)}` : words.season.days(d);
  if (h > 0) return m > 0 ? `${words.season.hours(h)} ${words.season.minutes(m)}` : words.season.hours(h);
  return words.season.minutes(m);
}

function useMinute(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60000);
    return () => clearInterval(t);
  }, []);
  return now;
}

type Texts = {
  open: string;
  until: (date: string, left: string) => string;
  notYet: (date: string, left: string) => string;
  closed: (date: string) => string;
};

// Read when rendered: the words follow the console's language.
const texts = (): Record<"submissions" | "voting", Texts> => ({
  submissions: {
    open: words.season.submissionsOpen,
    until: words.season.submissionsUntil,
    notYet: words.season.submissionsNotYet,
    closed: words.season.submissionsClosed,
  },
  voting: { open: words.season.votingOpen, until: words.season.votingUntil, notYet: words.season.votingNotYet, closed: words.season.votingClosed },
});

// Countdown says where a window stands, as a status line.
export function Countdown({ of, window, published }: { of: "submissions" | "voting"; window: Window; published?: string | null }) {
  const now = useMinute();
  const t = texts()[of];
  let text: string;
  if (published) text = words.season.published(when(published));
  else {
    switch (phase(window, now)) {
      case "before":
        text = t.notYet(when(window.open!), left(Date.parse(window.open!) - now));
        break;
      case "after":
        text = t.closed(when(window.close!));
        break;
      default:
        text = window.close ? t.until(when(window.close), left(Date.parse(window.close) - now)) : t.open;
    }
  }
  return (
    <p class="lead" role="status" data-season={of}>
      {text}
    </p>
  );
}
