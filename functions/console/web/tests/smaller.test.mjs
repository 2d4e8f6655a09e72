// Journey of the smaller points of a committee's working day: posters on the
// public cards, the selection's search, the admin menu on one line at
// 1280 px, field refusals in the console's own words, awards offered only
// to films in the running, the console's words on an event created, fresh
// data on a revisit, and the outbox opening on a tab with messages.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4, png, baseURL, ownAPI, festival } from "./browser.mjs";

let browser;
let admin;
const stamp = `${Date.now()}`.slice(-6);
const titles = {
  poster: `Émile et les Détectives ${stamp}`,
  thumb: `Le Ballon rouge ${stamp}`,
  bare: `Sans image ${stamp}`,
  refused: `Le Refusé ${stamp}`,
};
const films = {};

async function upload(token, title, part) {
  const form = new FormData();
  form.set("title", title);
  form.set("nationality", "France");
  form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
  if (part) form.set(part, new Blob([png], { type: "image/png" }), "image.png");
  return (await call("POST", "/movies/upload", { token, form })).movie.id_movie;
}

before(async () => {
  browser = await launch();
  admin = await account("ADMIN");
  const producer = await account("PRODUCER", "Jacques", `Tati ${stamp}`);
  films.poster = await upload(producer.token, titles.poster, "poster");
  films.thumb = await upload(producer.token, titles.thumb, "thumbnail1");
  films.bare = await upload(producer.token, titles.bare);
  films.refused = await upload(producer.token, titles.refused, "poster");
  await call("PUT", `/movies/${films.refused}/status`, { token: admin.token, json: { status: "REJECTED" } });
});

after(async () => {
  await browser?.close();
});

// said submits the form of the field named name and returns the message the
// browser shows for it: the console's, set as the browser checks the form.
async function said(page, selector) {
  await page.locator(selector).first().waitFor(); // the page may still be loading (the admin pages are a chunk of their own)
  return page.evaluate(
    (sel) =>
      new Promise((resolve) => {
        const f = document.querySelector(sel);
        f.addEventListener("invalid", () => resolve(f.validationMessage), { once: true });
        // As a person sends it: a click on its submit button.
        f.form.querySelector("button[type=submit], button:not([type]), input[type=submit]").click();
      }),
    selector,
  );
}

test("the public cards show posters, and the selection is searched from the address", async () => {
  const page = await open(browser);
  await page.goto(`${baseURL}/#/?q=${stamp}`);
  const cards = page.getByRole("list", { name: "La sélection" }).getByRole("listitem");
  await page.getByRole("heading", { name: titles.poster }).waitFor();
  assert.equal(await cards.count(), 4, "the search in the address keeps the journey's four films");
  assert.equal(await page.getByLabel("Rechercher un film").inputValue(), stamp);

  // The poster and the thumbnail load (through GET /movies/{id}/poster), lazily, with their alt text;
  // the film without a picture shows the neutral frame, and asks nothing.
  for (const title of [titles.poster, titles.thumb]) {
    const img = page.getByRole("img", { name: `Affiche de « ${title} »` });
    await img.waitFor();
    assert.equal(await img.getAttribute("loading"), "lazy");
    await page.waitForFunction((t) => {
      const i = document.querySelector(`img[alt="Affiche de « ${t} »"]`);
      return i && i.complete && i.naturalWidth > 0;
    }, title);
  }
  const bare = cards.filter({ hasText: titles.bare });
  assert.equal(await bare.locator("img").count(), 0);
  assert.equal(await bare.locator(".poster-none").count(), 1);
  await shot(page, "smaller-1-selection-posters");
  await accessible(page, assert);

  // Accents and capitals do not matter; the address follows the search; a reload keeps it.
  await page.getByLabel("Rechercher un film").fill(`EMILE detectives ${stamp}`);
  await page.waitForFunction(() => location.hash.includes("q=EMILE"));
  assert.equal(await cards.count(), 1);
  await page.getByRole("heading", { name: titles.poster }).waitFor();
  await page.getByText("1 film sur ").first().waitFor();
  await page.reload();
  await page.getByRole("heading", { name: titles.poster }).waitFor();
  assert.equal(await cards.count(), 1, "the search survives a reload");
  assert.equal(await page.getByLabel("Rechercher un film").inputValue(), `EMILE detectives ${stamp}`);
  // The producer's name is searched too.
  await page.getByLabel("Rechercher un film").fill(`tati ${stamp}`);
  await page.waitForFunction(() => location.hash.includes("q=tati"));
  assert.equal(await cards.count(), 4);
  await page.getByLabel("Rechercher un film").fill(`zzz ${stamp}`);
  await page.getByText(`Aucun film ne correspond à « zzz ${stamp} ».`).waitFor();
  await shot(page, "smaller-2-selection-search");
  await accessible(page, assert);
  // The menu's "Sélection" is the selection unsearched.
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "La sélection" }).click();
  await page.waitForFunction(() => !location.hash.includes("q="));
  assert.equal(await page.getByLabel("Rechercher un film").inputValue(), "");
  await page.close();
});

