import { useState } from "preact/hooks";
import type { Movie } from "../api/client";
import { words } from "../i18n";

// Poster is a film's picture on a public card: its poster, else its
// thumbnail, through GET /movies/{id}/poster (a redirect to a short-lived
// link: the bucket stays private), loaded only when the card nears the
// screen. A film without a picture, or whose picture does not load, shows a
// neutral frame of the same size, so that the cards stay aligned.
export function Poster({ m, edition }: { m: Movie; edition?: string }) {
  const [failed, setFailed] = useState(false);
  if (!(m.display_picture || m.thumbnail) || failed) {
    return (
      <div class="poster poster-none" aria-hidden="true">
        <span>{words.smaller.noPoster}</span>
      </div>
    );
  }
  const src = `/movies/${m.id_movie}/poster${edition ? `?edition=${encodeURIComponent(edition)}` : ""}`;
  return (
    <img
      class="poster"
      src={src}
      alt={words.smaller.posterOf(m.title)}
      loading="lazy"
      decoding="async"
      width={300}
      height={200}
      onError={() => setFailed(true)}
    />
  );
}
