// Journey of the public: the selection, the programme and the palmarès, as a
// visitor with no account sees them, by mouse and by keyboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, mp4, png, baseURL } from "./browser.mjs";

let browser;
const seeded = {};

before(async () => {
  browser = await launch();
  const admin = await account("ADMIN");
  const producer = await account("PRODUCER");
  for (const [title, synopsis] of [
    ["Les Parapluies de Cherbourg", "Geneviève et Guy s'aiment ; la guerre d'Algérie les sépare."],
    ["Cléo de 5 à 7", "Deux heures de la vie d'une chanteuse qui attend un diagnostic."],
  ]) {
    const form = new FormData();
    form.set("title", title);
    form.set("synopsis", synopsis);
    form.set("duration", "5400");
    form.set("release_year", "1964");
    form.set("nationality", "France");
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    form.set("poster", new Blob([png], { type: "image/png" }), "poster.png");
    const { movie } = await call("POST", "/movies/upload", { token: producer.token, form });
    seeded[title] = movie.id_movie;
  }
  await call("POST", "/events", {
    token: admin.token,
    json: {
      name: "Rencontre avec les équipes", description: "Les équipes des films en compétition répondent au public.",
      start_date: "2027-06-12T19:00:00.000Z", end_date: "2027-06-12T21:00:00.000Z", location: "Place du Marché", event_type: "MEETUP",
    },
  });
  await call("POST", "/awards", { token: admin.token, json: { id_movie: seeded["Cléo de 5 à 7"], name: "Grand Prix du jury" } });
});

after(async () => {
  await browser?.close();
});

test("a visitor sees the selection, the programme and the palmarès", async () => {
  const page = await open(browser);
  await page.goto(baseURL + "/");
  await page.getByRole("heading", { name: "Les Parapluies de Cherbourg" }).waitFor();
  // Measured, not asserted (timings belong to benchmarks): from navigation
  // start to the films on screen, in the page's own clock.
  const firstPage = await page.evaluate(() => Math.round(performance.now()));
  console.log(`first meaningful page (films listed): about ${firstPage} ms after navigation start`);
  await assert.doesNotReject(page.getByText("Deux heures de la vie d'une chanteuse").waitFor());
  await assert.doesNotReject(page.getByText("Produit par Jacques Demy").first().waitFor());
  await shot(page, "public-1-selection");
  await accessible(page, assert);

  await page.getByRole("link", { name: "Programme" }).click();
  await page.getByRole("heading", { name: "Rencontre avec les équipes" }).waitFor();
  assert.ok(await page.getByText("Place du Marché").isVisible());
  assert.ok(await page.getByText("12 juin 2027").first().isVisible());
  await shot(page, "public-2-programme");
  await accessible(page, assert);

  // Published results name the vote ledger's head they come from. The other journeys share this festival
  // and still vote, so the page is shown a publication made now, at the ledger's real head.
  const head = await (await fetch(baseURL + "/votes/ledger/head")).json();
  const season = await (await fetch(baseURL + "/season")).json();
  await page.route("**/season", (route) =>
    route.fulfill({ json: { ...season, results_published_at: new Date().toISOString(), results_ledger: head } }),
  );
  await page.getByRole("link", { name: "Palmarès" }).click();
  const prize = page.locator("dl.palmares div").filter({ hasText: "Grand Prix du jury" });
  await prize.waitFor();
  assert.match(await prize.innerText(), /Cléo de 5 à 7/);
  const ledger = page.locator("[data-ledger-head]");
  await ledger.waitFor();
  assert.equal(await ledger.getAttribute("data-ledger-head"), head.hash);
  assert.match(await ledger.innerText(), new RegExp(`à partir des ${head.seq} entrées du registre des votes \\(empreinte ${head.hash.slice(0, 16)}…\\)`));
  await shot(page, "public-3-palmares");
  await accessible(page, assert);
  await page.close();
});

test("the public pages work from the keyboard alone", async () => {
  const page = await open(browser);
  await page.goto(baseURL + "/");
  await page.getByRole("heading", { name: "Les Parapluies de Cherbourg" }).waitFor();
  // Tab to the programme link and follow it with Enter.
  let focused = "";
  for (let i = 0; i < 10 && focused !== "Programme"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
  }
  assert.equal(focused, "Programme", "Tab never reached the Programme link");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Rencontre avec les équipes" }).waitFor();
  await shot(page, "public-4-keyboard-programme");
  await page.close();
});
