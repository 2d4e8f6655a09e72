// Journey of what the festival writes: the admin rewrites the message a
// producer receives with a film (the API refuses a field it does not know,
// in its own words, then keeps the corrected template), puts it back to the
// default, then writes to the producers of the selected films of a section:
// a preview shows how many people and what the first of them will read,
// and the sending puts one message each in the outbox.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4 } from "./browser.mjs";

let browser;
let admin;
let chosen;
let other;
let category;

before(async () => {
  browser = await launch();
  [admin, chosen, other] = await Promise.all([
    account("ADMIN", "Mag", "Bodard"),
    account("PRODUCER", "Jacques", "Demy"),
    account("PRODUCER", "Georges", "de Beauregard"),
  ]);
  const name = `Section longs ${Date.now()}`;
  await call("POST", "/categories", { token: admin.token, json: { name } });
  category = (await call("GET", "/categories")).find((c) => c.name === name);
  for (const [who, title, status] of [
    [chosen, "Lola", "selected"],
    [chosen, "Model Shop", "selected"],
    [other, "Le Petit Soldat", "refused"],
  ]) {
    const form = new FormData();
    form.set("title", title);
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    const id = (await call("POST", "/movies/upload", { token: who.token, form })).movie.id_movie;
    await call("PUT", `/movies/${id}/categories`, { token: admin.token, json: { categories: [category.id_categorie] } });
    await call("PUT", `/movies/${id}/status`, { token: admin.token, json: { status } });
  }
});

after(async () => {
  await browser?.close();
});

test("an admin rewrites a message, puts it back, and writes to the selected producers of a section after a preview", async () => {
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await signIn(page, admin);
  await page.goto(page.url().replace(/#.*/, "#/admin/ecrire"));
  await page.getByRole("heading", { name: "Écrire", exact: true }).waitFor();
  await page.getByRole("navigation", { name: "Administration" }).locator("a", { hasText: "Écrire" }).waitFor({ state: "attached" }); // under "Plus"

  // A template with a field the message does not have: the API names it.
  await page.locator("summary", { hasText: /^Film reçu/ }).click();
  const received = page.getByRole("form", { name: "Film reçu" });
  await received.getByLabel("Texte").fill("Bonjour {{.FirstName}},\nVotre note : {{.Score}}");
  await received.getByRole("button", { name: "Enregistrer le modèle" }).click();
  await received.getByRole("alert").filter({ hasText: "champ inconnu {{.Score}}" }).waitFor();
  await shot(page, "messages-1-refused");

  await received.getByLabel("Sujet").fill("[{{.Festival}}] Bien reçu : {{.Title}}");
  await received.getByLabel("Texte").fill("Bonjour{{if .FirstName}} {{.FirstName}}{{end}},\n\nNous avons bien reçu « {{.Title}} ». Merci !\n\nL'équipe — {{.Festival}}");
  await received.getByRole("button", { name: "Enregistrer le modèle" }).click();
  await received.getByRole("status").filter({ hasText: "Modèle de message enregistré" }).waitFor();
  await page.getByText("personnalisé").waitFor();
  await shot(page, "messages-2-saved");
  await accessible(page, assert);
  const saved = (await call("GET", "/settings/templates", { token: admin.token })).find((t) => t.kind === "movie.received");
  assert.equal(saved.customised, true);
  assert.equal(saved.subject, "[{{.Festival}}] Bien reçu : {{.Title}}");

  await received.getByRole("button", { name: "Revenir au texte par défaut" }).click();
  await received.getByRole("status").filter({ hasText: "Modèle de message rétabli" }).waitFor();
  const reset = (await call("GET", "/settings/templates", { token: admin.token })).find((t) => t.kind === "movie.received");
  assert.equal(reset.customised, false);
  assert.equal(await received.getByLabel("Sujet").inputValue(), reset.default_subject);

  // The composer: the selected producers of the section.
  const composer = page.getByRole("form", { name: "Écrire à un groupe" });
  await composer.getByLabel("Les producteurs de films").check();
  await composer.getByLabel("sélectionné", { exact: true }).check();
  await composer.getByLabel("Catégorie").selectOption(String(category.id_categorie));
  await composer.getByLabel("Sujet").fill("[{{.Festival}}] Votre film est sélectionné");
  await composer.getByLabel("Texte").fill("Bonjour {{.FirstName}},\n\nVos films sélectionnés :\n{{.Titles}}\n\nLa projection a lieu le 12 juin. Tout est dans la console : {{.Link}}");
  await composer.getByRole("button", { name: "Prévisualiser" }).click();
  await page.getByText("1 destinataire(s)").waitFor();
  const sample = page.getByRole("article", { name: "À Jacques Demy" });
  await sample.waitFor();
  const text = await sample.innerText();
  assert.match(text, /Votre film est sélectionné/);
  assert.match(text, /Bonjour Jacques,\s+Vos films sélectionnés :\s+- Lola\s+- Model Shop/);
  await shot(page, "messages-3-preview");
  await accessible(page, assert);
  assert.equal((await call("GET", "/notifications?state=pending", { token: admin.token })).filter((m) => m.kind === "festival.message").length, 0);

  await composer.getByRole("button", { name: "Envoyer" }).click();
  await composer.getByRole("status").filter({ hasText: "Message écrit pour 1 destinataire(s)" }).waitFor();
  await shot(page, "messages-4-sent");
  const written = (await call("GET", "/notifications?state=pending", { token: admin.token })).filter((m) => m.kind === "festival.message");
  const sent = (await call("GET", "/notifications?state=sent", { token: admin.token })).filter((m) => m.kind === "festival.message");
  assert.deepEqual([...written, ...sent].map((m) => m.to), [[chosen.id]]);
  const audit = await call("GET", "/audit?action=notifications.compose", { token: admin.token });
  assert.equal(audit[0].details.statuses, "selected");
});
