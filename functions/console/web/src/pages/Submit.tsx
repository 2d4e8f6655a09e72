import { useState } from "preact/hooks";
import { api, ApiError, session, Unauthorized } from "../api/client";
import { fr } from "../i18n/fr";
import { goSignIn } from "../router";

// A producer submits a film through the multipart route (POST /movies/upload):
// the film, its poster and subtitles in one request, which API Gateway limits
// to about 4.4 MB. Larger films need the direct upload to S3, not yet here.
export function Submit() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!session.token()) {
    goSignIn(false);
    return null;
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const form = new FormData();
    form.set("title", String(f.get("title")));
    for (const name of ["synopsis", "release_year"]) {
      const v = String(f.get(name) ?? "").trim();
      if (v) form.set(name, v);
    }
    const minutes = Number(f.get("minutes"));
    if (minutes > 0) form.set("duration", String(Math.round(minutes * 60)));
    for (const part of ["filmFile", "poster", "subtitlesSrt"]) {
      const file = f.get(part);
      if (file instanceof File && file.size > 0) form.set(part, file, file.name);
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.submit(form);
      location.hash = `/mes-films?soumis=${encodeURIComponent(answer.movie.title)}`;
    } catch (err) {
      if (err instanceof Unauthorized) return goSignIn(true);
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="submit-title">
      <h2 id="submit-title">{fr.submit.title}</h2>
      <p>{fr.submit.limit}</p>
      <form onSubmit={submit} class="form">
        <label>
          {fr.submit.filmTitle}
          <input name="title" required maxLength={255} />
        </label>
        <label>
          {fr.submit.synopsis}
          <textarea name="synopsis" rows={4} />
        </label>
        <label>
          {fr.submit.duration}
          <input name="minutes" type="number" min={1} max={1666} inputMode="numeric" />
        </label>
        <label>
          {fr.submit.year}
          <input name="release_year" type="number" min={1888} inputMode="numeric" />
        </label>
        <label>
          {fr.submit.film}
          <input name="filmFile" type="file" accept="video/mp4" required />
        </label>
        <label>
          {fr.submit.poster}
          <input name="poster" type="file" accept="image/png,image/jpeg" />
        </label>
        <label>
          {fr.submit.subtitles}
          <input name="subtitlesSrt" type="file" accept=".srt,application/x-subrip,text/plain" />
        </label>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? fr.submit.sending : fr.submit.send}
        </button>
      </form>
    </section>
  );
}
