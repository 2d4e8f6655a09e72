// Journey of a film through the screening room: a producer submits a real
// two-minute film (made by ffmpeg in the test, never a committed video)
// straight to S3; the media job measures and encodes it while the
// producer's page shows it working, then its facts; a juror plays it through
// hls.js (encrypted segments, a key per minute), their share rises and the
// server's own count shows. An HEVC film is flagged with its reason on the
// producer's page and marked on the admin's board.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, page as open, shot, shots as shotsDir, accessible, call, account, signIn, baseURL } from "./browser.mjs";

// ffmpeg makes the films. Without it the journey cannot run: under CI that
// is a failure, on a laptop a skip that says what to install.
const ffmpeg = (() => {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return null;
  } catch {
    const why = "ffmpeg is not installed (Debian: apt-get install -y ffmpeg; `make test` installs it)";
    if (process.env.CI === "true") throw new Error(why);
    return why;
  }
})();

// film writes a test pattern with a 440 Hz tone, small and fast to make.
function makeFilm(path, seconds, video) {
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25",
    "-f", "lavfi", "-i", "sine=frequency=440",
    "-t", String(seconds), ...video, "-c:a", "aac", "-movflags", "+faststart", path,
  ]);
}

// One cue every ten seconds up to 1:50 of a 2:00 film.
const subtitles = Array.from({ length: 11 }, (_, i) => {
  const t = (s) => `00:0${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")},000`;
  return `${i + 1}\n${t(i * 10 + 1)} --> ${t(i * 10 + 10)}\nRéplique ${i + 1}.\n`;
}).join("\n");

let browser;
let dir;
let admin, producer, juror;

before(async () => {
  if (ffmpeg) return;
  dir = mkdtempSync(join(tmpdir(), "festival-screening-"));
  makeFilm(join(dir, "parapluies.mp4"), 120, ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]);
  makeFilm(join(dir, "hevc.mp4"), 3, ["-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-x265-params", "log-level=error"]);
  writeFileSync(join(dir, "parapluies.srt"), subtitles);
  browser = await launch();
  [admin, producer, juror] = await Promise.all([
    account("ADMIN", "Mag", "Bodard"),
    account("PRODUCER", "Jacques", "Demy"),
    account("JURY", "Agnès", "Varda"),
  ]);
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// untilMedia polls the film as an admin until its media job reaches one of
// the states (the job runs in the local server's worker).
async function untilMedia(id, states, seconds = 180) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const m = await call("GET", `/movies/${id}`, { token: admin.token });
    if (m.media && states.includes(m.media.state)) return m;
    if (Date.now() > end) throw new Error(`film ${id}: media ${JSON.stringify(m.media)} after ${seconds} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

test("a two-minute film is measured, encoded and screened through hls.js, and the server counts what the juror watched", { skip: ffmpeg ?? false, timeout: 300_000 }, async () => {
  // The producer submits the film; it goes straight to S3 in parts.
  const page = await open(browser);
  await signIn(page, producer);
  await page.getByRole("link", { name: "Soumettre un film" }).first().click();
  await page.getByLabel("Titre du film").fill("Lola Montès");
  await page.getByLabel("Durée (minutes)").fill("2");
  await page.getByLabel("Sous-titres (SRT, facultatifs)").setInputFiles(join(dir, "parapluies.srt"));
  await page.getByLabel("Film (MP4)").setInputFiles(join(dir, "parapluies.mp4"));
  await page.getByRole("button", { name: "Envoyer le film" }).click();
  await page.getByText("« Lola Montès » a bien été soumis.").waitFor({ timeout: 60_000 });
  await page.getByRole("link", { name: "Lola Montès" }).click();

  // Its page shows the job at work, then what it measured (the page reads it again by itself).
  const panel = page.getByRole("region", { name: "Fichier du film" });
  await panel.waitFor();
  await shot(page, "screening-1-producer-queued");
  const id = Number(new URL(page.url()).hash.split("/").pop());
  await untilMedia(id, ["ready", "failed"]);
  await page.locator("[data-media-state=ready]").waitFor({ timeout: 60_000 });
  const facts = await panel.innerText();
  assert.match(facts, /État : prêt/);
  assert.match(facts, /Durée mesurée\s+2 min \(déclarée : 2 min\)/);
  assert.match(facts, /Image\s+h264 \([^)]+\) · yuv420p · 640×360 · 25 images\/s/);
  assert.match(facts, /Son\s+aac · 1 canal/);
  assert.match(facts, /Niveau sonore intégré\s+[-−]?[\d,]+ LUFS/);
  assert.match(facts, /Sous-titres\s+jusqu'à 1 min 50 s \(92 % du film\)/);
  assert.match(facts, /Qualités de diffusion\s+360p \(640×360/);
  assert.match(facts, /Le fichier passe toutes les vérifications\./);
  await shot(page, "screening-2-producer-facts");
  await accessible(page, assert);
  // The producer watches the MP4: the stream's keys are the jury's.
  assert.equal(await page.locator("video").getAttribute("data-engine"), "mp4");
  await page.close();

  // The juror's screening room plays the stream through hls.js.
  await call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  const room = await open(browser);
  const keys = [];
  room.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith(`/movies/${id}/keys/`)) keys.push(r.url());
  });
  await signIn(room, juror);
  await room.goto(`${baseURL}/#/films/${id}`);
  await room.getByRole("heading", { name: "Salle de projection" }).waitFor();
  const video = room.locator("video[data-engine]");
  await video.waitFor();
  assert.equal(await video.getAttribute("data-engine"), "hls.js");
  assert.match(await video.evaluate((v) => v.src), /^blob:/, "a MediaSource URL: hls.js feeds the video");
  await room.getByText("Diffusion adaptative chiffrée.").waitFor();
  await room.waitForFunction(() => document.querySelector("video")?.textTracks[0]?.cues?.length === 11);
  await video.evaluate((v) => ((v.muted = true), v.play()));
  await room.waitForFunction(() => document.querySelector("video").currentTime > 8, null, { timeout: 60_000 });
  assert.ok(keys.length >= 1, "the player fetched the first minute's key");
  assert.ok(keys.every((k) => new URL(k).searchParams.has("ticket")), "each key is asked with the ticket");
  await video.evaluate((v) => v.pause()); // a pause reports the stretch played
  await room.getByTestId("watched").filter({ hasText: /Vous avez vu ([1-9][\d,]*) % du film/ }).waitFor();
  await room.getByTestId("counted").filter({ hasText: /^\s*Visionnage compté : [1-9]\d* \/ 2 min$/ }).waitFor();
  const viewing = await call("GET", `/movies/${id}/viewing`, { token: juror.token });
  assert.ok(viewing.watched_share > 0, JSON.stringify(viewing));
  assert.equal(viewing.server.minutes, 2);
  assert.ok(viewing.server.counted_minutes >= 1 && viewing.server.keys_issued >= 1, JSON.stringify(viewing.server));
  await shot(room, "screening-3-juror-hls");
  await accessible(room, assert);
  // Another evening: the room starts again where the juror stopped.
  const stopped = await video.evaluate((v) => v.currentTime);
  await room.reload();
  await room.locator("video[data-engine='hls.js']").waitFor();
  await room.waitForFunction((at) => Math.abs(document.querySelector("video").currentTime - at) < 1.5, stopped);
  await room.close();
});

