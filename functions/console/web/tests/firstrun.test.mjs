// Journey of a brand-new festival's first day: the first admin created in
// the browser with the deployment's setup code, the route closed after; a
// producer who signs up cannot submit until they confirm their address from
// the local mailbox, then submits; a second sign-up with the same address is
// told an account exists, without the other account's name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, mp4, ownAPI } from "./browser.mjs";

let browser;
let base;
let setupCode;
let stop;
const stamp = Date.now();
const admin = { email: `installation.${stamp}@example.org`, password: "cleo5a7!" };
const producer = { email: `jacques.${stamp}@example.org`, password: "rochefort67" };

before(async () => {
  browser = await launch();
  const own = await ownAPI(); // a festival without any account: the first run is its own
  base = own.url;
  setupCode = own.setupCode;
  stop = own.stop;
  assert.ok(setupCode, "withapi gives the journey its festival's setup code");
});

after(async () => {
  await browser?.close();
  stop?.();
});

// mailTo waits for the local mailbox's mails to email.
async function mailTo(email) {
  for (let i = 0; i < 100; i++) {
    const mails = await (await fetch(base + "/_mailbox.json")).json();
    const mine = mails.filter((m) => m.to === email);
    if (mine.length > 0) return mine;
    await new Promise((r) => setTimeout(r, 200)); // the outbox runs every 5 s
  }
  throw new Error(`no mail to ${email} within 20 s`);
}

test("the first admin is created in the browser, and the setup is closed after", async () => {
  const page = await open(browser);
  await page.goto(base + "/#/connexion");
  await page.getByRole("link", { name: "Installer le festival" }).click();
  await page.getByRole("heading", { name: "Installer le festival" }).waitFor();
  await page.getByLabel("Code d'installation").waitFor();
  assert.equal(await page.getByLabel("Producteur").isChecked(), true, "producers may sign up by default");
  assert.equal(await page.getByLabel("Membre du jury").isChecked(), false);
  assert.equal(await page.getByLabel("Administrateur").isChecked(), false);
  assert.equal(await page.getByLabel(/confirmer leur adresse e-mail/).isChecked(), true, "confirmation on by default");
  await page.getByLabel("Code d'installation").fill("MAUVAIS-CODE");
  await page.getByLabel("Prénom").fill("Agnès");
  await page.getByLabel("Nom", { exact: true }).fill("Varda");
  await page.getByLabel("Adresse e-mail", { exact: true }).fill(admin.email);
  await page.getByLabel(/Mot de passe/).fill(admin.password);
  await page.getByRole("button", { name: "Créer l'administrateur" }).click();
  await page.getByRole("alert").filter({ hasText: "Code d'installation incorrect" }).waitFor();
  await shot(page, "firstrun-1-setup-refused");
  await accessible(page, assert);

  await page.getByLabel("Code d'installation").fill(setupCode);
  await shot(page, "firstrun-2-setup");
  await page.getByRole("button", { name: "Créer l'administrateur" }).click();
  await page.waitForFunction(() => location.hash.startsWith("#/admin"));
  await page.getByRole("link", { name: "Administration" }).waitFor();
  await page.waitForFunction(() => !document.querySelector("main").innerText.includes("Chargement"));
  await shot(page, "firstrun-3-admin-board");

  // Closed: the API says so, and the pages no longer offer it.
  const state = await (await fetch(base + "/auth/setup")).json();
  assert.equal(state.needed, false);
  const again = await fetch(base + "/auth/setup", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: setupCode, first_name: "Autre", last_name: "Admin", email: `autre.${stamp}@example.org`, password: "autre123" }),
  });
  assert.equal(again.status, 409);
  assert.equal((await again.json()).error, "Le festival a déjà un administrateur");
  const settings = await (await fetch(base + "/settings", { headers: { Authorization: "Bearer " + (await page.evaluate(() => sessionStorage.getItem("festival.token"))) } })).json();
  assert.deepEqual(settings.self_registration_roles, ["PRODUCER"]);
  assert.equal(settings.email_confirmation, true);
  const visitor = await open(browser);
  await visitor.goto(base + "/#/installation");
  await visitor.getByText("Le festival a déjà un administrateur : connectez-vous.").waitFor();
  await shot(visitor, "firstrun-4-setup-closed");
  await accessible(visitor, assert);
  await visitor.close();
  await page.close();
});

