import { api, type Category, type CategoryWindow, type CheckAction, type MediaChecks, type Role, type Settings as SettingsT } from "../../api/client";
import { words } from "../../i18n";
import { Feedback, useAction } from "../../ui/action";
import { useLoad } from "../../useLoad";
import { AdminPage } from "./AdminNav";
import { LateCodes } from "./LateCodes";
import { Grids } from "./Grids";
import { Pending } from "../../ui/Pending";
import { fromInput, toInput } from "../../ui/dates";

const roles: Role[] = ["PRODUCER", "JURY", "ADMIN"];

// The throttle's numbers, each an input (festival settings, 1 to its maximum).
// These lists are read when rendered: their words follow the console's language.
const throttle = () => [
  { name: "login_failures_per_account", label: words.settings.loginFailuresPerAccount, max: 1000000 },
  { name: "login_failures_per_address", label: words.settings.loginFailuresPerAddress, max: 1000000 },
  { name: "registrations_per_address", label: words.settings.registrationsPerAddress, max: 1000000 },
  { name: "throttle_window_seconds", label: words.settings.throttleWindowSeconds, max: 86400 },
] as const;

// The calendar's dates, each a datetime-local input in the browser's time.
const dates = () => [
  { name: "submissions_open_at", label: words.settings.submissionsOpenAt },
  { name: "submissions_close_at", label: words.settings.submissionsCloseAt },
  { name: "voting_open_at", label: words.settings.votingOpenAt },
  { name: "voting_close_at", label: words.settings.votingCloseAt },
] as const;

// The parts of the feedback a producer may read once decisions are out.
const feedbackParts = () => [
  { name: "decision", label: words.settings.feedbackDecision },
  { name: "marks", label: words.settings.feedbackMarks },
  { name: "comments", label: words.settings.feedbackComments },
  { name: "viewing", label: words.settings.feedbackViewing },
] as const;
type FeedbackParts = NonNullable<SettingsT["feedback"]>;

// The media job's technical checks, each refused, warned or off (a check
// the settings do not name warns).
const checks = ["unplayable", "no_video", "shorter", "subtitles_short", "subtitles_broken", "subtitles_language"] as const;
const checkActions: CheckAction[] = ["refuse", "warn", "off"];

function mediaChecks(f: FormData): MediaChecks {
  return Object.fromEntries(checks.map((c) => [c, String(f.get(`check-${c}`) ?? "warn")])) as MediaChecks;
}

