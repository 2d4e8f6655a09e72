import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, type Media } from "../api/client";
import { fr } from "../i18n/fr";
import { srtToVtt } from "./srt";

// How long before the links expire they are renewed: a minute, or a quarter
// of their life when that is shorter.
function renewIn(m: Media): number {
  const left = Date.parse(m.expiresAt) - Date.now();
  return Math.max(1000, left - Math.min(60_000, left / 4));
}

// Player plays a film and its subtitles from the short-lived links of
// GET /movies/{id}/media. The links are renewed before they expire, and the
// film goes on from where it was, playing or paused: a feature film does not
// stop when its first link dies. A link refused mid-film (a laptop that slept
// past expiry) is renewed too.
//
// With reports (a jury member's screening room), it tells the API what it
// plays (POST /movies/{id}/viewing): each stretch from where playing started
// to where it paused, ended, jumped or its link was renewed, and every 15
// seconds while it plays.
export function Player({ id, title, reports = false }: { id: number; title: string; reports?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [watched, setWatched] = useState<number | null>(null);
  useViewingReports(video, id, reports, setWatched);
  // What was played before (another evening, another device) shows at once.
  useEffect(() => {
    if (!reports) return;
    api.myViewing(id).then(
      (v) => v.watched_share !== null && setWatched((now) => now ?? v.watched_share),
      () => undefined,
    );
  }, [id, reports]);
  const [media, setMedia] = useState<Media | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [track, setTrack] = useState<string | null>(null);
  const [renewals, setRenewals] = useState(0);
  const lastRenewal = useRef(0);

  async function renew() {
    lastRenewal.current = Date.now();
    try {
      setMedia(await api.media(id));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }

  useEffect(() => {
    renew();
  }, [id]);

  // Swap the film's link without losing the place or the play state.
  useEffect(() => {
    const v = video.current;
    const url = media?.files.trailer?.url;
    if (!v || !url || v.src === url) return;
    const at = v.currentTime;
    const playing = !v.paused && !v.ended;
    const first = !v.src;
    v.src = url;
    if (!first) {
      setRenewals((n) => n + 1);
      v.addEventListener(
        "loadedmetadata",
        () => {
          v.currentTime = at;
          if (playing) v.play().catch(() => undefined);
        },
        { once: true },
      );
    }
  }, [media]);

  useEffect(() => {
    if (!media) return;
    const t = setTimeout(renew, renewIn(media));
    return () => clearTimeout(t);
  }, [media]);

  // The subtitles are fetched once and kept as a local WebVTT track, which
  // does not expire.
  useEffect(() => {
    const url = media?.files.subtitle?.url;
    if (!url || track) return;
    fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((srt) => setTrack(URL.createObjectURL(new Blob([srtToVtt(srt)], { type: "text/vtt" }))))
      .catch(() => setError(fr.player.noSubtitles));
  }, [media]);

  function onError() {
    // A refused link: renew it, at most once every ten seconds.
    if (Date.now() - lastRenewal.current > 10_000) renew();
  }

  if (media && !media.files.trailer) return <p>{fr.player.noFilm}</p>;
  return (
    <figure class="player">
      <video
        ref={video}
        controls
        preload="metadata"
        aria-label={fr.player.label(title)}
        data-renewals={renewals}
        onError={onError}
      >
        {track && <track kind="subtitles" src={track} srclang="fr" label={fr.player.subtitles} default />}
      </video>
      <figcaption>
        {media && <span class="meta">{fr.player.linkUntil(new Date(media.expiresAt))}</span>}
        {watched !== null && (
          <span class="meta" data-testid="watched">
            {" "}
            {fr.player.watched(watched)}
          </span>
        )}
        {error && (
          <span role="alert" class="error">
            {" "}
            {error}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

// useViewingReports reports the stretches a video plays (see Player) and
// passes on the share of the film watched that the API answers. A report
// that fails is dropped: it must not disturb the screening.
function useViewingReports(video: { current: HTMLVideoElement | null }, id: number, on: boolean, seen: (share: number) => void) {
  useEffect(() => {
    const v = video.current;
    if (!on || !v) return;
    let from = v.currentTime;
    let last = from;
    const report = () => {
      if (last > from + 0.5)
        api.viewing(id, from, last).then(
          (r) => r.watched_share !== null && seen(r.watched_share),
          () => undefined,
        );
      from = last;
    };
    const onTime = () => {
      if (v.seeking) return;
      last = v.currentTime;
      if (last - from >= 15) report();
    };
    const onSeeking = () => {
      report();
      from = last = v.currentTime;
    };
    const onPlay = () => {
      from = last = v.currentTime;
    };
    // A new link (renewal) empties the element first: what played until then is a stretch.
    const listeners: [string, () => void][] = [
      ["emptied", report],
      ["timeupdate", onTime],
      ["seeking", onSeeking],
      ["play", onPlay],
      ["pause", report],
      ["ended", report],
    ];
    for (const [event, fn] of listeners) v.addEventListener(event, fn);
    return () => {
      report();
      for (const [event, fn] of listeners) v.removeEventListener(event, fn);
    };
  }, [video.current, id, on]);
}
