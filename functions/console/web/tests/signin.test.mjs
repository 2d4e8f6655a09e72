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
  await shot(page, "signin-2-account");
  await accessible(page, assert);

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
