// Journey of the selection committee's board (issue 25): on a festival of
// its own with 500 films seeded through the API, an admin sorts the board by
// a column both ways, goes to page 3, reloads and finds the same view, saves
// it, chooses 20 films and decides them in one go, then opens a film and
// reviews three films with "Suivant" and the keyboard without returning to
// the board, deciding one with a key, and gives it a tag and a note.
// BOARD_FILMS sets how many films are seeded (500 by default; 5000 to
// measure a larger festival).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, ownAPI, festival, film, mp4 } from "./browser.mjs";

const N = Number(process.env.BOARD_FILMS ?? 500);
let browser, api, stop, admin;
const timings = {};

// Titles a festival could receive: 20 heads and 25 tails make 500 different ones.
const heads = ["La Nuit", "Le Silence", "Les Oiseaux", "L'Été", "Le Fleuve", "La Maison", "Les Vagues", "Le Dernier Train", "La Frontière", "Les Enfants",
  "Le Jardin", "La Lumière", "Les Ombres", "Le Retour", "La Traversée", "Le Voyage", "Les Saisons", "La Mémoire", "Le Vent", "Les Heures"];
const tails = ["d'octobre", "du Nord", "de Marseille", "sans retour", "de l'aube", "des marées", "de Lisbonne", "du phare", "en hiver", "de la colline",
  "du dimanche", "de minuit", "des îles", "d'ailleurs", "de la ville", "du désert", "des montagnes", "de l'exil", "du port", "de septembre",
  "au loin", "d'Alger", "de Dakar", "de Naples", "du matin"];
const countries = ["France", "Belgique", "Sénégal", "Québec", "Maroc", "Suisse", "Tunisie", "Italie", "Portugal", "Liban"];
const title = (i) => `${heads[i % 20]} ${tails[Math.floor(i / 20) % 25]}${i >= 500 ? ` (${Math.floor(i / 500) + 1})` : ""}`;

// inBatches runs f on each item, size at a time.
async function inBatches(items, size, f) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(f));
}

before(async () => {
  browser = await launch();
  const own = await ownAPI();
  api = festival(own.url);
  stop = own.stop;
  const started = Date.now();
  admin = await api.account("ADMIN", "Mag", "Bodard");
  const producers = await Promise.all(
    [["Jacques", "Demy"], ["Agnès", "Varda"], ["Ousmane", "Sembène"], ["Chantal", "Akerman"], ["Youssef", "Chahine"]].map(([f, l]) => api.account("PRODUCER", f, l)),
  );
  const jurors = await Promise.all([["Anouk", "Aimée"], ["Jean-Pierre", "Léaud"], ["Delphine", "Seyrig"]].map(([f, l]) => api.account("JURY", f, l)));
  const categories = [];
  for (const name of ["Fiction", "Documentaire", "Animation"]) {
    await api.call("POST", "/categories", { token: admin.token, json: { name } });
  }
  for (const c of await api.call("GET", "/categories")) categories.push(c.id_categorie);
  // A real film of a second for a few entries (the media job measures it), an
  // unreadable one for a few more (flagged), none yet for the others.
  // A real film of a second for one entry in eight (the media job measures
  // it), an unreadable one for a few more (flagged), none yet for the others.
  const real = await film(browser, 1);
  const withFile = (i) => i < 500 && i % 8 === 3; // beyond 500 films (BOARD_FILMS), no more media jobs
  const ids = new Array(N);
  let t = Date.now();
  await inBatches([...Array(N).keys()], 24, async (i) => {
    const form = new FormData();
    form.set("title", title(i));
    if (!withFile(i)) form.set("duration", String(300 + ((i * 337) % 5700))); // a film's own runtime is measured
    form.set("nationality", countries[(i * 7) % countries.length]);
    form.set("release_year", String(2020 + (i % 7)));
    if (i % 11 !== 0) form.set("categories", String(categories[(i >> 2) % categories.length]));
    if (withFile(i)) form.set("filmFile", new Blob([real], { type: "video/mp4" }), "film.mp4");
    else if (i % 40 === 7) form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    const who = producers[i % producers.length];
    ids[i] = (await api.call("POST", "/movies/upload", { token: who.token, form })).movie.id_movie;
  });
  timings.uploads = Date.now() - t;
  t = Date.now();
  // The films with a file are with the jury, who marked them; a few are to be discussed; some carry tags.
  const screened = ids.filter((_, i) => withFile(i));
  await inBatches(screened, 24, (id) => api.call("PUT", `/movies/${id}/status`, { token: admin.token, json: { status: "assigned" } }));
  await inBatches(
    screened.flatMap((id, k) => jurors.map((j, n) => [id, j, Math.min(10, Math.max(0, ((k * 37 + n * 13) % 9) + ((k * 7) % 3)))])),
    24,
    ([id, j, score]) => api.call("POST", `/votes/mine/${id}`, { token: j.token, json: { score } }),
  );
  await inBatches(ids.filter((_, i) => i % 13 === 2), 24, (id) => api.call("PUT", `/movies/${id}/status`, { token: admin.token, json: { status: "to_discuss" } }));
  await inBatches(ids.filter((_, i) => i % 17 === 3), 24, (id) => api.call("PUT", `/movies/${id}/tags`, { token: admin.token, json: { tags: ["coup de cœur"] } }));
  await inBatches(ids.filter((_, i) => i % 29 === 5), 24, (id) => api.call("PUT", `/movies/${id}/tags`, { token: admin.token, json: { tags: ["à revoir", "première"] } }));
  timings.marks = Date.now() - t;
  timings.seed = Date.now() - started;
});

