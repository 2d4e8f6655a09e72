import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, Unauthorized, type Media, type ServerViewing, type StreamTicket } from "../api/client";
import { locale, words } from "../i18n";
import { attachSrc, attachStream, type Attached, type Engine, type Fatal } from "./screening";
import { srtToVtt } from "./srt";

// What the room plays: the film's adaptive stream (a ticket of
// GET /movies/{id}/stream) or its progressive MP4 (GET /movies/{id}/media).
type Source = { kind: "stream"; ticket: StreamTicket } | { kind: "mp4"; media: Media };

const expiresAt = (s: Source) => (s.kind === "stream" ? s.ticket.expiresAt : s.media.expiresAt);
const filmUrl = (s: Source) => (s.kind === "stream" ? s.ticket.master : (s.media.files.trailer?.url ?? null));
const subtitleUrl = (s: Source) => (s.kind === "stream" ? s.ticket.subtitle : (s.media.files.subtitle?.url ?? null));

// How long before the links expire they are renewed: a minute, or a quarter
// of their life when that is shorter.
function renewIn(s: Source): number {
  const left = Date.parse(expiresAt(s)) - Date.now();
  return Math.max(1000, left - Math.min(60_000, left / 4));
}

// fetchSource asks for the stream first when the room may stream. Until the
// media job has encoded the film (409), or when the stream cannot be had for
// any other reason than the session, the MP4 plays as before.
async function fetchSource(id: number, stream: boolean): Promise<Source> {
  if (stream) {
    try {
      return { kind: "stream", ticket: await api.stream(id) };
    } catch (err) {
      if (err instanceof Unauthorized || !(err instanceof ApiError) || err.status === 0) throw err;
    }
  }
  return { kind: "mp4", media: await api.media(id) };
}

// Player plays a film and its subtitles. With stream (the jury and admins:
// the key route serves no one else), it plays the adaptive stream once the
// film is encoded: hls.js fetches each minute's key, and the server counts
// the minutes watched from those keys. Otherwise, and until then, it plays
// the MP4 of GET /movies/{id}/media.
//
// The links (the stream's ticket, or the MP4's presigned URL) are renewed
// before they expire, and the film goes on from where it was, playing or
// paused: a feature film does not stop when its first link dies. A link
// refused mid-film (a laptop that slept past expiry) is renewed too.
//
// With reports (a jury member's screening room), it tells the API what it
// plays (POST /movies/{id}/viewing): each stretch from where playing started
// to where it paused, ended, jumped or its link was renewed, and every 15
// seconds while it plays; it shows the share the API has on record and the
// minutes the server counted, and it starts again where the juror left off.
// trackLabel names a subtitle track by its language, in the console's
// language ("Français", "French"); the festival's French when undeclared.
function trackLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames([locale()], { type: "language" }).of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(locale()) + name.slice(1);
  } catch {
    // not a language code Intl knows: the catalogue's word
  }
  return words.player.subtitles;
}

