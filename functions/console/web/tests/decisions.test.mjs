// Journey of a bulk decision: the admin finds films on the board by title
// (accents and case ignored), chooses them one by one or all those shown,
// previews their new status with the message each producer will receive and
// when, and applies it all at once; a second decision, whose film an admin
// changes between the preview and the apply, is refused and changes nothing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4 } from "./browser.mjs";

let browser;
let admin;
const films = {};
const stamp = Date.now();

before(async () => {
  browser = await launch();
  let demy, varda;
  [admin, demy, varda] = await Promise.all([
    account("ADMIN", "Mag", "Bodard"),
    account("PRODUCER", "Jacques", "Demy"),
    account("PRODUCER", "Agnès", "Varda"),
  ]);
  for (const [key, title, who] of [
    ["cherbourg", `Peau d'Âne ${stamp}`, demy],
    ["rochefort", `Les Demoiselles de Rochefort ${stamp}`, demy],
    ["cleo", `Les Créatures ${stamp}`, varda],
    ["bonheur", `Le Bonheur ${stamp}`, varda],
  ]) {
    const form = new FormData();
    form.set("title", title);
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    films[key] = { title, id: (await call("POST", "/movies/upload", { token: who.token, form })).movie.id_movie };
  }
  // A juror's marks: Peau d'Âne 9, Les Créatures 6 (assigned to them: the
  // festival may let jurors vote on their own films only).
  const juror = await account("JURY", "Anouk", "Aimée");
  for (const key of ["cherbourg", "cleo"]) {
    await call("PUT", `/movies/${films[key].id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  }
  await call("POST", `/votes/mine/${films.cherbourg.id}`, { token: juror.token, json: { score: 9 } });
  await call("POST", `/votes/mine/${films.cleo.id}`, { token: juror.token, json: { score: 6 } });
});

after(async () => {
  await browser?.close();
});

const status = async (id) => (await call("GET", `/movies/${id}`, { token: admin.token })).selection_status;

test("the admin chooses films on the board, previews who is told what and when, and applies all at once; a stale preview changes nothing", async () => {
  const page = await open(browser);
  await signIn(page, admin);
  await page.goto(page.url().replace(/#.*/, "#/admin"));
  await page.getByRole("heading", { name: "Films à examiner" }).waitFor();

  // Three films: a search for "DE ROCHEFORT", then "peau d'ane", then "CREATURES" (case and accents ignored), each chosen.
  const search = page.getByLabel("Titre contenant");
  await search.fill("demoiselles DE ROCHEFORT");
  await page.getByLabel("Choisir tous les films affichés").check();
  await search.fill("peau d'ane");
  await page.getByLabel(`Choisir « ${films.cherbourg.title} »`).check();
  // Cléo, found without its accent.
  await search.fill("CREATURES");
  await page.getByLabel(`Choisir « ${films.cleo.title} »`).check();
  await search.fill("");
  await page.getByText("3 films choisis.").waitFor();
  await shot(page, "decisions-1-chosen");
  await accessible(page, assert);

  await page.getByLabel("Nouveau statut").selectOption({ label: "sélectionné" });
  await page.getByRole("button", { name: "Décider la sélection" }).click();
  await page.getByRole("status").filter({ hasText: "3 films changent de statut." }).waitFor();
  const changes = page.getByRole("table", { name: "Décisions prévues" });
  assert.equal(await changes.locator("tbody tr").count(), 3);
  const cleo = changes.getByRole("row", { name: new RegExp(films.cleo.title) });
  const line = await cleo.innerText();
  assert.match(line, /reçu/);
  assert.match(line, /sélectionné/);
  assert.match(line, /Agnès Varda/);
  assert.match(line, /film sélectionné/, "the subject of the message Agnès Varda will receive");
  assert.match(line, /envoyé dès l'application/, "no release date: the message goes when the decision is applied");
  await cleo.getByText("Texte du message").click();
  await cleo.getByText(/Bonjour Agnès,/).waitFor();
  await shot(page, "decisions-2-preview");
  await accessible(page, assert);
  for (const key of ["cherbourg", "rochefort", "cleo"]) assert.equal(await status(films[key].id), "submitted", "nothing is written before apply");

  await page.getByRole("button", { name: "Appliquer ces 3 décisions" }).click();
  await page.getByRole("status").filter({ hasText: "Décisions appliquées : 3 films modifiés." }).waitFor();
  await page.getByText("Aucun film choisi.").waitFor();
  await shot(page, "decisions-3-applied");
  for (const key of ["cherbourg", "rochefort", "cleo"]) assert.equal(await status(films[key].id), "selected");
  assert.equal(await status(films.bonheur.id), "submitted");

  // Le Bonheur, to be refused; another admin puts it up for discussion before the apply.
  await search.fill("bonheur");
  await page.getByLabel(`Choisir « ${films.bonheur.title} »`).check();
  await page.getByLabel("Nouveau statut").selectOption({ label: "non retenu" });
  await page.getByRole("button", { name: "Décider la sélection" }).click();
  await page.getByRole("status").filter({ hasText: "1 film change de statut." }).waitFor();
  await call("PUT", `/movies/${films.bonheur.id}/status`, { token: admin.token, json: { status: "to_discuss" } });
  await page.getByRole("button", { name: "Appliquer cette décision" }).click();
  await page.getByRole("alert").filter({ hasText: `Le film n° ${films.bonheur.id} « ${films.bonheur.title} » a changé depuis l'aperçu : aucune décision n'a été appliquée` }).waitFor();
  // The board reads the films again: Le Bonheur is to be discussed, still chosen, the status asked for kept.
  await page.getByRole("row", { name: new RegExp(films.bonheur.title) }).getByText("à discuter").waitFor();
  assert.equal(await page.getByLabel("Nouveau statut").inputValue(), "refused");
  await page.getByText("1 film choisi.").waitFor();
  await shot(page, "decisions-4-refused");
  await accessible(page, assert);
  assert.equal(await status(films.bonheur.id), "to_discuss", "the refused apply changed nothing");

  // From the jury's results, without choosing films: this journey's films (by title) with a mean of 8 or more become finalists.
  await search.fill(String(stamp));
  await page.getByLabel(/tous les films qui répondent aux filtres/).check();
  await page.getByLabel("Note moyenne au moins").fill("8");
  await page.getByLabel("Nouveau statut").selectOption({ label: "finaliste" });
  await page.getByRole("button", { name: "Décider la sélection" }).click();
  await page.getByRole("status").filter({ hasText: "1 film change de statut." }).waitFor();
  const rows = page.getByRole("table", { name: "Décisions prévues" }).locator("tbody tr");
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().innerText(), new RegExp(films.cherbourg.title));
  await shot(page, "decisions-5-by-score");
  await accessible(page, assert);
  await page.getByRole("button", { name: "Appliquer cette décision" }).click();
  await page.getByRole("status").filter({ hasText: "Décisions appliquées : 1 film modifié." }).waitFor();
  assert.equal(await status(films.cherbourg.id), "finalist");
  assert.equal(await status(films.cleo.id), "selected");
});