test("a producer confirms their address from the mailbox before submitting, and a second sign-up is told so", async () => {
  const page = await open(browser);
  await page.goto(base + "/#/inscription");
  await page.getByLabel("Prénom").fill("Jacques");
  await page.getByLabel("Nom", { exact: true }).fill("Demy");
  await page.getByLabel("Adresse e-mail").fill(producer.email);
  await page.getByLabel(/Mot de passe/).fill(producer.password);
  await page.getByRole("button", { name: "Créer le compte" }).click();
  await page.getByText("un lien de confirmation vous a été envoyé").waitFor();
  await page.getByLabel("Adresse e-mail").fill(producer.email);
  await page.getByLabel("Mot de passe").fill(producer.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForFunction(() => location.hash.includes("/mes-films"));
  await page.getByText("Confirmez votre adresse e-mail : ouvrez le lien").waitFor();
  await page.goto(base + "/#/soumettre");
  await page.getByText("Pour soumettre un film, confirmez d'abord votre adresse e-mail").waitFor();
  assert.equal(await page.getByLabel("Titre du film").count(), 0, "no form that would fail");
  await shot(page, "firstrun-5-unconfirmed");
  await accessible(page, assert);

  // The link, as the local mailbox shows it.
  const [mail] = await mailTo(producer.email);
  const link = mail.text.match(/(http\S*#\/confirmer\?jeton=[A-Za-z0-9_-]+)/);
  assert.ok(link, `a confirmation link in ${mail.text}`);
  await page.goto(link[1]);
  await page.getByText("Votre adresse e-mail est confirmée").waitFor();
  assert.equal(await page.getByText("Confirmez votre adresse e-mail : ouvrez le lien").count(), 0, "the banner is gone");
  await shot(page, "firstrun-6-confirmed");
  await accessible(page, assert);

  await page.goto(base + "/#/soumettre");
  await page.getByLabel("Titre du film").fill(`Lola ${stamp}`);
  const small = Buffer.alloc(1024); // an ftyp box, then one mdat box to the end
  Buffer.from(mp4).copy(small);
  small.writeUInt32BE(small.length - mp4.length, mp4.length);
  small.write("mdat", mp4.length + 4, "latin1");
  await page.getByLabel("Film (MP4)").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: small });
  await page.getByRole("button", { name: "Envoyer le film" }).click();
  await page.waitForFunction(() => location.hash.includes("/mes-films"));
  await page.getByText(`Lola ${stamp}`).first().waitFor();
  await page.waitForFunction(() => !document.querySelector("main").innerText.includes("Chargement"));
  await shot(page, "firstrun-7-submitted");
  await page.close();

  // Someone signs up again with the same address.
  const other = await open(browser);
  await other.goto(base + "/#/inscription");
  await other.getByLabel("Prénom").fill("Catherine");
  await other.getByLabel("Nom", { exact: true }).fill("Deneuve");
  await other.getByLabel("Adresse e-mail").fill(producer.email);
  await other.getByLabel(/Mot de passe/).fill("parapluies64");
  await other.getByRole("button", { name: "Créer le compte" }).click();
  await other.getByRole("heading", { name: "Un compte existe déjà avec cette adresse" }).waitFor();
  await other.getByRole("link", { name: "Mot de passe oublié" }).waitFor();
  const text = await other.locator("main").innerText();
  assert.doesNotMatch(text, /Demy|Jacques/, "never the other account's name");
  assert.doesNotMatch(text, /Compte créé/);
  await shot(other, "firstrun-8-duplicate");
  await accessible(other, assert);
  await other.getByRole("link", { name: "Se connecter" }).last().click();
  await other.waitForFunction(() => location.hash.includes("/connexion"));
  await other.close();
});