test("an admin has unplayable files refused; an HEVC film is then flagged with its reason on the producer's page and marked on the board", { skip: ffmpeg ?? false, timeout: 180_000 }, async () => {
  // The settings: every check warns by default; unplayable files are now refused.
  const board = await open(browser);
  await signIn(board, admin);
  await board.goto(`${baseURL}/#/admin/reglages`);
  const checks = board.getByRole("group", { name: "Vérifications techniques des films" });
  const unplayable = checks.getByLabel("Image illisible dans les navigateurs");
  assert.equal(await unplayable.inputValue(), "warn");
  assert.equal(await checks.getByLabel("Aucune piste vidéo").inputValue(), "warn");
  assert.equal(await checks.getByLabel("Marquer la copie de chaque juré (filigrane)").isChecked(), false);
  await unplayable.selectOption("refuse");
  await board.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await board.getByText("Paramètres du festival mis à jour").waitFor();
  await checks.screenshot({ path: join(shotsDir, "screening-4-settings-checks.png") });
  await accessible(board, assert);
  const settings = await call("GET", "/settings", { token: admin.token });
  assert.equal(settings.media_checks.unplayable, "refuse");
  assert.equal(settings.media_checks.no_video, "warn");
  assert.equal(settings.screening_watermark, false);

  try {
    const form = new FormData();
    form.set("title", "Lola en HEVC");
    form.set("duration", "3");
    form.set("filmFile", new Blob([readFileSync(join(dir, "hevc.mp4"))], { type: "video/mp4" }), "lola.mp4");
    const id = (await call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
    const measured = await untilMedia(id, ["measured", "encoding", "packaging", "ready", "failed"]);
    assert.ok(measured.media.flags.some((f) => f.check === "unplayable" && f.action === "refuse"), JSON.stringify(measured.media));

    // The producer reads why, before the deadline.
    const page = await open(browser);
    await signIn(page, producer);
    await page.goto(`${baseURL}/#/films/${id}`);
    const panel = page.getByRole("region", { name: "Fichier du film" });
    const flag = panel.locator("[data-check=unplayable]");
    await flag.waitFor();
    assert.match(await flag.innerText(), /^bloquant\s+La vidéo est en .*(HEVC|hevc)/s, "the reason names the codec");
    await panel.getByText("Tant que ce fichier n'est pas remplacé, le film n'est pas confié au jury.").waitFor();
    // Its runtime is the measured one, in seconds when under a minute.
    assert.match(await page.locator("p.meta").first().innerText(), /^3 s\b/);
    await shot(page, "screening-5-producer-hevc-flag");
    await accessible(page, assert);
    await page.getByRole("link", { name: "Mes films" }).click();
    await page.getByRole("row").filter({ hasText: "Lola en HEVC" }).getByText("à revoir (voir la fiche)").waitFor();
    await page.close();

    // The admin's board marks it, and its filter shows only the files to review.
    await board.goto(`${baseURL}/#/admin`);
    await board.getByRole("link", { name: "Lola en HEVC" }).waitFor();
    await board.getByLabel("Fichier à revoir", { exact: true }).check();
    const row = board.getByRole("row").filter({ hasText: "Lola en HEVC" });
    const marker = row.getByRole("img", { name: /^Fichier à revoir : La vidéo est en / });
    assert.match(await marker.getAttribute("title"), /HEVC|hevc/);
    assert.equal(await board.getByRole("row").filter({ hasText: "Lola Montès" }).count(), 0, "a film whose file passed is not to review");
    await shot(board, "screening-6-board-flag");
    await accessible(board, assert);
  } finally {
    // The other journeys share this festival.
    await call("PUT", "/settings", { token: admin.token, json: { media_checks: { unplayable: "warn" } } });
    await board.close();
  }
});