function MediaFields({ settings }: { settings: SettingsT }) {
  return (
    <fieldset>
      <legend>{words.settings.mediaChecks}</legend>
      <p class="meta">{words.settings.mediaChecksHint}</p>
      {checks.map((c) => (
        <label key={c}>
          {words.settings.checks[c]}
          <select name={`check-${c}`}>
            {/* An uncontrolled select takes its first value from the option selected. */}
            {checkActions.map((a) => (
              <option key={a} value={a} selected={a === (settings.media_checks?.[c] ?? "warn")}>
                {words.settings.checkActions[a]}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label class="check">
        <input type="checkbox" name="screening_watermark" defaultChecked={Boolean(settings.screening_watermark)} />
        {words.settings.watermark}
      </label>
      <p class="meta">{words.settings.watermarkHint}</p>
    </fieldset>
  );
}

// categoryWindows reads the categories' own windows from the form: a
// category with no date has none (the festival's apply).
function categoryWindows(f: FormData, categories: Category[]): Record<string, CategoryWindow> {
  const out: Record<string, CategoryWindow> = {};
  for (const c of categories) {
    const w: CategoryWindow = {};
    for (const d of dates()) {
      const v = fromInput(String(f.get(`cw-${c.id_categorie}-${d.name}`) ?? ""));
      if (v) w[d.name] = v;
    }
    if (Object.keys(w).length > 0) out[String(c.id_categorie)] = w;
  }
  return out;
}

function Form() {
  const s = useLoad(() => Promise.all([api.settings(), api.categories()]));
  const action = useAction();
  if (s.state !== "ready") return <Pending of={s} />;
  const [settings, categories] = s.data;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget as HTMLFormElement);
        action.run(async () => {
          const answer = await api.updateSettings({
            jury_vote_assigned_only: f.get("jury_vote_assigned_only") === "on",
            self_registration_roles: f.getAll("self_registration_roles").map(String) as Role[],
            email_confirmation: f.get("email_confirmation") === "on",
            ...Object.fromEntries(throttle().map((t) => [t.name, Number(f.get(t.name))])),
            ...Object.fromEntries(dates().map((d) => [d.name, fromInput(String(f.get(d.name) ?? "")) || null])),
            results_published: f.get("results_published") === "on",
            public_film_view: f.get("public_film_view") === "redacted" ? "redacted" : "full",
            jury_reminder_days: Number(f.get("jury_reminder_days")),
            min_watched_share: Number(f.get("min_watched_share")),
            category_windows: categoryWindows(f, categories),
            decisions_release_at: fromInput(String(f.get("decisions_release_at") ?? "")) || null,
            public_selection: f.get("public_selection") === "curated" ? "curated" : "all",
            feedback: Object.fromEntries(feedbackParts().map((p) => [p.name, f.get(`feedback-${p.name}`) === "on"])) as FeedbackParts,
            media_checks: mediaChecks(f),
            screening_watermark: f.get("screening_watermark") === "on",
          });
          return answer.message;
        });
      }}
    >
      <label class="check">
        <input type="checkbox" name="jury_vote_assigned_only" defaultChecked={settings.jury_vote_assigned_only} />
        {words.settings.assignedOnly}
      </label>
      <fieldset>
        <legend>{words.settings.selfRegistration}</legend>
        {roles.map((r) => (
          <label class="check" key={r}>
            <input
              type="checkbox"
              name="self_registration_roles"
              value={r}
              defaultChecked={settings.self_registration_roles.includes(r)}
            />
            {words.account.role[r]}
          </label>
        ))}
        <p class="meta">{words.settings.selfRegistrationHint}</p>
        <label class="check">
          <input type="checkbox" name="email_confirmation" defaultChecked={settings.email_confirmation} />
          {words.firstRun.confirm}
        </label>
        <p class="meta">{words.firstRun.confirmHint}</p>
      </fieldset>
      <fieldset>
        <legend>{words.settings.throttle}</legend>
        {throttle().map((t) => (
          <label key={t.name}>
            {t.label}
            <input type="number" name={t.name} min={1} max={t.max} step={1} required defaultValue={String(settings[t.name])} />
          </label>
        ))}
        <p class="meta">{words.settings.throttleHint}</p>
      </fieldset>
      <fieldset>
        <legend>{words.settings.calendar}</legend>
        {dates().map((d) => (
          <label key={d.name}>
            {d.label}
            <input type="datetime-local" name={d.name} defaultValue={settings[d.name] ? toInput(settings[d.name]!) : ""} />
          </label>
        ))}
        <p class="meta">{words.settings.calendarHint}</p>
        <label>
          {words.settings.reminderDays}
          <input type="number" name="jury_reminder_days" min={0} max={30} step={1} required defaultValue={String(settings.jury_reminder_days ?? 0)} />
        </label>
        <label>
          {words.settings.minWatchedShare}
          <input type="number" name="min_watched_share" min={0} max={100} step={1} required defaultValue={String(settings.min_watched_share ?? 0)} />
        </label>
        <label class="check">
          <input type="checkbox" name="results_published" defaultChecked={Boolean(settings.results_published_at)} />
          {words.settings.resultsPublished}
        </label>
      </fieldset>
      {categories.length > 0 && (
        <fieldset>
          <legend>{words.settings.categoryWindows}</legend>
          <p class="meta">{words.settings.categoryWindowsHint}</p>
          {categories.map((c) => {
            const w = settings.category_windows?.[String(c.id_categorie)] ?? {};
            return (
              <fieldset key={c.id_categorie} class="inline-dates">
                <legend>{c.name}</legend>
                {dates().map((d) => (
                  <label key={d.name}>
                    {d.label}
                    <input type="datetime-local" name={`cw-${c.id_categorie}-${d.name}`} defaultValue={w[d.name] ? toInput(w[d.name]!) : ""} />
                  </label>
                ))}
              </fieldset>
            );
          })}
        </fieldset>
      )}
      <fieldset>
        <legend>{words.settings.publicFilmView}</legend>
        <label class="check">
          <input type="radio" name="public_film_view" value="full" defaultChecked={settings.public_film_view !== "redacted"} />
          {words.settings.filmViewFull}
        </label>
        <label class="check">
          <input type="radio" name="public_film_view" value="redacted" defaultChecked={settings.public_film_view === "redacted"} />
          {words.settings.filmViewRedacted}
        </label>
      </fieldset>
      <fieldset>
        <legend>{words.settings.release}</legend>
        <label>
          {words.settings.releaseAt}
          <input
            type="datetime-local"
            name="decisions_release_at"
            defaultValue={settings.decisions_release_at ? toInput(settings.decisions_release_at) : ""}
          />
        </label>
        <p class="meta">{words.settings.releaseHint}</p>
        <fieldset>
          <legend>{words.settings.publicSelection}</legend>
          <p class="meta">{words.settings.selectionAdvice}</p>
          <label class="check">
            <input type="radio" name="public_selection" value="all" defaultChecked={settings.public_selection !== "curated"} />
            {words.settings.selectionAll}
          </label>
          <label class="check">
            <input type="radio" name="public_selection" value="curated" defaultChecked={settings.public_selection === "curated"} />
            {words.settings.selectionCurated}
          </label>
        </fieldset>
        <fieldset>
          <legend>{words.settings.feedback}</legend>
          {feedbackParts().map((p) => (
            <label class="check" key={p.name}>
              <input type="checkbox" name={`feedback-${p.name}`} defaultChecked={Boolean(settings.feedback?.[p.name])} />
              {p.label}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <MediaFields settings={settings} />
      <Feedback of={action} />
      <button type="submit" disabled={action.busy}>
        {words.settings.save}
      </button>
    </form>
  );
}

export function Settings() {
  return (
    <AdminPage path="/admin/reglages" title={words.admin.settings}>
      <Form />
      <Grids />
      <LateCodes />
    </AdminPage>
  );
}
