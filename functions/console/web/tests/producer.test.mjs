// Journey of a producer: create an account, sign in, submit a film with its
// poster and subtitles. The film goes straight to S3 in parts with a
// progress bar; a connection that drops costs only the part in flight, and
// after the page is closed mid-upload, sending the same file again sends only
// the parts S3 has not yet received. Then they see its status and edit its team.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, page as open, shot, accessible, mp4, png, srt, baseURL } from "./browser.mjs";

let browser;
let dir;
const MiB = 1 << 20;

before(async () => {
  browser = await launch();
  // 34 MiB: three parts of the direct upload (16 + 16 + 2 MiB). A file on
  // disk keeps its name, size and date across page loads, as a person's does.
  dir = mkdtempSync(join(tmpdir(), "festival-console-"));
  const bytes = Buffer.alloc(34 * MiB);
  Buffer.from(mp4).copy(bytes); // the ftyp box, then one mdat box to the end
  bytes.writeUInt32BE(bytes.length - mp4.length, mp4.length);
  bytes.write("mdat", mp4.length + 4, "latin1");
  writeFileSync(join(dir, "adieu-philippine.mp4"), bytes);
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a producer signs up, submits a film that survives a dropped connection, and edits its team", async () => {
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

  // The parts S3 receives, counted by number. Part 2 drops twice then goes
  // through; part 3 drops until the person closes the page.
  const puts = { 1: 0, 2: 0, 3: 0 };
  let part3Drops = true;
  await page.route(
    (url) => url.searchParams.has("partNumber"),
    async (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      const n = Number(new URL(route.request().url()).searchParams.get("partNumber"));
      puts[n]++;
      if ((n === 2 && puts[2] <= 2) || (n === 3 && part3Drops)) return route.abort("connectionreset");
      return route.continue();
    },
  );

  await page.getByRole("link", { name: "Soumettre un film" }).first().click();
  // The submission window, with its countdown when an admin set a close (the admin journey may, meanwhile).
  assert.match(await page.locator("[data-season=submissions]").innerText(), /^Les soumissions sont ouvertes/);
  await page.getByLabel("Titre du film").fill("Adieu Philippine");
  await page.getByLabel("Synopsis").fill("Michel attend son départ pour l'Algérie ; deux amies le suivent en Corse.");
  await page.getByLabel("Durée (minutes)").fill("106");
  await page.getByLabel("Année de sortie").fill("1962");
  await page.getByLabel("Affiche (PNG ou JPEG, facultative)").setInputFiles({ name: "affiche.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Photos du film (PNG ou JPEG, trois au plus, facultatives)").setInputFiles([
    { name: "plage.png", mimeType: "image/png", buffer: png },
    { name: "port.png", mimeType: "image/png", buffer: png },
  ]);
  await page.getByLabel("Sous-titres (SRT, facultatifs)").setInputFiles({ name: "film.srt", mimeType: "application/x-subrip", buffer: srt });
  await page.getByLabel("Film (MP4)").setInputFiles(join(dir, "adieu-philippine.mp4"));
  await accessible(page, assert);
  await page.getByRole("button", { name: "Envoyer le film" }).click();
  await page.getByText("La fiche de « Adieu Philippine » est créée ; reste à envoyer le film.").waitFor();
  // Part 2 dropped and was sent again; part 3 keeps dropping.
  await page.waitForFunction(() => /connexion perdue/.test(document.querySelector(".progress")?.textContent ?? ""));
  await page.waitForFunction(() => Number(document.querySelector("progress")?.value) >= 94);
  assert.equal(puts[1], 1, "part 1 sent once");
  assert.equal(puts[2], 3, "part 2 dropped twice, then sent");
  await shot(page, "producer-3-connection-dropped");

  // The person closes the page mid-upload and comes back later: the film
  // exists without its file, and sending the same file sends only part 3.
  part3Drops = false;
  await page.reload();
  await page.getByRole("link", { name: "Mes films" }).click();
  const row = page.getByRole("row").filter({ hasText: "Adieu Philippine" });
  assert.match(await row.innerText(), /1962\s+À envoyer\s+reçu/);
  await row.getByRole("link", { name: "Adieu Philippine" }).click();
  await page.getByText("Le film n'a pas encore été envoyé : envoyez-le ci-dessous.").waitFor();
  await page.getByLabel("Fichier du film (MP4)").setInputFiles(join(dir, "adieu-philippine.mp4"));
  const before = { ...puts };
  await page.getByRole("form", { name: "Le film" }).getByRole("button", { name: "Envoyer" }).click();
  await page.getByText("« adieu-philippine.mp4 » est envoyé et vérifié.").waitFor();
  await page.getByText("reprise : 2 morceaux déjà envoyés").waitFor();
  assert.deepEqual([puts[1], puts[2]], [before[1], before[2]], "parts 1 and 2 were not sent again");
  assert.equal(puts[3], before[3] + 1, "part 3 sent once more");
  await page.getByText("Le film est en ligne ; vous pouvez le remplacer ou ajouter des sous-titres.").waitFor();
  await shot(page, "producer-4-film-resumed");
  await accessible(page, assert);

  // Its team, from the keyboard.
  await page.getByRole("button", { name: "Ajouter un collaborateur" }).focus();
  await page.keyboard.press("Enter");
  await page.getByLabel("Prénom").fill("Jacques");
  await page.getByLabel("Nom", { exact: true }).fill("Rozier");
  await page.getByLabel("Rôle (réalisation, image, son…)").fill("Réalisation");
  await page.getByLabel("Rôle (réalisation, image, son…)").press("Enter");
  await page.getByText("L'équipe est enregistrée.").waitFor();
  await page.getByText("Équipe : Jacques Rozier (Réalisation)").waitFor();
  await shot(page, "producer-5-team");
  await accessible(page, assert);

  // Stored as sent: the film (34 MiB, verified), its poster and subtitles.
  const id = Number(new URL(page.url()).hash.split("/").pop());
  const stored = await (await fetch(`${baseURL}/movies/${id}`)).json();
  assert.ok(stored.trailer && stored.display_picture && stored.subtitle && stored.picture1 && stored.picture2, JSON.stringify(stored));
  assert.equal(stored.picture3, null);
  assert.equal(stored.duration, 106 * 60);
  assert.deepEqual(stored.Collaborators.map((c) => [c.first_name, c.last_name, c.job]), [["Jacques", "Rozier", "Réalisation"]]);
  await page.close();
});

test("a file that is not a film is refused with the API's own words", async () => {
  const page = await open(browser);
  const email = `producteur.${Date.now()}.b@example.org`;
  await fetch(baseURL + "/auth/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ first_name: "Agnès", last_name: "Varda", email, password: "pointe1955", role: "PRODUCER" }),
  });
  await page.goto(baseURL + "/#/soumettre");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("pointe1955");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByLabel("Titre du film").fill("La Pointe courte");
  await page.getByLabel("Film (MP4)").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: png });
  await page.getByRole("button", { name: "Envoyer le film" }).click();
  await page.getByRole("alert").filter({ hasText: "Fichier invalide pour la partie filmFile" }).waitFor();
  await shot(page, "producer-6-refused-file");
  await accessible(page, assert);
  await page.close();
});