test("an admin's menu fits one line at 1280 px; 'Plus' opens by keyboard", async () => {
  const context = await browser.newContext({ bypassCSP: true, locale: "fr-FR", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, admin);
  await page.goto(`${baseURL}/#/admin/prix`);
  await page.getByRole("heading", { name: "Prix", level: 2 }).waitFor();
  const nav = page.getByRole("navigation", { name: "Administration" });
  // One line: every entry on the same row, the menu no taller than one entry with its underline.
  const rows = await nav.evaluate((n) => {
    const boxes = [...n.children].map((c) => c.getBoundingClientRect());
    const first = boxes[0];
    const entry = n.querySelector("a").getBoundingClientRect().height;
    // On one row: each entry starts above the first one's bottom.
    const below = boxes.filter((b) => b.top >= first.bottom).length;
    return { below, height: n.getBoundingClientRect().height, entry, overflow: n.scrollWidth > n.clientWidth };
  });
  assert.equal(rows.below, 0, `${rows.below} entries of the admin menu wrap to another line`);
  assert.ok(rows.height < 2 * rows.entry + 16, `the admin menu is ${rows.height} px high, an entry ${rows.entry} px`);
  assert.equal(rows.overflow, false);
  // "Plus" by keyboard: Enter opens, the pages are there, Escape closes and gives the focus back.
  const more = nav.locator("summary");
  await more.focus();
  await page.keyboard.press("Enter");
  await nav.getByRole("link", { name: "Journal" }).waitFor();
  await shot(page, "smaller-3-admin-menu-1280");
  await accessible(page, assert);
  await page.keyboard.press("Escape");
  await nav.getByRole("link", { name: "Journal" }).waitFor({ state: "hidden" });
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), "SUMMARY");
  // A page under "Plus" marks it.
  await page.keyboard.press("Enter");
  await nav.getByRole("link", { name: "Réglages" }).click();
  await page.getByRole("heading", { name: "Réglages", level: 2 }).waitFor();
  assert.equal(await more.getAttribute("data-current"), "true");
  assert.equal(await nav.locator('a[href="#/admin/reglages"]').getAttribute("aria-current"), "page");
  assert.equal(await nav.locator("details").getAttribute("open"), null, "choosing a page closes the menu");
  await context.close();
});

