// Journey of a section's jury: a juror declares a conflict of interest on
// their account page; the admin asks for a balanced assignment of the
// section's films to its three jurors, reads the loads and the films whose
// jury changes, and applies it; gives the section a scoring grid; each juror
// then finds their films, and the results show beside each vote how much of
// the film its juror watched.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4 } from "./browser.mjs";

let browser;
let admin;
let jurors;
let category;
const films = [];

before(async () => {
  browser = await launch();
  let producer;
  [admin, producer, ...jurors] = await Promise.all([
    account("ADMIN", "Pierre", "Braunberger"),
    account("PRODUCER", "Anatole", "Dauman"),
    account("JURY", "Delphine", "Seyrig"),
    account("JURY", "Michel", "Piccoli"),
    account("JURY", "Bernadette", "Lafont"),
  ]);
  const name = `Section courts ${Date.now()}`;
  await call("POST", "/categories", { token: admin.token, json: { name } });
  category = (await call("GET", "/categories")).find((c) => c.name === name);
  const titles = ["Nuit et brouillard", "Toute la mémoire du monde", "Le Chant du styrène", "Les statues meurent aussi", "Du côté de la côte", "La Jetée"];
  for (const [i, title] of titles.entries()) {
    const form = new FormData();
    form.set("title", title);
    form.set("duration", String((10 + 8 * i) * 60));
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    const id = (await call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
    await call("PUT", `/movies/${id}/categories`, { token: admin.token, json: { categories: [category.id_categorie] } });
    films.push({ id, title });
  }
});

after(async () => {
  await browser?.close();
});

test("a juror declares a conflict, the admin previews and applies a balanced assignment of a section, the results show what each voter watched", async () => {
  // Delphine Seyrig knows the director of La Jetée: she says so.
  const juror = await open(browser);
  await signIn(juror, jurors[0]);
  await juror.getByRole("heading", { name: "Mes déclarations pour l'assignation des films" }).waitFor();
  await juror.getByRole("group", { name: "Films en conflit d'intérêts (jamais confiés)" }).getByLabel("La Jetée").check();
  await juror.getByRole("button", { name: "Enregistrer les déclarations" }).click();
  await juror.getByRole("status").filter({ hasText: "Déclarations enregistrées" }).waitFor();
  await shot(juror, "assignment-1-declared");
  await accessible(juror, assert);
  assert.deepEqual((await call("GET", "/users/me/jury-profile", { token: jurors[0].token })).conflicts, [films[5].id]);

  const page = await open(browser);
  await signIn(page, admin);
  // The admin puts Bernadette Lafont on the section only (a member's declarations, from the users page).
  await page.goto(page.url().replace(/#.*/, "#/admin/utilisateurs"));
  await page.getByText("Déclarations de Bernadette Lafont").click();
  const declarations = page.locator("details[open]");
  await declarations.getByRole("group", { name: "Catégories jugées" }).getByLabel(category.name).check();
  await declarations.getByRole("button", { name: "Enregistrer les déclarations" }).click();
  await declarations.getByRole("status").filter({ hasText: "Déclarations enregistrées" }).waitFor();
  await shot(page, "assignment-1b-member-declarations");
  assert.deepEqual((await call("GET", `/users/${jurors[2].id}/jury-profile`, { token: admin.token })).categories, [category.id_categorie]);

  await page.goto(page.url().replace(/#.*/, "#/admin/assignation"));
  await page.getByRole("heading", { name: "Assignation automatique" }).waitFor();
  await page.getByLabel("Jurés par film", { exact: true }).fill("2");
  await page.getByRole("group", { name: "Seulement les films de ces catégories" }).getByLabel(category.name).check();
  const only = page.getByRole("group", { name: "Seulement ces jurés" });
  for (const j of jurors) await only.getByLabel(new RegExp(j.email.replace(/\./g, "\\."))).check();
  await page.getByRole("button", { name: "Proposer une assignation" }).click();
  await page.getByRole("status").filter({ hasText: "6 films changent de jury" }).waitFor();

  // Three loads on one scale; La Jetée is not given to Delphine Seyrig.
  const loads = page.getByRole("table", { name: "Charge par juré" }).locator("tbody tr");
  assert.equal(await loads.count(), 3);
  const minutes = (await loads.locator("td:nth-child(4)").allInnerTexts()).map((t) => Number(t.trim()));
  assert.equal(minutes.reduce((a, b) => a + b, 0), 2 * (10 + 18 + 26 + 34 + 42 + 50), `loads ${minutes} add up to twice the films' minutes`);
  const jetee = page.getByRole("table", { name: "Films dont le jury change" }).getByRole("row", { name: /La Jetée/ });
  assert.ok(!(await jetee.innerText()).includes("Delphine Seyrig"), "the declared conflict holds");
  await shot(page, "assignment-2-preview");
  await accessible(page, assert);

  await page.getByRole("button", { name: "Appliquer cette assignation" }).click();
  await page.getByRole("status").filter({ hasText: "Assignation appliquée : 6 films modifiés." }).waitFor();
  await shot(page, "assignment-3-applied");

  // The section gets its own scoring grid, criterion by criterion.
  await page.goto(page.url().replace(/#.*/, "#/admin/reglages"));
  const grids = page.getByRole("region", { name: "Grilles de notation" });
  await grids.getByLabel("Grille de").selectOption(String(category.id_categorie));
  await grids.getByText("Pas de grille").waitFor();
  for (const [name, weight] of [["Mise en scène", "2"], ["Son", "1"]]) {
    await grids.getByRole("button", { name: "Ajouter un critère" }).click();
    const row = grids.getByRole("group").last();
    await row.getByLabel("Nom").fill(name);
    await row.getByLabel("Poids").fill(weight);
  }
  await grids.getByRole("button", { name: "Enregistrer la grille" }).click();
  await grids.getByRole("status").filter({ hasText: "Grille enregistrée" }).waitFor();
  await shot(page, "assignment-3b-grid");
  await accessible(page, assert);
  const grid = (await call("GET", "/settings", { token: admin.token })).category_grids[String(category.id_categorie)];
  assert.deepEqual(grid, [
    { key: "mise_en_scene", name: "Mise en scène", weight: 2 },
    { key: "son", name: "Son", weight: 1 },
  ]);

  // Each juror has their films; together, two per film.
  let given = 0;
  for (const j of jurors) given += (await call("GET", "/movies/assigned", { token: j.token })).length;
  assert.equal(given, 12);

  // A juror who played half of a film and one who did not play it vote on it.
  const first = films[0];
  const voters = [];
  for (const j of jurors) {
    if ((await call("GET", "/movies/assigned", { token: j.token })).some((m) => m.id_movie === first.id)) voters.push(j);
  }
  await call("POST", `/movies/${first.id}/viewing`, { token: voters[0].token, json: { from: 0, to: 300 } });
  await call("POST", `/votes/mine/${first.id}`, { token: voters[0].token, json: { criteria: { mise_en_scene: 9, son: 6 } } }); // (2×9 + 6) / 3 = 8
  await call("POST", `/votes/mine/${first.id}`, { token: voters[1].token, json: { score: 4 } });
  await page.goto(page.url().replace(/#.*/, "#/admin/resultats"));
  await page.getByLabel("Catégorie").selectOption(String(category.id_categorie));
  const row = page.getByRole("row", { name: new RegExp(first.title) });
  await row.getByText("8 · vu à 50 %").waitFor();
  await row.getByText("4 · vu à 0 %").waitFor();
  await shot(page, "assignment-4-results-watched");
});