test("after the close a producer submits with a late-entry code the festival gave them", async () => {
  const page = await open(browser);
  const email = `producteur.${Date.now()}.c@example.org`;
  await fetch(baseURL + "/auth/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ first_name: "Jacques", last_name: "Rozier", email, password: "philippine62", role: "PRODUCER" }),
  });
  // The other journeys share this festival, whose submissions stay open: the page is shown a closed window.
  const closedAt = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  await page.route("**/season", (route) =>
    route.fulfill({
      json: { submissions_open_at: null, submissions_close_at: closedAt, voting_open_at: null, voting_close_at: null, results_published_at: null, public_film_view: "full", jury_reminder_days: 0 },
    }),
  );
  let sentWith = null;
  await page.route("**/movies/upload*", (route) => {
    sentWith = new URL(route.request().url()).searchParams.get("late_code");
    return route.continue();
  });
  await page.goto(baseURL + "/#/soumettre");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("philippine62");
  await page.getByRole("button", { name: "Se connecter" }).click();
  assert.match(await page.locator("[data-season=submissions]").innerText(), /^Les soumissions sont closes depuis le /);
  await page.getByLabel("Titre du film").fill("Du côté d'Orouët");
  const small = Buffer.alloc(1024); // an ftyp box, then one mdat box to the end
  Buffer.from(mp4).copy(small);
  small.writeUInt32BE(small.length - mp4.length, mp4.length);
  small.write("mdat", mp4.length + 4, "latin1");
  await page.getByLabel("Film (MP4)").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: small });
  const send = page.getByRole("button", { name: "Envoyer le film" });
  assert.equal(await send.isDisabled(), true, "closed: no sending without a code");
  await page.getByLabel("Code de soumission tardive (donné par le festival)").fill("RETARD-ROZIER");
  await shot(page, "producer-7-late-code");
  await accessible(page, assert);
  await send.click();
  await page.waitForURL(/#\/mes-films/);
  assert.equal(sentWith, "RETARD-ROZIER", "the code goes with the submission");
  await page.close();
});