after(async () => {
  await browser?.close();
  stop?.();
  console.log(`board journey, ${N} films: ${JSON.stringify(timings)}`);
});

// board reads the board as the API answers a query.
const board = (query) => api.call("GET", `/movies/board?${query}`, { token: admin.token });

// firstTitle is the title in the board's first row.
const firstTitle = (page) => page.locator("table.board tbody tr").first().locator("td.title a").innerText();

// mediaSettled waits until the media job of each film of ids has ended
// (ready or failed, or no job at all).
async function mediaSettled(ids) {
  for (let i = 0; i < 300; i++) {
    const films = await Promise.all(ids.map((id) => api.call("GET", `/movies/${id}`, { token: admin.token })));
    if (films.every((m) => !m.media || m.media.state === "ready" || m.media.state === "failed")) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the seeded films' media jobs did not end within 5 minutes");
}

// boardLoad measures a load of the board in the browser: from a reload of
// its address to its rows on screen, and the API's answer as the browser timed it.
async function boardLoad(page, hash) {
  await page.goto(api.url + hash);
  await page.locator("table.board tbody tr").first().waitFor();
  const t0 = Date.now();
  await page.reload();
  await page.locator("table.board tbody tr").first().waitFor();
  const total = Date.now() - t0;
  const answer = await page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.includes("/movies/board")).map((e) => Math.round(e.duration)));
  return { page_ms: total, api_ms: answer };
}

