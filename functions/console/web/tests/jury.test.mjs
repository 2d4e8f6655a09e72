// Journey of a jury member: the films assigned to them with their progress,
// a screening room that plays the film with its subtitles and renews its
// short-lived link before it expires without losing the place, a vote from
// 0 to 10 with a comment, changed, a candidate mark, and a conflict of
// interest explained.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, film, mp4, srt, baseURL } from "./browser.mjs";

let browser;
let jury;
const films = {};

before(async () => {
  browser = await launch();
  const [admin, producer, juror, recorded] = await Promise.all([
    account("ADMIN"),
    account("PRODUCER", "Jacques", "Demy"),
    account("JURY", "Agnès", "Varda"),
    film(browser, 6),
  ]);
  jury = juror;
  const submit = async (title, file, extra = {}) => {
    const form = new FormData();
    form.set("title", title);
    form.set("duration", "5400");
    form.set("release_year", "1964");
    form.set("filmFile", new Blob([file], { type: "video/mp4" }), "film.mp4");
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    return (await call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  };
  films.demoiselles = await submit("Les Demoiselles de Rochefort", recorded, {
    subtitlesSrt: new Blob([srt], { type: "application/x-subrip" }),
  });
  films.chambre = await submit("Une chambre en ville", mp4);
  // The juror worked on this one: a conflict of interest.
  films.bonheur = await submit("Le Bonheur", mp4, {
    collaborators: JSON.stringify([{ first_name: "Agnès", last_name: "Varda", email: juror.email, job: "Image" }]),
  });
  for (const id of [films.demoiselles, films.chambre]) {
    await call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  }
});

after(async () => {
  await browser?.close();
});

test("a juror watches an assigned film with subtitles past its link's expiry, votes, changes the vote, marks a candidate and meets a conflict", async () => {
  const page = await open(browser);
  // The page's clock can be moved forward: the link's 15 minutes pass in an instant.
  await page.clock.install();
  await signIn(page, jury);
  await page.getByRole("link", { name: "Mes films à noter" }).click();
  await page.getByText("0 film noté sur 2").waitFor();
  assert.equal(await page.locator("[data-season=voting]").innerText(), "Le vote est ouvert.");
  await shot(page, "jury-1-assigned");
  await accessible(page, assert);

  const stretches = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/movies/${films.demoiselles}/viewing`)) stretches.push(r.postDataJSON());
  });
  await page.getByRole("link", { name: "Les Demoiselles de Rochefort" }).click();
  await page.getByRole("heading", { name: "Salle de projection" }).waitFor();
  // Nothing played yet: the room says so from the start.
  await page.getByTestId("watched").filter({ hasText: "Vous avez vu 0 % du film" }).waitFor();
  const video = page.getByRole("region", { name: "Salle de projection" }).locator("video");
  await page.waitForFunction(() => document.querySelector("video")?.textTracks[0]?.cues?.length === 2);
  await video.evaluate((v) => ((v.muted = true), v.play()));
  await page.waitForFunction(() => document.querySelector("video").currentTime > 1.5);
  const first = await video.evaluate((v) => ({ src: v.src, at: v.currentTime }));
  await shot(page, "jury-2-screening");
  await accessible(page, assert);

  // Fourteen minutes later, the link is renewed; the film goes on from where it was.
  await page.clock.fastForward("14:10");
  await page.waitForFunction(() => document.querySelector("video").dataset.renewals === "1");
  const renewed = await video.evaluate((v) => ({ src: v.src, at: v.currentTime }));
  assert.notEqual(renewed.src, first.src, "a fresh link");
  await page.waitForFunction((at) => {
    const v = document.querySelector("video");
    return v.currentTime >= at && (!v.paused || v.ended);
  }, first.at);

  // The screening room told the API what was played (a pause, the end, a jump or every 15 s report it).
  await video.evaluate((v) => v.pause());
  for (let i = 0; i < 50 && stretches.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(
    stretches.some((s) => s.to > s.from && s.to > 1),
    `a stretch of more than a second played was reported: ${JSON.stringify(stretches)}`,
  );
  // The screening room says what share of the film the API has on record (5 s of a film declared 90 min long).
  await page.getByTestId("watched").filter({ hasText: /Vous avez vu [\d,]+ % du film/ }).waitFor();

  // A vote, then a change made from the keyboard.
  await page.getByLabel("Note (de 0 à 10)").fill("7,5");
  await page.getByLabel("Commentaire").fill("Tout est chanté, et ça marche.");
  await page.getByRole("button", { name: "Voter" }).click();
  await page.getByText("Vote enregistré : 7,5 / 10.").waitFor();
  await page.getByRole("heading", { name: "Votre vote : 7,5 / 10" }).waitFor();
  await page.getByLabel("Note (de 0 à 10)").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("8");
  await page.keyboard.press("Enter");
  await page.getByText("Vote modifié : 8 / 10.").waitFor();
  await shot(page, "jury-3-voted");
  await accessible(page, assert);
  const vote = await call("GET", `/votes/mine/${films.demoiselles}`, { token: jury.token });
  assert.deepEqual([vote.score, vote.comment], [8, "Tout est chanté, et ça marche."]);

  await page.getByRole("link", { name: "Mes films à noter" }).click();
  await page.getByText("1 film noté sur 2").waitFor();
  const row = page.getByRole("row").filter({ hasText: "Les Demoiselles" });
  assert.match(await row.innerText(), /8 \/ 10/);

  // A candidate without a score.
  await page.getByRole("link", { name: "Une chambre en ville" }).click();
  await page.getByRole("button", { name: "Proposer comme candidat sans noter" }).click();
  await page.getByText("Le film est proposé comme candidat.").waitFor();
  assert.match(await page.locator(".badge").first().innerText(), /proposé par un juré/);
  await shot(page, "jury-4-candidate");

  // A film the juror worked on: explained, with no vote to cast.
  await page.goto(`${new URL(page.url()).origin}/#/films/${films.bonheur}`);
  await page.getByRole("heading", { name: "Conflit d'intérêts" }).waitFor();
  await page.getByText("Vous figurez dans l'équipe de ce film (Image)").waitFor();
  assert.equal(await page.getByRole("button", { name: "Voter" }).count(), 0);
  await shot(page, "jury-5-conflict");
  await accessible(page, assert);
  await page.close();
});

test("a juror votes by the scoring grid of the film's category, criterion by criterion", async () => {
  const [admin, producer, juror] = await Promise.all([account("ADMIN"), account("PRODUCER", "Jacques", "Demy"), account("JURY", "Agnès", "Varda")]);
  // A category with a grid of its own: the other journeys' films keep a single score.
  const cat = (await call("POST", "/categories", { token: admin.token, json: { name: `Grille ${Date.now()}` } })).newCategory.id_categorie;
  await call("PUT", "/settings", {
    token: admin.token,
    json: {
      category_grids: {
        [cat]: [
          { key: "mise_en_scene", name: "Mise en scène", weight: 3 },
          { key: "son", name: "Son", weight: 1 },
        ],
      },
    },
  });
  const form = new FormData();
  form.set("title", "Lady Oscar");
  form.set("categories", String(cat));
  form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
  const id = (await call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  await call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });

  const page = await open(browser);
  await signIn(page, juror);
  await page.goto(`${baseURL}/#/films/${id}`);
  await page.getByRole("group", { name: "Grille de notation" }).waitFor();
  assert.equal(await page.getByLabel("Note (de 0 à 10)").count(), 0, "a film with a grid asks for marks, not one score");
  await page.getByLabel("Mise en scène (poids 3)").fill("8");
  await page.getByLabel("Son (poids 1)").fill("4");
  await page.getByRole("button", { name: "Voter" }).click();
  await page.getByText("Vote enregistré : 7 / 10.").waitFor(); // (3 × 8 + 1 × 4) / 4
  await shot(page, "jury-6-grid");
  await accessible(page, assert);
  const vote = await call("GET", `/votes/mine/${id}`, { token: juror.token });
  assert.deepEqual(vote.criteria, { mise_en_scene: 8, son: 4 });
  await call("PUT", "/settings", { token: admin.token, json: { category_grids: null } });
  await page.close();
});