test("field refusals are the console's words, in its language", async () => {
  const page = await open(browser);
  await signIn(page, admin);
  await page.goto(`${baseURL}/#/admin/reglages`);
  const days = page.locator("input[name=jury_reminder_days]");
  await days.waitFor();
  await days.fill("99");
  assert.equal(await said(page, "input[name=jury_reminder_days]"), "La valeur doit être au plus 30.");
  assert.equal(await days.getAttribute("aria-invalid"), "true");
  await days.fill("-1");
  assert.equal(await said(page, "input[name=jury_reminder_days]"), "La valeur doit être au moins 0.");
  await days.fill("1.5");
  assert.equal(await said(page, "input[name=jury_reminder_days]"), "La valeur doit aller par pas de 1.");
  await days.fill("3");
  assert.equal(await days.getAttribute("aria-invalid"), null, "a change takes the mark away");

  await page.goto(`${baseURL}/#/admin/prix`);
  await page.getByLabel("Nom du prix").waitFor();
  assert.equal(await said(page, "input[name=name]"), "Ce champ est obligatoire.");
  await page.getByLabel("Nom du prix").fill("Prix du public");
  assert.equal(await said(page, "select[name=id_movie]"), "Choisissez une valeur dans la liste.");
  // The browser shows that message by the field.
  await page.getByRole("button", { name: "Décerner", exact: true }).click();
  await page.waitForTimeout(400);
  await shot(page, "smaller-4-field-refused");
  await accessible(page, assert);

  // In English, the console's English, whatever the browser's language (French here).
  await page.getByRole("button", { name: "EN" }).click();
  await page.getByLabel("Award name").waitFor();
  await page.getByLabel("Award name").fill("");
  assert.equal(await said(page, "input[name=name]"), "This field is required.");
  await page.getByRole("button", { name: "FR" }).click();
  await page.getByLabel("Nom du prix").waitFor();
  await page.close();
});

test("awards are offered only to films in the running, and the list is fresh on a revisit", async () => {
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await signIn(page, admin);
  await page.goto(`${baseURL}/#/admin/prix`);
  const film = page.getByLabel("Film primé");
  await film.waitFor();
  const offered = await film.locator("option").allTextContents();
  assert.ok(offered.includes(titles.poster), "a submitted film is offered");
  assert.ok(!offered.includes(titles.refused), "a refused film is not offered");
  await page.getByText("Seuls les films encore en lice sont proposés").waitFor();

  // An award given meanwhile (another admin, through the API) shows when the page's own menu entry is clicked again.
  const award = `Prix de la photographie ${stamp}`;
  await call("POST", "/awards", { token: admin.token, json: { id_movie: films.thumb, name: award } });
  await call("POST", "/awards", { token: admin.token, json: { id_movie: films.bare, name: `Prix du scénario ${stamp}` } });
  assert.equal(await page.getByRole("cell", { name: award, exact: true }).count(), 0);
  const url = page.url();
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Prix" }).click();
  await page.getByRole("cell", { name: award, exact: true }).waitFor();
  assert.equal(page.url(), url, "the same address");
  // And when the person comes back to the tab after a while away (hidden, a minute passes, shown again).
  const later = `Prix du montage ${stamp}`;
  await call("POST", "/awards", { token: admin.token, json: { id_movie: films.poster, name: later } });
  await page.evaluate(() => {
    const hidden = (h) => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
      document.dispatchEvent(new Event("visibilitychange"));
    };
    const now = Date.now;
    hidden(true);
    Date.now = () => now() + 60_000;
    hidden(false);
    Date.now = now;
  });
  await page.getByRole("cell", { name: later, exact: true }).waitFor();
  await shot(page, "smaller-5-awards-revisited");
  await accessible(page, assert);

  // The award shows on the palmarès card, with the film's picture.
  await page.getByRole("link", { name: "Palmarès" }).click();
  const card = page.locator("dl.palmares div").filter({ hasText: award });
  await card.waitFor();
  await card.getByRole("img", { name: `Affiche de « ${titles.thumb} »` }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await page.waitForFunction((t) => {
    const i = document.querySelector(`img[alt="Affiche de « ${t} »"]`);
    return i && i.complete && i.naturalWidth > 0;
  }, titles.thumb);
  // The film without a picture: the neutral frame, as wide as a picture.
  const frame = page.locator("dl.palmares div").filter({ hasText: `Prix du scénario ${stamp}` }).locator(".poster-none");
  const [box, pic] = [await frame.boundingBox(), await card.locator("img").boundingBox()];
  assert.ok(Math.abs(box.width - pic.width) < 1 && Math.abs(box.height - pic.height) < 1, `frame ${JSON.stringify(box)}, picture ${JSON.stringify(pic)}`);
  await shot(page, "smaller-6-palmares-posters");
  await accessible(page, assert);
  await page.close();
});

