import { useState } from "preact/hooks";
import { api, session, type Category, type Movie, type Question } from "../api/client";
import { uploadDirect, type Progress } from "../api/upload";
import { UploadProgress } from "../ui/DirectUpload";
import { words } from "../i18n";
import { Feedback, useAction } from "../ui/action";
import { SignedIn } from "../ui/guard";
import { Countdown, phase, submissions } from "../ui/Season";
import { useLoad } from "../useLoad";
import { Pending } from "../ui/Pending";
import { CategorySelect } from "../ui/CategorySelect";
import { QuestionFields, readAnswers } from "../ui/Questions";

// A producer submits a film in two steps that look like one: the record
// with its pictures and subtitles through the form (POST /movies/upload,
// small files only), then the film itself straight to S3 through the direct
// multipart upload, with a progress bar. If the film's upload is cut, sending
// again resumes it on the film already created.
function SubmitForm({ closed, categories, questions }: { closed: boolean; categories: Category[]; questions: Question[] }) {
  const [lateCode, setLateCode] = useState("");
  const [category, setCategory] = useState("");
  // The festival's questions asked of a film of the chosen category.
  const asked = questions.filter((q) => q.category === 0 || String(q.category) === category);
  const action = useAction();
  const [created, setCreated] = useState<Movie | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const f = new FormData(el);
    const film = f.get("filmFile");
    action.run(async () => {
      if (f.getAll("stills").filter((x) => x instanceof File && x.size > 0).length > 3) throw new Error(words.submit.tooManyStills);
      let m = created;
      if (!m) {
        const form = new FormData();
        form.set("title", String(f.get("title")));
        for (const name of ["synopsis", "release_year", "nationality", "original_language", "subtitle_languages"]) {
          const v = String(f.get(name) ?? "").trim();
          if (v) form.set(name, v);
        }
        const minutes = Number(f.get("minutes"));
        if (minutes > 0) form.set("duration", String(Math.round(minutes * 60)));
        for (const part of ["poster", "subtitlesSrt"]) {
          const file = f.get(part);
          if (file instanceof File && file.size > 0) form.set(part, file, file.name);
        }
        if (category) form.set("categories", category);
        // The festival's questions: the values as one JSON field, each file as its own part.
        const read = readAnswers(el, asked);
        if (Object.keys(read.answers).length > 0) form.set("answers", JSON.stringify(read.answers));
        for (const [id, file] of Object.entries(read.files)) form.set(`answer.${id}`, file, file.name);
        // Up to three stills, sent as thumbnail1..3.
        f.getAll("stills")
          .filter((file): file is File => file instanceof File && file.size > 0)
          .forEach((file, i) => form.set(`thumbnail${i + 1}`, file, file.name));
        m = (await api.submit(form, lateCode.trim())).movie;
        setCreated(m);
      }
      if (film instanceof File && film.size > 0) {
        await uploadDirect(m.id_movie, "filmFile", film, setProgress);
      }
      // A draft (saved incomplete) opens on its checklist.
      location.hash = m.draft ? `/films/${m.id_movie}` : `/mes-films?soumis=${encodeURIComponent(m.title)}`;
    });
  }

  return (
    <form onSubmit={submit} class="form">
      {created && <p role="status">{words.submit.created(created.title)}</p>}
      <fieldset disabled={created !== null}>
        <legend>{words.submit.about}</legend>
        <label>
          {words.film.title}
          <input name="title" required maxLength={255} />
        </label>
        <label>
          {words.submit.synopsis}
          <textarea name="synopsis" rows={4} />
        </label>
        <label>
          {words.film.duration}
          <input name="minutes" type="number" min={1} max={1666} inputMode="numeric" />
        </label>
        <label>
          {words.submit.year}
          <input name="release_year" type="number" min={1888} inputMode="numeric" />
        </label>
        <label>
          {words.submit.nationality}
          <input name="nationality" />
        </label>
        <label>
          {words.submit.originalLanguage}
          <input name="original_language" maxLength={2} pattern="[A-Za-z]{2}" />
        </label>
        <label>
          {words.submit.subtitleLanguages}
          <input name="subtitle_languages" />
        </label>
        <label>
          {words.submit.poster}
          <input name="poster" type="file" accept="image/png,image/jpeg" />
        </label>
        <label>
          {words.submit.stills}
          <input name="stills" type="file" accept="image/png,image/jpeg" multiple />
        </label>
        <label>
          {words.submit.subtitles}
          <input name="subtitlesSrt" type="file" accept=".srt,application/x-subrip,text/plain" />
        </label>
        {categories.length > 0 && (
          <CategorySelect label={words.board.category} none={words.submit.noCategory} value={category} categories={categories} onChange={setCategory} />
        )}
        <QuestionFields questions={asked} />
      </fieldset>
      <label>
        {words.submit.film}
        <input name="filmFile" type="file" accept="video/mp4" required />
      </label>
      <p class="meta">{words.submit.direct}</p>
      {progress && <UploadProgress p={progress} label={words.upload.film} />}
      <Feedback of={action} />
      {closed && (
        <label>
          {words.submit.lateCode}
          <input name="late_code" value={lateCode} onInput={(e) => setLateCode((e.currentTarget as HTMLInputElement).value)} />
        </label>
      )}
      <button type="submit" disabled={action.busy || (closed && lateCode.trim() === "")}>
        {action.busy ? words.upload.sending : created ? words.submit.resume : words.submit.send}
      </button>
    </form>
  );
}

// Window shows the submission window with a countdown; outside it the form
// stays visible (to prepare) but cannot be sent, as the API would refuse it.
function Window() {
  const s = useLoad(() => Promise.all([api.season(), api.categories(), api.form()]));
  if (s.state !== "ready") return <Pending of={s} />;
  const [season, categories, form] = s.data;
  const w = submissions(season);
  return (
    <>
      <Countdown of="submissions" window={w} />
      <SubmitForm closed={phase(w, Date.now()) !== "open"} categories={categories} questions={form.questions} />
    </>
  );
}

export function Submit() {
  return (
    <section aria-labelledby="submit-title">
      <h2 id="submit-title">{words.submit.title}</h2>
      <SignedIn roles={["PRODUCER"]}>
        {/* An account that must confirm its address is refused (403): say why rather than show the form. */}
        {session.unconfirmed() ? (
          <p role="status" class="warning">
            {words.confirmEmail.blockedSubmit}
          </p>
        ) : (
          <Window />
        )}
      </SignedIn>
    </section>
  );
}
