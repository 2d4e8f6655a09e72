// Journey of signing in: any account signs in and sees itself; an expired
// session sends the person to sign in, then back where they were.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, account, baseURL } from "./browser.mjs";

let browser;
let jury;

before(async () => {
  browser = await launch();
  jury = await account("JURY");
});

after(async () => {
  await browser?.close();
});

test("a jury member signs in, sees their account, and comes back to it after the session expires", async () => {
  const page = await open(browser);
  await page.goto(baseURL + "/#/connexion");
  await page.getByLabel("Adresse e-mail").fill(jury.email);
  await page.getByLabel("Mot de passe").fill("pas le bon");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await assert.doesNotReject(page.getByRole("alert").filter({ hasText: "Identifiants invalides" }).waitFor());
  await shot(page, "signin-1-refused");
  await accessible(page, assert);

  await page.getByLabel("Mot de passe").fill(jury.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mon compte" }).waitFor();
  // The heading comes first, the account once GET /users/me has answered.
  await page.getByText("Agnès Varda — Membre du jury").waitFor();
  assert.match(await page.locator("main").innerText(), /Agnès Varda — Membre du jury/);
  assert.match(await page.locator("main").innerText(), new RegExp(jury.email.replace(/\./g, "\\.")));
  // A jury member may turn the reminders off, and on again.
  const reminders = page.getByLabel("Recevoir les rappels du jury par e-mail (films restant à noter)");
  await reminders.waitFor();
  assert.equal(await reminders.isChecked(), true, "reminders are on by default");
  await reminders.uncheck();
  await page.waitForFunction(async () => {
    const r = await fetch("/users/me/reminders", { headers: { Authorization: "Bearer " + sessionStorage.getItem("festival.token") } });
    return (await r.json()).reminders === false;
  });
  await shot(page, "signin-2-account");
  await accessible(page, assert);
  await reminders.check();

  // The token is no longer accepted (expired, or its account changed).
  await page.evaluate(() => sessionStorage.setItem("festival.token", "expire.invalide.jeton"));
  await page.goto(baseURL + "/#/compte");
  await page.reload();
  await page.getByText("Votre session a expiré").waitFor();
  await shot(page, "signin-3-expired");
  await page.getByLabel("Adresse e-mail").fill(jury.email);
  await page.getByLabel("Mot de passe").fill(jury.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mon compte" }).waitFor();
  assert.equal(new URL(page.url()).hash, "#/compte");
  await shot(page, "signin-4-back");
  await page.close();
});

// The local server's mailbox (/_mailbox.json): what the festival mailed.
async function mailTo(email) {
  for (let i = 0; i < 100; i++) {
    const mails = await (await fetch(baseURL + "/_mailbox.json")).json();
    const mine = mails.filter((m) => m.to === email);
    if (mine.length > 0) return mine;
    await new Promise((r) => setTimeout(r, 200)); // the outbox runs every 5 s
  }
  throw new Error(`no mail to ${email} within 20 s`);
}

test("a jury member who forgot their password gets a link by e-mail and chooses a new one", async () => {
  const forgetful = await account("JURY");
  const page = await open(browser);
  await page.goto(baseURL + "/#/connexion");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await page.getByRole("heading", { name: "Mot de passe oublié" }).waitFor();
  await page.getByLabel("Adresse e-mail").fill(forgetful.email);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await page.getByText("Si un compte existe pour cette adresse, un e-mail de réinitialisation vient de partir.").waitFor();
  await shot(page, "signin-5-reset-asked");
  await accessible(page, assert);

  const [mail] = await mailTo(forgetful.email);
  assert.match(mail.subject, /Réinitialisation de votre mot de passe/);
  const link = mail.text.match(/(http\S*#\/mot-de-passe\?jeton=[A-Za-z0-9_-]+)/);
  assert.ok(link, `a link in ${mail.text}`);
  await page.goto(baseURL + "/" + link[1].slice(link[1].indexOf("#")));
  await page.getByLabel("Nouveau mot de passe (6 caractères au moins)").fill("unnouveaumotdepasse");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await page.getByText("Mot de passe modifié : connectez-vous avec le nouveau").waitFor();
  await shot(page, "signin-6-reset-done");

  await page.getByRole("link", { name: "Se connecter" }).last().click();
  await page.getByLabel("Adresse e-mail").fill(forgetful.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("unnouveaumotdepasse");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mon compte" }).waitFor();
  await page.close();
});
