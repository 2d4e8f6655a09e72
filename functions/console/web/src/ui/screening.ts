// The sources a screening room plays: the film's adaptive stream (HLS, its
// segments encrypted one key per minute) or its progressive MP4.
import type HlsType from "hls.js";

// How the <video> plays: hls.js over Media Source Extensions, the browser's
// own HLS player, or the progressive MP4.
export type Engine = "hls.js" | "native" | "mp4";

// A playing source: detach stops it and frees what it holds.
export type Attached = { engine: Engine; detach: () => void };

// What went wrong beyond hls.js's own retries: a network error (a ticket or
// link that expired, a laptop that slept) is cured by a fresh ticket.
export type Fatal = "network" | "media";

// The buffer stays within a minute ahead: the server counts a minute only
// when its key is fetched no sooner than the film plays, so the player must
// not race ahead (hls.js would otherwise buffer up to 10 minutes).
const config = { maxBufferLength: 30, maxMaxBufferLength: 60 } as const;

const mse = () => "MediaSource" in window || "ManagedMediaSource" in window;

// loadHls loads hls.js once, on the first screening: the light build has
// the AES-128 decryption the stream needs and leaves out what it does not
// (subtitle renditions, alternate audio, DRM), and the console's own bundle
// does not grow for the pages that play nothing.
let hls: Promise<typeof HlsType> | null = null;
const loadHls = () => (hls ??= import("hls.js/light").then((m) => m.default as typeof HlsType));

// attachStream plays the master playlist at url in v from at seconds. hls.js
// is preferred wherever Media Source Extensions exist, Safari's included:
// it keeps the buffer short (see config), where a browser's own HLS player
// buffers as it pleases (Chromium 156 answers "maybe" to HLS by itself).
// The browser's own player serves only where hls.js cannot run (iOS before
// 17.1). null: this browser plays no HLS.
export async function attachStream(v: HTMLVideoElement, url: string, at: number, onFatal: (f: Fatal) => void): Promise<Attached | null> {
  if (mse()) {
    const Hls = await loadHls();
    if (Hls.isSupported()) {
      const h = new Hls({ ...config, startPosition: at > 0 ? at : -1 });
      let recovered = false;
      h.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decoding hiccup is recovered once in place; anything else
        // stops this instance and the room starts a fresh one.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          h.recoverMediaError();
          return;
        }
        onFatal(data.type === Hls.ErrorTypes.NETWORK_ERROR ? "network" : "media");
      });
      h.loadSource(url);
      h.attachMedia(v);
      return { engine: "hls.js", detach: () => h.destroy() };
    }
  }
  if (v.canPlayType("application/vnd.apple.mpegurl")) {
    attachSrc(v, url, at);
    return { engine: "native", detach: () => undefined };
  }
  return null;
}

// attachSrc plays a URL the browser reads by itself (the MP4, or HLS in
// Safari on iOS) from at seconds.
export function attachSrc(v: HTMLVideoElement, url: string, at: number) {
  v.src = url;
  if (at > 0) v.addEventListener("loadedmetadata", () => (v.currentTime = at), { once: true });
}
