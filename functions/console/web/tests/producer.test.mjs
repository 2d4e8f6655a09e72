// Journey of a producer: create an account, sign in, submit a film with its
// poster and subtitles through the form, and see it among their films.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, mp4, png, baseURL } from "./browser.mjs";

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

test("a producer signs up, submits a film with its poster and subtitles, and sees it pending", async () => {
  const page = await open(browser);
  const email = `producteur.${Date.now()}@example.org`;
  await page.goto(baseURL + "/");
  await page.getByRole("link", { name: "Créer un compte" }).click();
  await page.getByLabel("Prénom").fill("Jacques");
  await page.getByLabel("Nom", { exact: true }).fill("Rozier");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("adieu1962");
  await shot(page, "producer-1-sign-up");
  await accessible(page, assert);
  await page.getByRole("button", { name: "Créer le compte" }).click();

  await page.getByText("Compte créé : connectez-vous.").waitFor();
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("adieu1962");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mes films" }).waitFor();
  await page.getByText("Vous n'avez encore soumis aucun film.").waitFor();
  await shot(page, "producer-2-no-film-yet");

  await page.getByRole("link", { name: "Soumettre un film" }).first().click();
  await page.getByLabel("Titre du film").fill("Adieu Philippine");
  await page.getByLabel("Synopsis").fill("Michel attend son départ pour l'Algérie ; deux amies le suivent en Corse.");
  await page.getByLabel("Durée (minutes)").fill("106");
  await page.getByLabel("Année de sortie").fill("1962");
  // A file that is not a film is refused with the API's own words.
  await page.getByLabel("Film (MP4)").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: png });
  await page.getByRole("button", { name: "Envoyer le film" }).click();
  await page.getByRole("alert").filter({ hasText: "Fichier invalide pour la partie filmFile" }).waitFor();
  await shot(page, "producer-3-refused-file");
  await accessible(page, assert);

  await page.getByLabel("Film (MP4)").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: Buffer.from(mp4) });
  await page.getByLabel("Affiche (PNG ou JPEG, facultative)").setInputFiles({ name: "affiche.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Sous-titres (SRT, facultatifs)").setInputFiles({
    name: "film.srt", mimeType: "application/x-subrip", buffer: Buffer.from("1\n00:00:01,000 --> 00:00:03,000\nAdieu.\n"),
  });
  await page.getByRole("button", { name: "Envoyer le film" }).click();
  await page.getByText("« Adieu Philippine » a bien été soumis.").waitFor();
  const row = page.getByRole("row").filter({ hasText: "Adieu Philippine" });
  assert.match(await row.innerText(), /1962\s+En attente/);
  await shot(page, "producer-4-film-pending");
  await accessible(page, assert);

  // The film and its files are stored: the public selection shows it.
  const films = await (await fetch(baseURL + "/movies")).json();
  const film = films.find((m) => m.title === "Adieu Philippine");
  assert.ok(film && film.trailer && film.display_picture && film.subtitle, `stored film: ${JSON.stringify(film)}`);
  assert.equal(film.duration, 106 * 60);
  await page.close();
});
