// SubRip (.srt) to WebVTT: browsers play WebVTT tracks only. The cues are
// the same; VTT wants a header and a dot before the milliseconds.
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, "$1.$2");
  return `WEBVTT\n\n${body}`;
}
