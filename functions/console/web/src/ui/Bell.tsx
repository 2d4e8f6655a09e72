import { useEffect, useState } from "preact/hooks";
import { api } from "../api/client";
import { words } from "../i18n";

// The notices page tells the bell how many remain unread when it marks some
// read, so that the count changes at once, without a request.
const changed = "festival-notices";
export const noticesChanged = (unread: number) => window.dispatchEvent(new CustomEvent<number>(changed, { detail: unread }));

// Bell is the header's link to the person's notices, with how many are
// unread: read again on each change of route (one cheap request, never a
// loop on a timer), and when the notices page marks some read.
export function Bell({ route, current }: { route: string; current: boolean }) {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let live = true;
    // A refusal (an expired session) is the page's to tell: the bell keeps its count.
    api.unreadNotices().then((r) => live && setUnread(r.unread), () => undefined);
    return () => {
      live = false;
    };
  }, [route]);
  useEffect(() => {
    const on = (e: Event) => setUnread((e as CustomEvent<number>).detail);
    window.addEventListener(changed, on);
    return () => window.removeEventListener(changed, on);
  }, []);
  return (
    // The count is in the link's name as it shows, with its words for
    // screen readers only ("Avis 2 non lus").
    <a href="#/avis" class="bell" aria-current={current ? "page" : undefined}>
      {words.notices.title}
      {unread > 0 ? (
        <>
          {" "}
          <span class="count">{unread}</span>
          <span class="visually-hidden"> {words.notices.unread(unread)}</span>
        </>
      ) : (
        <span class="visually-hidden">{words.notices.noneUnread}</span>
      )}
    </a>
  );
}
