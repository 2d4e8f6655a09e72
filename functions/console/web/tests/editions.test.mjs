// Journey of a festival's second year: the admin starts the next edition
// (what is copied and what is archived said before they confirm), reads the
// archived one through the edition switcher, read-only; the public reads the
// archived edition's palmarès; a returning producer submits an earlier film
// again in one step. The journey runs on a festival of its own: starting an
// edition archives every film of the festival it runs on.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, mp4, ownAPI, festival, signIn } from "./browser.mjs";

let browser;
let api;
let stop;
const stamp = Date.now();
const title = `Les Glaneurs ${stamp}`;

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


test("the admin starts the next edition; the archived one stays readable, read-only, with its palmarès; a producer submits an earlier film again", async () => {
  // The first edition: a film, judged, awarded, its results published.
  const [admin, producer, juror] = await Promise.all([
    api.account("ADMIN", "Mag", "Bodard"),
    api.account("PRODUCER", "Agnès", "Varda"),
    api.account("JURY", "Jacques", "Demy"),
  ]);
  await api.call("POST", "/categories", { token: admin.token, json: { name: "Documentaire" } });
  const form = new FormData();
  form.set("title", title);
  form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
  const id = (await api.call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  await api.call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  await api.call("POST", `/votes/mine/${id}`, { token: juror.token, json: { score: 9 } });
  await api.call("POST", "/awards", { token: admin.token, json: { id_movie: id, name: "Grand Prix" } });
  await api.call("PUT", "/settings", { token: admin.token, json: { results_published: true } });
  const head = await api.call("GET", "/votes/ledger/head");
  const first = (await api.call("GET", "/editions")).current;

  // The admin starts the next edition; the confirmation says what happens.
  const page = await open(browser);
  await signIn(page, admin, api.url);
  await page.goto(api.url + "/#/admin/editions");
  await page.getByRole("heading", { name: "Éditions", level: 2 }).waitFor();
  await page.getByRole("row").filter({ hasText: "(en cours)" }).waitFor();
  await page.getByText(/^Copié dans la nouvelle édition : les réglages .* Archivé, en lecture seule : l'édition/).waitFor();
  await page.getByLabel("Identifiant (par exemple 2027 : lettres, chiffres, tirets)").fill("2027");
  await page.getByLabel("Nom (par exemple Festival 2027)").fill("Festival 2027");
  await shot(page, "editions-1-start");
  await accessible(page, assert);
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    d.accept();
  });
  await page.getByRole("button", { name: "Démarrer l'édition suivante" }).click();
  await page.getByText("L'édition « Festival 2027 » est ouverte ; la précédente est archivée.").waitFor();
  assert.match(asked, /^Démarrer l'édition « 2027 » et archiver « .+ » \? On ne revient pas en arrière\.$/);
  await page.getByRole("row").filter({ hasText: "Festival 2027 (en cours)" }).waitFor();
  await shot(page, "editions-2-started");

  // The current edition starts empty; the switcher reads the archived one, read-only.
  await page.goto(api.url + "/#/admin");
  await page.getByRole("heading", { name: "Films à examiner" }).waitFor();
  await page.getByText("Aucun film ne correspond.").waitFor();
  await page.getByLabel("Édition affichée").selectOption(first);
  await page.getByRole("note").filter({ hasText: "est archivée : vous la consultez en lecture seule" }).waitFor();
  await page.getByRole("link", { name: title }).waitFor();
  await shot(page, "editions-3-archived-board");
  await accessible(page, assert);
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Prix" }).click();
  await page.getByRole("cell", { name: "Grand Prix", exact: true }).waitFor();
  assert.ok(await page.getByRole("button", { name: "Décerner" }).isDisabled(), "no award is given in an archived edition");
  assert.ok(await page.getByRole("button", { name: "Retirer « Grand Prix »" }).isDisabled());
  await page.goto(api.url + `/#/films/${id}`);
  await page.getByRole("heading", { name: "Examen" }).waitFor();
  assert.ok(await page.getByRole("button", { name: "Enregistrer le statut" }).isDisabled(), "an archived film is read-only");
  await shot(page, "editions-4-archived-film");
  await page.goto(api.url + "/#/admin/prix");
  await page.getByRole("button", { name: "Revenir à l'édition en cours" }).click();
  await page.getByRole("note").waitFor({ state: "detached" });
  assert.equal(await page.getByRole("cell", { name: "Grand Prix", exact: true }).count(), 0, "the new edition has no award");
  assert.ok(await page.getByRole("button", { name: "Décerner" }).isEnabled());
  // What the API keeps of the archived edition: its ledger head, unchanged.
  assert.deepEqual(await api.call("GET", `/votes/ledger/head?edition=${first}`), head);

  // The public reads the archived edition's palmarès.
  const visitor = await open(browser);
  await visitor.goto(api.url + "/#/palmares");
  await visitor.getByText("Aucun prix n'a encore été décerné.").waitFor();
  await visitor.getByLabel("Édition").selectOption(first);
  const prize = visitor.locator("dl.palmares div").filter({ hasText: "Grand Prix" });
  await prize.waitFor();
  assert.match(await prize.innerText(), new RegExp(title));
  assert.equal(await visitor.locator("[data-ledger-head]").getAttribute("data-ledger-head"), head.hash);
  await shot(visitor, "editions-5-archived-palmares");
  await accessible(visitor, assert);

  // The producer finds the earlier film and submits it again, in one step.
  const mine = await open(browser);
  await signIn(mine, producer, api.url);
  await mine.getByRole("link", { name: "Mes films" }).click();
  await mine.getByText("Vous n'avez encore soumis aucun film.").waitFor();
  const earlier = mine.getByRole("region", { name: /^Envoyés à l'édition/ });
  await earlier.getByRole("link", { name: title }).waitFor();
  await shot(mine, "editions-6-earlier-films");
  await accessible(mine, assert);
  await earlier.getByRole("button", { name: `Soumettre à nouveau à « Festival 2027 » : « ${title} »` }).click();
  await mine.getByText(`« ${title} » est soumis à l'édition « Festival 2027 ».`).waitFor();
  await mine.getByRole("row").filter({ hasText: title }).waitFor();
  await shot(mine, "editions-7-resubmitted");
  const current = await api.call("GET", "/movies/mine", { token: producer.token });
  assert.deepEqual(current.map((m) => [m.title, m.edition]), [[title, "2027"]]);
  const archived = await api.call("GET", `/movies/mine?edition=${first}`, { token: producer.token });
  assert.deepEqual(archived.map((m) => [m.id_movie, m.edition]), [[id, first]], "the earlier film stays in its edition");
});