test("an event or an account created is told in the console's words, an existing one too", async () => {
  const page = await open(browser);
  await signIn(page, admin);
  await page.goto(`${baseURL}/#/admin/evenements`);
  const name = `Ciné-goûter ${stamp}`;
  const fill = async () => {
    await page.getByLabel("Nom").fill(name);
    await page.getByLabel("Description").fill("Des courts métrages pour les enfants, et un goûter.");
    await page.getByLabel("Début").fill("2027-06-14T15:00");
    await page.getByLabel("Fin").fill("2027-06-14T17:00");
    await page.getByLabel("Lieu").fill("Cinéma Le Palace");
  };
  // Required fields first: the console's words.
  assert.equal(await said(page, "input[name=name]"), "Ce champ est obligatoire.");
  await fill();
  await page.getByRole("button", { name: "Créer l'événement" }).click();
  await page.getByRole("status").filter({ hasText: `Événement créé : ${name}.` }).waitFor();
  assert.equal(await page.getByText("Evenment créée").count(), 0, "the spec's text stays the API's");
  await page.getByRole("heading", { name }).waitFor();
  await fill();
  await page.getByRole("button", { name: "Créer l'événement" }).click();
  await page.getByRole("alert").filter({ hasText: `Un événement s'appelle déjà « ${name} »` }).waitFor();
  await shot(page, "smaller-7-event-exists");
  await accessible(page, assert);
  const events = await (await fetch(baseURL + "/events")).json();
  assert.equal(events.filter((e) => e.name === name).length, 1);

  // An account added with an address already registered: the API's 200 creates nothing, and the console says so.
  await page.goto(`${baseURL}/#/admin/utilisateurs`);
  await page.getByRole("heading", { name: "Utilisateurs", level: 2 }).waitFor();
  await page.getByLabel("Prénom").fill("Agnès");
  await page.getByLabel("Nom", { exact: true }).fill("Varda");
  await page.getByLabel("Adresse e-mail").fill(admin.email);
  await page.getByLabel("Mot de passe provisoire (6 caractères au moins)").fill("court");
  assert.equal(await said(page, "input[name=password]"), "Au moins 6 caractères (5 pour l'instant).");
  await page.getByLabel("Mot de passe provisoire (6 caractères au moins)").fill("jury2027");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: `Un compte existe déjà pour ${admin.email} : aucun compte n'a été créé.` }).waitFor();
  assert.equal(await page.getByText("Agnès Varda a été ajouté.").count(), 0);
  await shot(page, "smaller-7b-user-exists");
  await accessible(page, assert);
  await page.close();
});

test("the outbox opens on a tab that has messages", async () => {
  // A festival of its own: the shared one's outbox holds every journey's messages.
  const own = await ownAPI();
  try {
    const api = festival(own.url);
    const boss = await api.account("ADMIN", "Agnès", "Varda");
    const maker = await api.account("PRODUCER", "Jacques", "Demy");
    const form = new FormData();
    form.set("title", "Lola");
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    await api.call("POST", "/movies/upload", { token: maker.token, form });
    const page = await open(browser);
    await signIn(page, boss, own.url);
    await page.goto(`${own.url}/#/admin/messages`);
    const tabs = page.getByRole("group", { name: "Messages" });
    await tabs.locator("button[aria-pressed=true]").waitFor();
    const failed = await api.call("GET", "/notifications?state=failed&limit=1", { token: boss.token });
    assert.equal(failed.length, 0, "nothing failed in a new festival");
    const opened = await tabs.locator("button[aria-pressed=true]").innerText();
    assert.notEqual(opened, "En échec");
    assert.ok(["En attente", "Envoyés"].includes(opened), `opened on ${opened}`);
    await page.getByRole("cell", { name: "Film reçu" }).first().waitFor();
    await shot(page, "smaller-8-outbox-opens");
    await accessible(page, assert);
    await page.close();
  } finally {
    own.stop();
  }
});
