// Journey in English: a visitor switches the console to English; a producer
// signs up and submits a film; an admin gives it a juror; the juror scores
// it; the admin decides, gives an award and publishes the results; the
// public reads the palmarès. At every step the page holds no French word
// (besides the names this journey chose), and the API, asked in English,
// answers in English. The journey runs on a festival of its own: it
// publishes results, which closes the votes of everyone sharing it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, accessible, film, ownAPI, festival } from "./browser.mjs";

let browser;
let api;
let stop;
const stamp = Date.now();
const title = `Sweet Sixteen ${stamp}`;
// Names are names: they may be written in any language.
const names = [title, "Ken Loach", "Laura Obiols", "Paul Laverty", "Grand Prize", "Glasgow"];

// French words no English page uses; a page with one of them, or with an
// accented letter, is French somewhere.
const frenchWords =
  /\b(le|la|les|des|du|une|est|et|pour|avec|sans|dans|sur|aucun|aucune|vous|votre|vos|nous|pas|ou|au|aux|cette|qui|mais|soumis|examen|inscrit|reçu|film[s]? à|mes|mon)\b/i;
const accented = /[àâäçéèêëîïôöùûüÿœæ«»]/i;

const found = [];

// english records what is French on the page now (the failure names the step).
async function english(page, step) {
  let text = await page.evaluate(() => document.body.innerText);
  for (const n of names) text = text.split(n).join(" ");
  const lines = text.split("\n").filter((l) => accented.test(l) || frenchWords.test(l));
  if (lines.length) found.push(`${step}: ${lines.map((l) => l.trim()).join(" | ")}`);
}

before(async () => {
  browser = await launch();
  const own = await ownAPI();
  api = festival(own.url);
  stop = own.stop;
});

after(async () => {
  await browser?.close();
  stop?.();
});