export function Player(props: { id: number; title: string; reports?: boolean; stream?: boolean; subtitles?: string }) {
  const { id, title, reports = false, stream = false } = props;
  const srclang = props.subtitles ?? "fr";
  const video = useRef<HTMLVideoElement>(null);
  const [watched, setWatched] = useState<number | null>(null);
  const [server, setServer] = useState<ServerViewing | null>(null);
  const seen = (v: { watched_share: number | null; server?: ServerViewing | null }) => {
    if (v.watched_share !== null) setWatched(v.watched_share);
    if (v.server) setServer(v.server);
  };
  useViewingReports(video, id, reports, seen);
  usePosition(video, id, reports);
  // What was played before (another evening, another device) shows at once.
  useEffect(() => {
    if (!reports) return;
    api.myViewing(id).then(
      (v) => {
        if (v.watched_share !== null) setWatched((now) => now ?? v.watched_share);
        if (v.server) setServer((now) => now ?? v.server);
      },
      () => undefined,
    );
  }, [id, reports]);
  const [source, setSource] = useState<Source | null>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [track, setTrack] = useState<string | null>(null);
  const [renewals, setRenewals] = useState(0);
  const lastRenewal = useRef(0);
  // The stream is given up for the MP4 when it cannot be played here.
  const streaming = useRef(stream);
  const attached = useRef<Attached | null>(null);
  const playingUrl = useRef<string | null>(null);
  const swaps = useRef(0);

  async function renew() {
    lastRenewal.current = Date.now();
    try {
      setSource(await fetchSource(id, streaming.current));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }

  function onFatal(f: Fatal) {
    // A stream this browser cannot decode: the MP4 instead.
    if (f === "media") {
      streaming.current = false;
      return renew();
    }
    // A refused key or segment: a fresh ticket at once, then at most once
    // every ten seconds (the network may be gone for a while).
    const wait = lastRenewal.current + 10_000 - Date.now();
    if (wait <= 0) return renew();
    setError(words.player.streamLost);
    setTimeout(renew, wait);
  }

  useEffect(() => {
    renew();
    return () => attached.current?.detach();
  }, [id]);

  // Swap the film's source without losing the place or the play state.
  useEffect(() => {
    const v = video.current;
    const url = source && filmUrl(source);
    if (!v || !source || !url || url === playingUrl.current) return;
    const first = playingUrl.current === null;
    const at = first ? (reports ? savedPosition(id) : 0) : v.currentTime;
    const playing = !first && !v.paused && !v.ended;
    playingUrl.current = url;
    const swap = ++swaps.current;
    attached.current?.detach();
    attached.current = null;
    if (!first) setRenewals((n) => n + 1);
    const started = (a: Attached) => {
      if (swap !== swaps.current) return a.detach(); // a newer source came meanwhile
      attached.current = a;
      setEngine(a.engine);
      if (playing) v.play().catch(() => undefined);
    };
    if (source.kind === "mp4") {
      attachSrc(v, url, at);
      return started({ engine: "mp4", detach: () => undefined });
    }
    attachStream(v, url, at, onFatal).then(
      (a) => {
        if (a) return started(a);
        streaming.current = false; // no HLS in this browser: the MP4
        playingUrl.current = null;
        renew();
      },
      () => setError(words.player.streamLost),
    );
  }, [source]);

  useEffect(() => {
    if (!source) return;
    const t = setTimeout(renew, renewIn(source));
    return () => clearTimeout(t);
  }, [source]);

  // The subtitles are fetched once and kept as a local WebVTT track, which
  // does not expire.
  useEffect(() => {
    const url = source && subtitleUrl(source);
    if (!url || track) return;
    fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((srt) => setTrack(URL.createObjectURL(new Blob([srtToVtt(srt)], { type: "text/vtt" }))))
      .catch(() => setError(words.player.noSubtitles));
  }, [source]);

  function onError() {
    // A refused link of a file the browser reads itself: renew it, at most
    // once every ten seconds (hls.js reports its own, see onFatal).
    if (engine !== "hls.js" && Date.now() - lastRenewal.current > 10_000) renew();
  }

  if (source?.kind === "mp4" && !source.media.files.trailer) return <p>{words.player.noFilm}</p>;
  return (
    <figure class="player">
      <video
        ref={video}
        controls
        preload="metadata"
        aria-label={words.player.label(title)}
        data-renewals={renewals}
        data-engine={engine ?? undefined}
        onError={onError}
      >
        {track && <track kind="subtitles" src={track} srclang={srclang} label={trackLabel(srclang)} default />}
      </video>
      <figcaption>
        {source && (
          <span class="meta">
            {source.kind === "stream" ? words.player.streaming : words.player.progressive} {words.player.linkUntil(new Date(expiresAt(source)))}
          </span>
        )}
        {watched !== null && (
          <span class="meta" data-testid="watched">
            {" "}
            {words.player.watched(watched)}
          </span>
        )}
        {reports && server && (
          <span class="meta" data-testid="counted" title={words.player.countedHint}>
            {" "}
            {words.player.counted(server.counted_minutes, server.minutes)}
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

// Where a juror stopped, kept in this browser: the room starts there again.
const positionKey = (id: number) => `festival.position.${id}`;

function savedPosition(id: number): number {
  const at = Number(localStorage.getItem(positionKey(id)));
  return Number.isFinite(at) && at >= 5 ? at : 0;
}

// usePosition keeps where the film is, every few seconds and on pause, and
// forgets it at the end (the next screening starts from the beginning).
function usePosition(video: { current: HTMLVideoElement | null }, id: number, on: boolean) {
  useEffect(() => {
    const v = video.current;
    if (!on || !v) return;
    let last = 0;
    const keep = () => {
      if (v.seeking || v.currentTime === 0) return;
      last = v.currentTime;
      localStorage.setItem(positionKey(id), String(Math.floor(last)));
    };
    const every5s = () => Math.abs(v.currentTime - last) >= 5 && keep();
    const forget = () => localStorage.removeItem(positionKey(id));
    v.addEventListener("timeupdate", every5s);
    v.addEventListener("pause", keep);
    v.addEventListener("ended", forget);
    return () => {
      v.removeEventListener("timeupdate", every5s);
      v.removeEventListener("pause", keep);
      v.removeEventListener("ended", forget);
    };
  }, [video.current, id, on]);
}

// useViewingReports reports the stretches a video plays (see Player) and
// passes on what the API answers (the player's share, the server's count).
// A report that fails is dropped: it must not disturb the screening.
function useViewingReports(
  video: { current: HTMLVideoElement | null },
  id: number,
  on: boolean,
  seen: (v: { watched_share: number | null; server?: ServerViewing | null }) => void,
) {
  useEffect(() => {
    const v = video.current;
    if (!on || !v) return;
    let from = v.currentTime;
    let last = from;
    const report = () => {
      if (last > from + 0.5) api.viewing(id, from, last).then(seen, () => undefined);
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
