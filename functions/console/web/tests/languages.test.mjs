// Journey of language-aware assignment: a producer declares the languages of
// their films on the submission form; a juror declares the languages they
// understand on their account page; the admin's assignment preview gives the
// French film to the juror who understands French and lists the film no juror
// understands, with its language.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4 } from "./browser.mjs";

let browser;
let admin, producer, juror;
let category;

before(async () => {
  browser = await launch();
  [admin, producer, juror] = await Promise.all([
    account("ADMIN", "Alain", "Resnais"),
    account("PRODUCER", "Mag", "Bodard"),
    account("JURY", "Emmanuelle", "Riva"),
  ]);
  const name = `Section langues ${Date.now()}`;
  await call("POST", "/categories", { token: admin.token, json: { name } });
  category = (await call("GET", "/categories")).find((c) => c.name === name);
});

after(async () => {
  await browser?.close();
});

test("films declare their languages, a juror the languages they understand, and the assignment gives each film only to a juror who understands it", async () => {
  const stamp = Date.now();
  const films = { fr: `Hiroshima mon amour ${stamp}`, ja: `Tokyo monogatari ${stamp}` };
  const page = await open(browser);
  await signIn(page, producer);
  for (const [code, title] of Object.entries(films)) {
    await page.getByRole("link", { name: "Soumettre un film" }).first().click();
    await page.getByLabel("Titre du film").fill(title);
    await page.getByLabel("Langue originale (code ISO 639-1, ex. fr)").fill(code);
    if (code === "fr") await page.getByLabel("Langues des sous-titres (codes séparés par des virgules, ex. en, es)").fill("en");
    await page.getByLabel("Catégorie").selectOption(String(category.id_categorie));
    await page.getByLabel("Film (MP4)").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: Buffer.from(mp4) });
    await page.getByRole("button", { name: "Envoyer le film" }).click();
    await page.waitForFunction(() => location.hash.includes("mes-films"));
  }
  await shot(page, "languages-1-submitted");
  const mine = await call("GET", "/movies/mine", { token: producer.token });
  const fr = mine.find((m) => m.title === films.fr);
  const ja = mine.find((m) => m.title === films.ja);
  assert.equal(fr.original_language, "fr");
  assert.deepEqual(fr.subtitle_languages, ["en"]);
  assert.equal(ja.original_language, "ja");

  // The juror understands French and Spanish.
  const jp = await open(browser);
  await signIn(jp, juror);
  await jp.getByRole("heading", { name: "Mes déclarations pour l'assignation des films" }).waitFor();
  await jp.getByLabel(/^Langues comprises/).fill("fr, es");
  await jp.getByRole("button", { name: "Enregistrer les déclarations" }).click();
  await jp.getByRole("status").filter({ hasText: "Déclarations enregistrées" }).waitFor();
  await shot(jp, "languages-2-juror-declared");
  await accessible(jp, assert);
  assert.deepEqual((await call("GET", "/users/me/jury-profile", { token: juror.token })).languages, ["es", "fr"]);

  // The admin previews an assignment of the section to that juror.
  const ad = await open(browser);
  await signIn(ad, admin);
  await ad.goto(ad.url().replace(/#.*/, "#/admin/assignation"));
  await ad.getByRole("heading", { name: "Assignation automatique" }).waitFor();
  await ad.getByLabel("Jurés par film", { exact: true }).fill("1");
  await ad.getByRole("group", { name: "Seulement les films de ces catégories" }).getByLabel(category.name).check();
  await ad.getByRole("group", { name: "Seulement ces jurés" }).getByLabel(new RegExp(juror.email.replace(/\./g, "\\."))).check();
  await ad.getByRole("button", { name: "Proposer une assignation" }).click();
  await ad.getByRole("heading", { name: /Films qu'aucun juré ne peut prendre/ }).waitFor();
  assert.match(await ad.locator("li.error", { hasText: films.ja }).innerText(), /: ja$/);
  assert.match(await ad.locator("li:not(.error)", { hasText: films.ja }).innerText(), /la langue en écarte/);
  const changed = await ad.getByRole("table", { name: "Films dont le jury change" }).innerText();
  assert.ok(changed.includes(films.fr), "the French film goes to the juror who understands French");
  assert.ok(!changed.includes(films.ja), "no juror is given a film in a language they do not understand");
  await shot(ad, "languages-3-preview");
  await accessible(ad, assert);
});