test("in English, a film is submitted, judged, decided, awarded and published with no French word on the way", async () => {
  // Seeded: the admin and the juror, English speakers (their accounts say so).
  const admin = await api.account("ADMIN", "Rebecca", "O'Brien", "en");
  const juror = await api.account("JURY", "Paul", "Laverty", "en");
  names.push("Rebecca O'Brien");
  const movie = await film(browser, 3);

  // A browser in French: the visitor switches to English, once.
  const context = await browser.newContext({ bypassCSP: true, locale: "fr-FR" });
  const visitor = await context.newPage();
  await visitor.goto(api.url + "/");
  await visitor.getByRole("link", { name: "La sélection" }).waitFor();
  await visitor.getByRole("button", { name: "EN", exact: true }).click();
  await visitor.getByRole("link", { name: "The selection" }).waitFor();
  assert.equal(await visitor.evaluate(() => document.documentElement.lang), "en");
  assert.equal(await visitor.getByRole("button", { name: "EN", exact: true }).getAttribute("aria-pressed"), "true");
  await visitor.getByText("No film has been submitted yet.").waitFor();
  await english(visitor, "1 selection");
  await shot(visitor, "english-1-switched");
  await accessible(visitor, assert);

  // The producer signs up (their account is in English) and submits a film.
  const email = `ken.${stamp}@example.org`;
  await visitor.getByRole("link", { name: "Create an account" }).click();
  await visitor.getByLabel("First name").fill("Ken");
  await visitor.getByLabel("Last name").fill("Loach");
  await visitor.getByLabel("Email address").fill(email);
  await visitor.getByLabel("Password (at least 6 characters)").fill("greenock2002");
  await english(visitor, "2 sign-up");
  await shot(visitor, "english-2-sign-up");
  await accessible(visitor, assert);
  await visitor.getByRole("button", { name: "Create the account" }).click();
  await visitor.getByText("Account created: sign in.").waitFor();
  await visitor.getByLabel("Email address").fill(email);
  await visitor.getByLabel("Password", { exact: true }).fill("greenock2002");
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await visitor.getByRole("heading", { name: "My films" }).waitFor();
  await visitor.getByText("You have not submitted any film yet.").waitFor();
  await english(visitor, "3 my films, none yet");
  await shot(visitor, "english-3-signed-in");

  await visitor.getByRole("link", { name: "Submit a film" }).first().click();
  await visitor.getByRole("heading", { name: "Submit a film" }).waitFor();
  await visitor.getByLabel("Film title").fill(title);
  await visitor.getByLabel("Synopsis").fill("Liam, nearly sixteen, wants a home for his mother when she gets out of prison.");
  await visitor.getByLabel("Release year").fill("2002");
  await visitor.getByLabel("Nationality").fill("United Kingdom");
  await visitor.getByLabel("Film (MP4)").setInputFiles({ name: "sweet-sixteen.mp4", mimeType: "video/mp4", buffer: movie });
  await english(visitor, "4 submission form");
  await shot(visitor, "english-4-submit");
  await accessible(visitor, assert);
  await visitor.getByRole("button", { name: "Upload the film" }).click();
  await visitor.getByText(`"${title}" has been submitted.`).waitFor();
  const row = visitor.getByRole("row").filter({ hasText: title });
  await row.waitFor();
  assert.match(await row.innerText(), /2002\s+Uploaded/);
  await english(visitor, "5 film submitted");
  await shot(visitor, "english-5-submitted");
  await accessible(visitor, assert);
  const { id_movie: id } = (await api.call("GET", "/movies")).find((m) => m.title === title);

  // The admin gives the film its juror, in English (this browser's choice;
  // their account's language is English too).
  const board = await context.newPage();
  await board.goto(api.url + "/#/connexion");
  await board.getByLabel("Email address").fill(admin.email);
  await board.getByLabel("Password", { exact: true }).fill(admin.password);
  await board.getByRole("button", { name: "Sign in" }).click();
  await board.getByRole("heading", { name: "My account" }).waitFor();
  await board.getByRole("link", { name: "Administration" }).click();
  await board.getByRole("heading", { name: "Films to review" }).waitFor();
  await board.getByRole("link", { name: title }).waitFor();
  await english(board, "6 admin board");
  await shot(board, "english-6-board");
  await accessible(board, assert);
  await board.getByRole("link", { name: title }).click();
  await board.getByRole("heading", { name: "Review" }).waitFor();
  const jury = board.getByRole("group", { name: "The film's jury" });
  await jury.getByLabel("Paul Laverty").check();
  await board.getByRole("button", { name: "Save the jury" }).click();
  await board.getByText("Jury saved.").waitFor();
  await english(board, "7 juror assigned");
  await shot(board, "english-7-jury");
  await accessible(board, assert);

  // The juror scores the film.
  const room = await context.newPage();
  await room.goto(api.url + "/#/connexion");
  await room.getByLabel("Email address").fill(juror.email);
  await room.getByLabel("Password", { exact: true }).fill(juror.password);
  await room.getByRole("button", { name: "Sign in" }).click();
  await room.getByRole("heading", { name: "My account" }).waitFor();
  await room.getByRole("link", { name: "My films to score" }).click();
  await room.getByText("0 of 1 film scored").waitFor();
  await english(room, "8 juror's films");
  await shot(room, "english-8-to-score");
  await room.getByRole("link", { name: title }).click();
  await room.getByRole("heading", { name: "Screening room" }).waitFor();
  await room.getByLabel("Score (0 to 10)").fill("8.5");
  await room.getByLabel("Comment").fill("Raw, tender and funny.");
  names.push("Raw, tender and funny.");
  await room.getByRole("button", { name: "Vote", exact: true }).click();
  await room.getByText("Vote saved: 8.5 / 10.").waitFor();
  await room.getByRole("heading", { name: "Your vote: 8.5 / 10" }).waitFor();
  await english(room, "9 vote");
  await shot(room, "english-9-voted");
  await accessible(room, assert);

  // The admin decides (selected), gives the award and publishes the results.
  await board.reload();
  await board.getByRole("heading", { name: "Review" }).waitFor();
  await board.getByLabel("Status").selectOption("selected");
  await board.getByRole("button", { name: "Save the status" }).click();
  await board.getByText(/^Status saved: /).waitFor();
  await english(board, "10 decision");
  await shot(board, "english-10-decided");
  await board.goto(api.url + "/#/admin/prix");
  await board.getByRole("heading", { name: "Awards", level: 2 }).waitFor();
  await board.getByLabel("Award name").fill("Grand Prize");
  await board.getByLabel("Awarded film").selectOption({ label: title });
  await board.getByRole("button", { name: "Give", exact: true }).click();
  await board.getByText(`Grand Prize given to "${title}".`).waitFor();
  await english(board, "11 award");
  await shot(board, "english-11-award");
  await accessible(board, assert);
  await board.goto(api.url + "/#/admin/resultats");
  await board.getByRole("heading", { name: "Results", level: 2 }).waitFor();
  await board.getByRole("cell", { name: title }).waitFor();
  await english(board, "12 results");
  await shot(board, "english-12-results");
  await board.goto(api.url + "/#/admin/reglages");
  await board.getByRole("heading", { name: "Settings", level: 2 }).waitFor();
  await board.getByLabel("Results published (closes the votes)").check();
  await board.getByRole("button", { name: "Save the settings" }).click();
  await board.getByRole("status").first().waitFor();
  await english(board, "13 results published");
  await shot(board, "english-13-published");

  // The public reads the palmarès and the vote ledger's head it comes from.
  const pub = await context.newPage();
  await pub.goto(api.url + "/#/palmares");
  const prize = pub.locator("dl.palmares div").filter({ hasText: "Grand Prize" });
  await prize.waitFor();
  assert.match(await prize.innerText(), new RegExp(title));
  await pub.getByText(/^Results published on .+, from the \d+ entries of the vote ledger \(fingerprint [0-9a-f]{16}…\)\.$/).waitFor();
  await english(pub, "14 palmares");
  await shot(pub, "english-14-palmares");
  await accessible(pub, assert);

  if (found.length) console.log(`French on the way:\n${found.join("\n")}`);
  // The producer's account keeps English: their decision mail is written in it.
  const account = await api.call("GET", "/users/me", { token: (await api.call("POST", "/auth/login", { json: { email, password: "greenock2002" } })).data.token });
  assert.equal(account.language, "en", "the producer's account language (sign-up sent it)");
  assert.deepEqual(found, [], "French on the way");
});
