// Journey of a juror on a festival that lets jurors vote only on the films
// assigned to them: their queue says each film's state and opens the next
// film to watch; an assigned film has the vote form, a film they declared a
// conflict with and a film not assigned to them have none, but the reason
// in words; a film not watched enough offers the candidate mark only. The
// journey runs on a festival of its own: it turns jury_vote_assigned_only
// and min_watched_share on.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, mp4, ownAPI, festival, signIn } from "./browser.mjs";

let browser;
let api;
let stop;
const stamp = Date.now();

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


const hashIs = (page, hash) => page.waitForFunction((h) => location.hash === h, hash);

test("a juror meets no vote form where they may not judge, the reason instead, and moves along their queue", async () => {
  const [admin, producer, juror] = await Promise.all([
    api.account("ADMIN", "Mag", "Bodard"),
    api.account("PRODUCER", "Jacques", "Demy"),
    api.account("JURY", "Agnès", "Varda"),
  ]);
  await api.call("PUT", "/settings", { token: admin.token, json: { jury_vote_assigned_only: true } });
  const submit = async (title) => {
    const form = new FormData();
    form.set("title", `${title} ${stamp}`);
    form.set("duration", "5400");
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    return (await api.call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  };
  const first = await submit("Lola");
  const second = await submit("Model Shop");
  const declared = await submit("Le Joueur de flûte");
  const elsewhere = await submit("Peau d'âne");
  for (const id of [first, second]) {
    await api.call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  }
  // The juror produced nothing here, but knows the flautist's director.
  await api.call("PUT", "/users/me/jury-profile", { token: juror.token, json: { categories: [], conflicts: [declared] } });

  const page = await open(browser);
  await signIn(page, juror, api.url);
  await page.getByRole("link", { name: "Mes films à noter" }).click();
  await page.getByText("0 film noté sur 2").waitFor();
  const rows = page.getByRole("row");
  assert.match(await rows.filter({ hasText: "Lola" }).innerText(), /À voir/);
  assert.match(await rows.filter({ hasText: "Model Shop" }).innerText(), /À voir/);
  await shot(page, "jury-limits-1-queue");
  await accessible(page, assert);

  // The next film to watch is the first one not voted on.
  await page.getByRole("link", { name: "Film suivant à voir" }).click();
  await hashIs(page, `#/films/${first}`);
  await page.getByRole("heading", { name: `Lola ${stamp}` }).waitFor();
  await page.getByLabel("Note (de 0 à 10)").fill("7");
  await page.getByRole("button", { name: "Voter" }).click();
  await page.getByText("Vote enregistré : 7 / 10.").waitFor();
  // The film's page offers the next film at once.
  const onward = page.getByRole("link", { name: "Film suivant à voir" });
  await onward.waitFor();
  assert.equal(await onward.getAttribute("href"), `#/films/${second}`);
  await shot(page, "jury-limits-2-voted");
  await accessible(page, assert);

  // Back in the queue: the film is scored, and "next" moved to the second.
  await page.getByRole("link", { name: "Retour à mes films" }).click();
  await page.getByText("1 film noté sur 2").waitFor();
  assert.match(await rows.filter({ hasText: "Lola" }).innerText(), /Noté\s+7 \/ 10/);
  await shot(page, "jury-limits-3-next");
  await page.getByRole("link", { name: "Film suivant à voir" }).click();
  await hashIs(page, `#/films/${second}`);
  await page.getByRole("heading", { name: `Model Shop ${stamp}` }).waitFor();
  await page.getByLabel("Note (de 0 à 10)").waitFor();

  // A declared conflict: no form, no candidate mark, the reason.
  await page.goto(api.url + `/#/films/${declared}`);
  await page.getByRole("heading", { name: "Conflit d'intérêts" }).waitFor();
  await page.getByText("Vous avez déclaré un conflit d'intérêts avec ce film").waitFor();
  await page.getByText("Accès interdit. Conflit d'intérêts").waitFor();
  assert.equal(await page.getByRole("button", { name: "Voter" }).count(), 0);
  assert.equal(await page.getByRole("button", { name: "Proposer comme candidat sans noter" }).count(), 0);
  assert.equal(await page.getByLabel("Note (de 0 à 10)").count(), 0);
  await shot(page, "jury-limits-4-conflict");
  await accessible(page, assert);

  // A film not assigned to the juror: no form either, the API's words.
  await page.goto(api.url + `/#/films/${elsewhere}`);
  await page.getByRole("heading", { name: "Vous ne pouvez pas noter ce film" }).waitFor();
  await page.getByText("Ce film ne vous est pas attribué").waitFor();
  assert.equal(await page.getByRole("button", { name: "Voter" }).count(), 0);
  assert.equal(await page.getByRole("button", { name: "Proposer comme candidat sans noter" }).count(), 0);
  await shot(page, "jury-limits-5-not-assigned");
  await accessible(page, assert);

  // The festival asks for half of a film watched before a vote: the film
  // opened earlier reads as watched in the queue, and its page offers the
  // candidate mark but no vote yet, with the share the API counted.
  await api.call("PUT", "/settings", { token: admin.token, json: { min_watched_share: 50 } });
  await page.getByRole("link", { name: "Mes films à noter" }).click();
  await page.getByText("1 film noté sur 2").waitFor();
  assert.match(await rows.filter({ hasText: "Model Shop" }).innerText(), /Vu/);
  await page.getByRole("link", { name: "Film suivant à voir" }).click();
  await hashIs(page, `#/films/${second}`);
  await page.getByRole("heading", { name: "Regardez le film avant de voter" }).waitFor();
  await page.getByText("le festival demande d'en avoir vu 50 % avant de voter").waitFor();
  await page.getByRole("button", { name: "Proposer comme candidat sans noter" }).waitFor();
  assert.equal(await page.getByRole("button", { name: "Voter" }).count(), 0);
  await shot(page, "jury-limits-6-watch-first");
  await accessible(page, assert);

  // The rule lifted, "check again" brings the form: the second vote ends the queue.
  await api.call("PUT", "/settings", { token: admin.token, json: { min_watched_share: 0 } });
  await page.getByRole("button", { name: "J'ai regardé : vérifier à nouveau" }).click();
  await page.getByLabel("Note (de 0 à 10)").fill("8,5");
  await page.getByRole("button", { name: "Voter" }).click();
  await page.getByText("Vote enregistré : 8,5 / 10.").waitFor();
  await page.getByText("Vous avez noté tous les films que vous pouvez juger.").waitFor();
  await page.getByRole("link", { name: "Retour à mes films" }).click();
  await page.getByText("2 films notés sur 2").waitFor();
  await page.getByText("Vous avez noté tous les films que vous pouvez juger.").waitFor();
  assert.equal(await page.getByRole("link", { name: "Film suivant à voir" }).count(), 0);
  await shot(page, "jury-limits-7-done");
  await accessible(page, assert);
  await page.close();
});