test(`an admin sorts and pages a board of ${N} films, keeps the view across a reload, saves it, decides 20 films at once and reviews three films with "Suivant"`, async () => {
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await page.goto(api.url + "/#/connexion");
  await page.getByLabel("Adresse e-mail").fill(admin.email);
  await page.getByLabel("Mot de passe").fill(admin.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mon compte" }).waitFor();

  // The board, the newest films first: 50 rows of the 500.
  await page.getByRole("link", { name: "Administration" }).click();
  await page.getByText(`${N} films dans cette vue.`).waitFor();
  assert.equal(await page.locator("table.board tbody tr").count(), 50);
  timings.load = await boardLoad(page, "/#/admin");
  await page.getByText(`${N} films dans cette vue.`).waitFor();
  await shot(page, "board-1-newest");
  await accessible(page, assert);

  // Sorted by the jury's mean, lowest first, then highest first.
  const mean = page.getByRole("columnheader", { name: /Moyenne/ });
  await mean.getByRole("button").click();
  await page.waitForFunction(() => location.hash.includes("sort=mean") && location.hash.includes("order=asc"));
  assert.equal(await mean.getAttribute("aria-sort"), "ascending");
  const low = await board("sort=mean&order=asc&per_page=10");
  await page.locator("table.board tbody tr").first().getByRole("link", { name: low.films[0].title }).waitFor();
  await mean.getByRole("button").click();
  await page.waitForFunction(() => location.hash.includes("sort=mean") && location.hash.includes("order=desc"));
  assert.equal(await mean.getAttribute("aria-sort"), "descending");
  const high = await board("sort=mean&order=desc&per_page=10");
  await page.locator("table.board tbody tr").first().getByRole("link", { name: high.films[0].title }).waitFor();
  assert.ok(high.films[0].mean >= high.films[1].mean);
  await shot(page, "board-2-by-mean");

  // Page 3 of that view: films 101 to 150.
  await page.getByRole("navigation", { name: "Pages du tableau" }).getByRole("link", { name: "Page 3" }).click();
  await page.waitForFunction(() => location.hash.includes("page=3"));
  const third = await board("sort=mean&order=desc&page=3");
  await page.locator("table.board tbody tr").first().getByRole("link", { name: third.films[0].title }).waitFor();
  assert.equal(await page.locator("table.board tbody tr").count(), 50);
  await shot(page, "board-3-page-3");

  // A reload shows the same view: the address holds it.
  await page.reload();
  await page.locator("table.board tbody tr").first().getByRole("link", { name: third.films[0].title }).waitFor();
  assert.equal(await page.getByRole("columnheader", { name: /Moyenne/ }).getAttribute("aria-sort"), "descending");
  assert.equal(await page.getByRole("navigation", { name: "Pages du tableau" }).getByRole("link", { name: "Page 3" }).getAttribute("aria-current"), "page");
  await accessible(page, assert);

  // Saved as a view, then shown again from the default board.
  await page.getByText("Vues enregistrées").click();
  await page.getByLabel("Nom de la vue").fill("Meilleures moyennes");
  await page.getByRole("button", { name: "Enregistrer cette vue" }).click();
  await page.getByText("Vue « Meilleures moyennes » enregistrée.").waitFor();
  const views = await api.call("GET", "/users/me/views", { token: admin.token });
  assert.deepEqual(views.map((v) => [v.name, new URLSearchParams(v.query).get("sort"), new URLSearchParams(v.query).get("order")]), [["Meilleures moyennes", "mean", "desc"]]);
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Films à examiner" }).click();
  await page.waitForFunction(() => !location.hash.includes("sort=mean"));
  await page.getByRole("link", { name: "Meilleures moyennes" }).click();
  await page.waitForFunction(() => location.hash.includes("sort=mean") && location.hash.includes("order=desc"));
  await page.locator("table.board tbody tr").first().getByRole("link", { name: high.films[0].title }).waitFor();
  await shot(page, "board-4-saved-view");
  await accessible(page, assert);
  assert.equal(await page.getByRole("link", { name: "Meilleures moyennes" }).getAttribute("aria-current"), "true");
  // The API keeps a view without its own defaults ("sort=title&order=asc" as
  // "sort=title"): the view's link still sorts the titles A to Z.
  await api.call("PUT", "/users/me/views", { token: admin.token, json: { views: [...views, { name: "Titres", query: "sort=title&order=asc" }] } });

  // Twenty films chosen on the page, decided in one go. The seeded files'
  // media jobs change their films until they end, and a decision previewed
  // meanwhile is refused at apply as stale (as it should be): the committee
  // decides once the top films' jobs are done.
  await mediaSettled((await board("sort=mean&order=desc&per_page=20")).films.map((f) => f.id_movie));
  await page.reload();
  await page.locator("table.board tbody tr").first().getByRole("link", { name: high.films[0].title }).waitFor();
  assert.equal(await page.getByRole("link", { name: "Titres", exact: true }).getAttribute("href"), "#/admin?sort=title&order=asc");
  const rows = page.locator("table.board tbody tr");
  const chosen = [];
  for (let i = 0; i < 20; i++) {
    const t = await rows.nth(i).locator("td.title a").innerText();
    chosen.push(t);
    await rows.nth(i).getByRole("checkbox").check();
  }
  await page.getByText("20 films choisis.").waitFor();
  await page.getByLabel("Nouveau statut").selectOption({ label: "sélectionné" });
  await page.getByRole("button", { name: "Décider la sélection" }).click();
  await page.getByRole("status").filter({ hasText: /20 films changent de statut/ }).waitFor();
  await shot(page, "board-5-decide-preview");
  await page.getByRole("button", { name: "Appliquer ces 20 décisions" }).click();
  await page.getByRole("status").filter({ hasText: "Décisions appliquées : 20 films modifiés." }).waitFor();
  const top = (await board("sort=mean&order=desc&per_page=20")).films;
  assert.deepEqual(top.map((f) => f.title), chosen);
  for (const f of top) assert.equal(f.selection_status, "selected", `${f.title} is selected`);
  await page.locator("table.board tbody tr").first().getByText("sélectionné").waitFor();
  await shot(page, "board-6-decided");
  await accessible(page, assert);

  // Three films reviewed in the view's order, without the board: "Suivant", then the keyboard.
  const order = (await board("sort=mean&order=desc&per_page=10")).films;
  await rows.first().locator("td.title a").click();
  await page.waitForFunction((id) => location.hash.startsWith(`#/films/${id}?vue=`), order[0].id_movie);
  await page.getByRole("heading", { name: order[0].title, level: 2 }).waitFor();
  const nav = page.getByRole("navigation", { name: "Films de la vue" });
  await nav.getByText(`1 / ${N}`).waitFor();
  await shot(page, "board-7-review-first");
  await accessible(page, assert);
  await nav.getByRole("link", { name: "Suivant →" }).click();
  await page.getByRole("heading", { name: order[1].title, level: 2 }).waitFor();
  await nav.getByText(`2 / ${N}`).waitFor();
  await page.keyboard.press("j");
  await page.getByRole("heading", { name: order[2].title, level: 2 }).waitFor();
  await nav.getByText(`3 / ${N}`).waitFor();
  assert.match(await nav.getByRole("link", { name: "Suivant →" }).getAttribute("aria-keyshortcuts"), /\bj\b/);
  // A decision by its key, as its button would: "d", to discuss.
  await page.keyboard.press("d");
  await page.getByText("Statut enregistré : à discuter.").waitFor();
  assert.equal((await api.call("GET", `/movies/${order[2].id_movie}`, { token: admin.token })).selection_status, "to_discuss");
  // Keys typed in a field are the field's: no film changes.
  await page.getByLabel("Nouvelle note").focus();
  await page.keyboard.press("j");
  await page.keyboard.press("d");
  assert.equal(await page.getByLabel("Nouvelle note").inputValue(), "jd");
  assert.equal(await page.getByRole("heading", { name: order[2].title, level: 2 }).count(), 1);

  // The committee's tag and note on this film.
  await page.getByLabel("Nouvelle étiquette").fill("  Coup de Cœur ");
  await page.getByRole("button", { name: "Ajouter l'étiquette" }).click();
  await page.getByRole("button", { name: "Retirer l'étiquette « coup de cœur »" }).waitFor();
  await page.getByLabel("Nouvelle note").fill("Très belle photographie ; le montage de la fin est à revoir.");
  await page.getByRole("button", { name: "Ajouter la note" }).click();
  await page.getByText("Note ajoutée.").waitFor();
  await page.getByText("Mag Bodard,").waitFor();
  const notes = await api.call("GET", `/movies/${order[2].id_movie}/notes`, { token: admin.token });
  assert.deepEqual(notes.map((n) => [n.text, n.author.last_name]), [["Très belle photographie ; le montage de la fin est à revoir.", "Bodard"]]);
  assert.deepEqual((await api.call("GET", `/movies/${order[2].id_movie}`, { token: admin.token })).tags, ["coup de cœur"]);
  await shot(page, "board-8-review-third-tagged");
  await accessible(page, assert);

  // "k" goes back one film; the board's link returns to the view.
  await page.getByRole("button", { name: "Ajouter la note" }).focus();
  await page.keyboard.press("k");
  await page.getByRole("heading", { name: order[1].title, level: 2 }).waitFor();
  await nav.getByRole("link", { name: "Retour au tableau" }).click();
  await page.waitForFunction(() => location.hash.startsWith("#/admin?") && location.hash.includes("sort=mean"));

  // The tag filter finds the film, with its chip and its note counted.
  await page.getByRole("combobox", { name: /^Étiquette/ }).selectOption({ value: "coup de cœur" });
  await page.waitForFunction(() => location.hash.includes("tag="));
  const tagged = page.getByRole("row").filter({ hasText: order[2].title });
  await tagged.getByText("1 note").waitFor();
  await shot(page, "board-9-tag-filter");
  await accessible(page, assert);
  // The board's load again, the media jobs of the seed most likely done.
  timings.load_end = await boardLoad(page, "/#/admin");
  await page.close();
});
