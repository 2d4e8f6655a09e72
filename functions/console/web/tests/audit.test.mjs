// The audit trail a person reads (issue 25): an admin changes a setting and
// a film's status in the console, opens the journal, reads their own name
// and each change in words with its value before and after, filters by film
// and by action, and downloads the same entries as CSV. On a festival of its
// own: the journey changes festival-wide settings.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, page as open, shot, accessible, mp4, ownAPI, festival } from "./browser.mjs";

let browser;
let api;
let stop;
// The journey's festival is its own: the titles need no stamp, and the
// journal's screenshot (docs/images) reads as a festival's would.
const title = "Cléo de 5 à 7";
const other = "Le Bonheur";

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

async function upload(token, name) {
  const form = new FormData();
  form.set("title", name);
  form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
  return (await api.call("POST", "/movies/upload", { token, form })).movie.id_movie;
}

// entries are the journal's entries as the page shows them.
const entries = (page) => page.locator("ol.audit > li");

test("an admin reads who changed what, before and after, filters the journal and exports it", async () => {
  const [admin, colleague, producer] = await Promise.all([
    api.account("ADMIN", "Anne", "Martin"),
    api.account("ADMIN", "Paul", "Grimault"),
    api.account("PRODUCER", "Agnès", "Varda"),
  ]);
  const film = await upload(producer.token, title);
  const second = await upload(producer.token, other);
  // A colleague's decision on another film, so that the filters have something to leave out.
  await api.call("PUT", `/movies/${second}/status`, { token: colleague.token, json: { selection_status: "refused" } });
  await api.call("POST", "/categories", { token: colleague.token, json: { name: "Documentaire" } });
  await api.call("PUT", `/movies/${second}`, { token: colleague.token, json: { title: `${other} (restauré)`, duration: 4800 } });

  const page = await open(browser);
  await page.goto(api.url + "/#/connexion");
  await page.getByLabel("Adresse e-mail").fill(admin.email);
  await page.getByLabel("Mot de passe").fill(admin.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mon compte" }).waitFor();

  // A setting, in the settings page.
  await page.goto(api.url + "/#/admin/reglages");
  await page.getByRole("heading", { name: "Réglages", level: 2 }).waitFor();
  await page.getByLabel("Un membre du jury ne vote que pour les films qui lui sont assignés (recommandé)").check();
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await page.getByText("Paramètres du festival mis à jour").waitFor();

  // A film's status, in the film's review.
  await page.goto(`${api.url}/#/films/${film}`);
  await page.getByRole("heading", { name: "Examen" }).waitFor();
  await page.getByLabel("Statut").selectOption("selected");
  await page.getByRole("button", { name: "Enregistrer le statut" }).click();
  await page.getByText(/Statut enregistré/).waitFor();

  // The journal: names and sentences, newest first.
  await page.goto(api.url + "/#/admin/journal");
  await page.getByRole("heading", { name: "Journal", level: 2 }).waitFor();
  const status = entries(page).filter({ hasText: `a donné le statut « sélectionné » au film « ${title} »` });
  await status.waitFor();
  assert.match(await status.innerText(), /^Anne Martin · Administrateur · .+ · a donné le statut/);
  assert.match(await status.innerText(), /Statut : reçu → sélectionné/);
  const settings = entries(page).filter({ hasText: "a changé les réglages du festival" });
  assert.match(await settings.innerText(), /^Anne Martin · /);
  assert.match(await settings.innerText(), /Vote du jury limité aux films attribués : non → oui/);
  assert.doesNotMatch(await page.locator("main").innerText(), /settings\.update|jury_vote_assigned_only|Administrateur n°/);
  await entries(page).filter({ hasText: "Paul Grimault" }).filter({ hasText: `a donné le statut « non retenu » au film « ${other} (restauré) »` }).waitFor();
  await shot(page, "audit-1-journal");
  await accessible(page, assert);

  // By film: the film's own entries only.
  await page.getByLabel("Film (titre ou numéro)").fill(title);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.waitForFunction(
    (t) => {
      const items = [...document.querySelectorAll("ol.audit > li")];
      return items.length > 0 && items.every((li) => li.textContent.includes(t));
    },
    title,
  );
  await shot(page, "audit-2-by-film");

  // By action: the settings' changes only.
  await page.getByRole("button", { name: "Tout afficher" }).click();
  await page.getByLabel("Action").selectOption({ label: "a changé les réglages du festival" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.waitForFunction(() => {
    const items = [...document.querySelectorAll("ol.audit > li")];
    return items.length > 0 && items.every((li) => li.textContent.includes("a changé les réglages du festival"));
  });
  await shot(page, "audit-3-by-action");
  await accessible(page, assert);

  // The export: the entries the filters select, in the console's language.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exporter (CSV)" }).click()]);
  assert.equal(download.suggestedFilename(), "audit.csv");
  const csv = readFileSync(await download.path(), "utf8");
  assert.match(csv, /^\uFEFFDate,Personne,Rôle,Action,Modifications,/);
  assert.match(csv, /Anne Martin,ADMIN,a changé les réglages du festival,"?Vote du jury limité aux films attribués : non → oui/);
  assert.doesNotMatch(csv, /a donné le statut/, "the export keeps the page's filter");
});
