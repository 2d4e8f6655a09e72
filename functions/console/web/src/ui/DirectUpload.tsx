import { useState } from "preact/hooks";
import type { DirectPart, Movie } from "../api/client";
import { uploadDirect, type Progress } from "../api/upload";
import { words } from "../i18n";
import { Feedback, useAction } from "./action";

// DirectUpload sends a film or its subtitles straight to S3, with a progress
// bar; sending the same file again after an interruption resumes it.
export function DirectUpload({ m, part, onDone }: { m: Movie; part: DirectPart; onDone: (m: Movie) => void }) {
  const action = useAction();
  const [progress, setProgress] = useState<Progress | null>(null);
  const label = part === "filmFile" ? words.upload.film : words.upload.subtitles;
  const id = `upload-${part}`;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const input = (e.currentTarget as HTMLFormElement).elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setProgress(null);
    action.run(async () => {
      const answer = await uploadDirect(m.id_movie, part, file, setProgress);
      onDone(answer.movie);
      return words.upload.done(file.name);
    });
  }

  return (
    <form class="form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{label}</h4>
      <label>
        {part === "filmFile" ? words.upload.chooseFilm : words.upload.chooseSubtitles}
        <input
          name="file"
          type="file"
          required
          accept={part === "filmFile" ? "video/mp4" : ".srt,application/x-subrip,text/plain"}
        />
      </label>
      {progress && <UploadProgress p={progress} label={label} />}
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {action.busy ? words.upload.sending : words.upload.send}
      </button>
    </form>
  );
}

// UploadProgress is the bar of an upload, with what happened to it.
export function UploadProgress({ p, label }: { p: Progress; label: string }) {
  const pct = p.total ? Math.floor((100 * p.sent) / p.total) : 0;
  return (
    <div class="progress">
      <progress max={100} value={pct} aria-label={words.upload.progress(label)}>
        {pct} %
      </progress>
      <span aria-live="polite">
        {words.upload.sent(pct)}
        {p.retrying && ` — ${words.upload.retrying}`}
        {p.resumed > 0 && ` — ${words.upload.resumed(p.resumed)}`}
      </span>
    </div>
  );
}
