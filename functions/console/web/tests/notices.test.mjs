// Journey of the notices in the app: a producer's film is selected while
// the festival holds its decisions until a release date; the producer's
// bell tells of the film received and of its file's check, but of no
// decision; once an admin
// releases the decisions and the outbox delivers them, the decision is a
// notice in the app, unread, which the producer follows to the film and so
// marks read. A juror is told in the app that a film is theirs to judge.
// The journey runs on a festival of its own: it sets the festival-wide
// release date.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, mp4, ownAPI, festival, signIn } from "./browser.mjs";

let browser;
let api;
let stop;
const stamp = Date.now();
const title = `Les Parapluies de Cherbourg ${stamp}`;

before(async () => {
  browser = await launch();
  const own = await ownAPI();
  api = festival(own.url);
  stop = own.stop;
});

after(async () => {
  await browser?.close();
  stop?.();
});


// delivered waits until the outbox (it runs every few seconds) has mailed
// the person a message whose subject contains part.
async function delivered(who, part) {
  for (let i = 0; i < 60; i++) {
    const mails = await (await fetch(`${api.url}/_mailbox.json`)).json();
    if (mails.some((m) => m.to === who.email && m.subject.includes(part))) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.fail(`no mail to ${who.email} about "${part}"`);
}

// go follows a link of the console and waits for its route.
async function go(page, hash) {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction((h) => location.hash === h, hash);
}

test("a producer reads a held decision in the app only once released, and follows it to the film; a juror is told of a film assigned", async () => {
  const [admin, producer, juror] = await Promise.all([
    api.account("ADMIN", "Mag", "Bodard"),
    api.account("PRODUCER", "Jacques", "Demy"),
    api.account("JURY", "Anouk", "Aimée"),
  ]);
  const inThreeDays = new Date(Date.now() + 3 * 86400000).toISOString();
  await api.call("PUT", "/settings", { token: admin.token, json: { decisions_release_at: inThreeDays } });
  const form = new FormData();
  form.set("title", title);
  form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
  const id = (await api.call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  await api.call("PUT", `/movies/${id}/status`, { token: admin.token, json: { status: "selected" } });
  await delivered(producer, "Film reçu");
  await delivered(producer, "vérifiez le fichier"); // the smallest MP4 header holds no picture

  // Before the release: the film received, its file's check, and no decision.
  const page = await open(browser);
  await signIn(page, producer, api.url);
  await page.getByRole("link", { name: "Avis 2 non lus" }).click();
  await page.waitForFunction(() => location.hash.includes("/avis"));
  await page.getByRole("heading", { name: "Avis", level: 2 }).waitFor();
  const received = page.getByRole("listitem").filter({ hasText: `Film reçu : ${title}` });
  await received.waitFor();
  await received.getByText("Nous avons bien reçu votre film", { exact: false }).waitFor();
  await page.getByRole("listitem").filter({ hasText: "vérifiez le fichier du film" }).waitFor();
  assert.equal(await page.getByRole("listitem").count(), 2, "no decision before the release");
  assert.equal(await page.getByText("film sélectionné").count(), 0);
  await shot(page, "notices-1-before-release");
  await accessible(page, assert);
  await received.getByRole("button", { name: "Marquer comme lu" }).click();
  await page.getByRole("link", { name: "Avis 1 non lu" }).waitFor();
  await page.getByRole("button", { name: "Tout marquer comme lu" }).click();
  await page.getByRole("link", { name: "Avis (aucun non lu)" }).waitFor();
  await page.getByText("Avis marqués comme lus").waitFor();

  // The admin releases the decisions; the outbox delivers the decision.
  const released = await api.call("POST", "/notifications/release", { token: admin.token, json: {} });
  assert.equal(released.released, 1);
  await delivered(producer, "film sélectionné");

  // The producer moves on in the console: the bell reads the count again.
  await go(page, "#/mes-films");
  await page.getByRole("link", { name: "Avis 1 non lu" }).waitFor();
  await page.getByRole("link", { name: "Avis 1 non lu" }).click();
  await page.waitForFunction(() => location.hash.includes("/avis"));
  const decision = page.getByRole("listitem").filter({ hasText: `${title} : film sélectionné` });
  await decision.waitFor();
  await decision.getByText("Nouveau").waitFor();
  assert.equal(await page.getByRole("listitem").count(), 3);
  // Newest first: the decision above the film received.
  assert.match(await page.getByRole("listitem").first().innerText(), /film sélectionné/);
  // Only the unread: the decision alone.
  await page.getByLabel("Non lus seulement").check();
  await page.waitForFunction(() => document.querySelectorAll("ul.notices > li").length === 1);
  await shot(page, "notices-2-after-release");
  await accessible(page, assert);

  // Following the notice to the film marks it read.
  await decision.getByRole("link", { name: "Voir le film" }).click();
  await page.waitForFunction((film) => location.hash === `#/films/${film}`, id);
  await page.getByRole("heading", { name: title }).waitFor();
  await page.getByRole("link", { name: "Avis (aucun non lu)" }).waitFor();
  assert.equal((await api.call("GET", "/users/me/notices/unread", { token: producer.token })).unread, 0);
  await shot(page, "notices-3-film");
  await page.close();

  // A juror is told in the app that a film is theirs.
  await api.call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  await delivered(juror, "Un film vous est confié");
  const jury = await open(browser);
  await signIn(jury, juror, api.url);
  await jury.getByRole("link", { name: "Avis 1 non lu" }).click();
  await jury.waitForFunction(() => location.hash.includes("/avis"));
  const assigned = jury.getByRole("listitem").filter({ hasText: `Un film vous est confié : ${title}` });
  await assigned.waitFor();
  await assigned.getByRole("link", { name: "Voir le film" }).waitFor();
  await shot(jury, "notices-4-juror");
  await accessible(jury, assert);
  await assigned.getByRole("button", { name: "Marquer comme lu" }).click();
  await jury.getByRole("link", { name: "Avis (aucun non lu)" }).waitFor();
  await jury.close();
});
