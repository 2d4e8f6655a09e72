import { useEffect, useState } from "preact/hooks";
import { api, type FilmMedia, type MediaFlag, type Movie } from "../api/client";
import { words } from "../i18n";

// The states in which the media job is still at work on the file.
const working = ["queued", "measured", "encoding", "packaging"];

// The page asks again after 3 s, then less and less often, and stops after
// about a quarter of an hour (a film whose job stops at "measured" is done).
const pollDelay = (n: number) => Math.min(3000 * 1.3 ** n, 30_000);
const maxPolls = 40;

// useLiveMedia is the film's media as the job moves it on: the film's own
// while it is at rest, re-read while the job works. It keeps what it reads
// to itself: the rest of the page (a form being edited) is not redrawn.
function useLiveMedia(m: Movie): FilmMedia | null {
  const [live, setLive] = useState<FilmMedia | null>(null);
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    setLive(null);
    setPolls(0);
  }, [m.id_movie, m.trailer, m.media?.updatedAt]);
  const media = live ?? m.media ?? null;
  useEffect(() => {
    if (!media || !working.includes(media.state) || polls >= maxPolls) return;
    const t = setTimeout(() => {
      api.movie(m.id_movie).then(
        (fresh) => fresh.media && setLive(fresh.media),
        () => undefined,
      );
      setPolls((n) => n + 1);
    }, pollDelay(polls));
    return () => clearTimeout(t);
  }, [media?.state, media?.updatedAt, polls]);
  return media;
}

const tone = (f: MediaFlag) => (f.action === "refuse" ? "error" : "warning");

function Flags({ flags }: { flags: MediaFlag[] }) {
  if (flags.length === 0) return <p class="notice">{words.media.noFlags}</p>;
  return (
    <>
      <ul class="flags">
        {flags.map((f) => (
          <li key={f.check} class={tone(f)} data-check={f.check} data-action={f.action}>
            <span class={`badge badge-${tone(f)}`}>{words.media.action[f.action]}</span> {f.reason}
          </li>
        ))}
      </ul>
      {flags.some((f) => f.action === "refuse") && <p class="error">{words.media.refused}</p>}
    </>
  );
}

// Facts lists what the job measured of the file, and the stream it made.
function Facts({ media: { facts, streaming }, declared }: { media: FilmMedia; declared: number | null | undefined }) {
  if (!facts) return null;
  const { video, audio } = facts;
  const rows: [string, string][] = [
    [
      words.media.runtime,
      `${words.media.duration(facts.duration)} (${declared ? words.media.declared(words.media.duration(declared)) : words.media.undeclared})`,
    ],
    [words.media.video, video ? words.media.videoFacts(video.codec, video.profile, video.pix_fmt, video.width, video.height, video.frame_rate) : words.media.noVideo],
    [words.media.audio, audio ? words.media.audioFacts(audio.codec, audio.channels) : words.media.noAudio],
    [words.media.loudness, facts.loudness === null ? words.media.none : words.media.lufs(facts.loudness)],
    [
      words.media.subtitles,
      facts.subtitles_end === null
        ? words.media.noSubtitles
        : words.media.subtitlesEnd(words.media.duration(facts.subtitles_end), (facts.subtitles_coverage ?? 0) * 100),
    ],
  ];
  if (streaming) {
    const renditions = streaming.renditions.map((r) => words.media.rendition(r.name, r.width, r.height, r.bandwidth)).join(", ");
    rows.push([words.media.renditions, streaming.watermarked ? `${renditions}${words.semicolon}${words.media.watermarked}` : renditions]);
  }
  return (
    <dl class="facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

// MediaPanel is the "Fichier du film" of the film's producer and the admins:
// where the media job stands, what it measured, and the technical checks
// that failed, each with its reason and the festival's action (a refusal
// holds the film back from the jury).
export function MediaPanel({ m }: { m: Movie }) {
  const media = useLiveMedia(m);
  if (!media) return null;
  return (
    <section aria-labelledby="media-title" class="panel" data-media-state={media.state}>
      <h2 id="media-title">{words.media.title}</h2>
      <p>
        {words.media.state}{words.colon}<span class={`badge badge-media-${media.state}`}>{words.media.states[media.state] ?? media.state}</span>
        {working.includes(media.state) && <span class="meta"> {words.media.waiting}</span>}
      </p>
      {media.state === "failed" && <p class="error">{words.media.failed(media.error ?? "")}</p>}
      <Facts media={media} declared={m.duration} />
      {media.facts && (
        <section aria-labelledby="flags-title">
          <h3 id="flags-title">{words.media.flags}</h3>
          <Flags flags={media.flags} />
        </section>
      )}
    </section>
  );
}
