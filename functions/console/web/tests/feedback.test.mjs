// Journey of a festival's decisions and the feedback to filmmakers: jurors
// vote (one ticks "à partager" in the console), an admin sets a release date
// and the feedback parts in the settings, decides two films, rewrites one
// held message and withdraws the other in the outbox, then publishes the
// category; the producer reads "Retours du jury" before (the date) and
// after (marks by criterion, percentile, shared comments only, "vu en
// entier par N des M jurés").
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4, baseURL } from "./browser.mjs";

let browser, admin, varda, demy, jurors, cat;
const films = {};

before(async () => {
  browser = await launch();
  [admin, varda, demy, ...jurors] = await Promise.all([
    account("ADMIN", "Anatole", "Dauman"),
    account("PRODUCER", "Agnès", "Varda"),
    account("PRODUCER", "Jacques", "Demy"),
    account("JURY", "Delphine", "Seyrig"),
    account("JURY", "Michel", "Piccoli"),
    account("JURY", "Corinne", "Marchand"),
  ]);
  cat = (await call("POST", "/categories", { token: admin.token, json: { name: "Courts métrages" } })).newCategory;
  await call("PUT", "/settings", {
    token: admin.token,
    json: { category_grids: { [cat.id_categorie]: [{ key: "image", name: "Image", weight: 2 }, { key: "recit", name: "Récit", weight: 1 }] } },
  });
  const submit = async (who, title) => {
    const form = new FormData();
    form.set("title", title);
    form.set("duration", "100");
    form.set("categories", String(cat.id_categorie));
    form.set("filmFile", new Blob([mp4], { type: "video/mp4" }), "film.mp4");
    const id = (await call("POST", "/movies/upload", { token: who.token, form })).movie.id_movie;
    await call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: jurors.map((j) => j.id) } });
    return id;
  };
  films.cleo = await submit(varda, "Cléo de 5 à 7");
  films.bonheur = await submit(demy, "Le Bonheur");
  const judge = async (j, id, to, vote) => {
    await call("POST", `/movies/${id}/viewing`, { token: j.token, json: { from: 0, to } });
    if (vote) await call("POST", `/votes/mine/${id}`, { token: j.token, json: vote });
  };
  await judge(jurors[0], films.cleo, 100, { criteria: { image: 9, recit: 7 }, comment: "Un regard neuf sur Paris, juste et drôle.", comment_shared: true });
  await judge(jurors[1], films.cleo, 95, { criteria: { image: 6, recit: 5 }, comment: "Un peu long au milieu." });
  await judge(jurors[2], films.cleo, 40);
  await judge(jurors[0], films.bonheur, 100, { criteria: { image: 5, recit: 4 } });
});

after(async () => {
  // Leave the shared festival as the other journeys expect it.
  await call("PUT", "/settings", {
    token: admin.token,
    json: { decisions_release_at: null, feedback: { decision: false, marks: false, comments: false, viewing: false }, category_grids: null },
  }).catch(() => {});
  await browser?.close();
});

test("jurors share a comment, an admin holds, rewrites, withdraws and publishes decisions, the producer reads the jury's feedback", async () => {
  // A juror votes by the grid and ticks "à partager".
  const juror = await open(browser);
  await signIn(juror, jurors[2]);
  await juror.goto(`${baseURL}/#/films/${films.cleo}`);
  await juror.getByRole("group", { name: "Grille de notation" }).waitFor();
  await juror.getByLabel("Image (poids 2)").fill("8");
  await juror.getByLabel("Récit (poids 1)").fill("8");
  await juror.getByLabel("Commentaire").fill("La scène du café est inoubliable.");
  await juror.getByLabel("à partager avec le producteur (sans votre nom, après la publication des décisions)").check();
  await juror.getByRole("button", { name: "Voter" }).click();
  await juror.getByText("Vote enregistré : 8 / 10.").waitFor();
  await shot(juror, "feedback-1-juror-shares");
  await accessible(juror, assert);
  assert.equal((await call("GET", `/votes/mine/${films.cleo}`, { token: jurors[2].token })).comment_shared, true);
  await juror.close();

  // The admin sets a release date and the feedback parts.
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await signIn(page, admin);
  await page.goto(`${baseURL}/#/admin/reglages`);
  await page.getByRole("group", { name: "Publication des décisions" }).waitFor();
  await page.getByText("Recommandé : la sélection seule (« curated »).", { exact: false }).waitFor();
  const inThreeDays = new Date(Date.now() + 3 * 86400000 - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  await page.getByLabel("Date de publication des décisions").fill(inThreeDays);
  for (const part of ["La décision en clair", "Les notes du jury par critère", "Les commentaires que les jurés", "Combien de jurés"]) {
    await page.getByLabel(part, { exact: false }).check();
  }
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await page.getByText("Paramètres du festival mis à jour").waitFor();
  await shot(page, "feedback-2-settings");
  await accessible(page, assert);
  const settings = await call("GET", "/settings", { token: admin.token });
  assert.ok(settings.decisions_release_at, "the release date is set");
  assert.deepEqual(settings.feedback, { decision: true, marks: true, comments: true, viewing: true });
  assert.equal(settings.public_selection, "all", "saving the form keeps the public selection");

  await call("PUT", `/movies/${films.cleo}/status`, { token: admin.token, json: { status: "selected" } });
  await call("PUT", `/movies/${films.bonheur}/status`, { token: admin.token, json: { status: "refused" } });

  // Before the release the producer is told when.
  const producer = await open(browser);
  await signIn(producer, varda);
  await producer.goto(`${baseURL}/#/films/${films.cleo}`);
  await producer.getByRole("heading", { name: "Retours du jury" }).waitFor();
  await producer.getByText("Les retours du jury sur ce film seront disponibles à la publication des décisions, le", { exact: false }).waitFor();
  await shot(producer, "feedback-3-producer-before");

  // The outbox holds both decisions: one rewritten, the other withdrawn.
  await page.goto(`${baseURL}/#/admin/messages`);
  await page.getByRole("button", { name: "En attente de publication" }).click();
  const held = page.getByRole("region", { name: "En attente de publication" });
  await held.getByText("Cléo de 5 à 7 : film sélectionné", { exact: false }).waitFor();
  await held.getByText("Le Bonheur : décision du comité", { exact: false }).waitFor();
  await page.getByRole("button", { name: /^Retirer : .*Le Bonheur/ }).click();
  await page.getByText("Message retiré : il ne sera pas envoyé").waitFor();
  await page.getByRole("button", { name: /^Modifier : .*Cléo de 5 à 7/ }).click();
  await page.getByLabel("Objet").fill("Cléo de 5 à 7 est sélectionné !");
  await page.getByRole("button", { name: "Enregistrer le message" }).click();
  await page.getByText("Message modifié : c'est ce texte qui sera envoyé").waitFor();
  await held.getByText("Cléo de 5 à 7 est sélectionné !").waitFor();
  await shot(page, "feedback-4-outbox-held");
  await accessible(page, assert);
  await page.getByRole("button", { name: `Publier maintenant « ${cat.name} »` }).click();
  await page.getByText("Décisions de la catégorie publiées : 1 message(s) partent maintenant").waitFor();
  const discarded = await call("GET", "/notifications?state=discarded", { token: admin.token });
  assert.ok(discarded.some((m) => m.subject.includes("Le Bonheur")), "the refusal is withdrawn");

  // The rewritten message reaches the producer (the outbox runs every few seconds).
  let mails = [];
  for (let i = 0; i < 40 && !mails.some((m) => m.subject === "Cléo de 5 à 7 est sélectionné !"); i++) {
    await new Promise((r) => setTimeout(r, 500));
    mails = (await (await fetch(`${baseURL}/_mailbox.json`)).json()).filter((m) => m.to === varda.email);
  }
  assert.ok(mails.some((m) => m.subject === "Cléo de 5 à 7 est sélectionné !"), "the producer is sent the rewritten decision");
  assert.ok(!mails.some((m) => m.subject.includes("Le Bonheur")));

  // After the release the producer reads the feedback.
  await producer.reload();
  const feedback = producer.getByRole("region", { name: "Retours du jury" });
  await feedback.getByText("sélectionné", { exact: true }).waitFor();
  await feedback.getByText("Vu en entier par 2 des 3 jurés.").waitFor();
  await feedback.getByText("Un regard neuf sur Paris, juste et drôle.").waitFor();
  await feedback.getByText("La scène du café est inoubliable.").waitFor();
  assert.equal(await feedback.getByText("Un peu long au milieu.").count(), 0, "a comment not shared stays with the jury");
  for (const name of ["Delphine", "Seyrig", "Piccoli"]) assert.equal(await feedback.getByText(name).count(), 0, "no juror is named");
  const criteria = feedback.getByRole("region", { name: "Notes du jury" });
  await criteria.getByRole("row", { name: /Image 2 7,67 \/ 10 6 · 8 · 9/ }).waitFor();
  await criteria.getByRole("row", { name: /Récit 1 6,67 \/ 10 5 · 7 · 8/ }).waitFor();
  await feedback.getByText(`Dans la catégorie « ${cat.name} », votre film est au niveau ou au-dessus de 100 % des films notés.`).waitFor();
  await shot(producer, "feedback-5-producer-after");
  // The picture of the feedback for the documentation (docs/images/feedback.png):
  // the film's title and facts, then "Retours du jury", with a margin.
  await producer.evaluate(() => window.scrollTo(0, 0));
  const top = await producer.locator("#film-title").boundingBox();
  const box = await feedback.boundingBox();
  await producer.screenshot({
    path: new URL("../test-results/feedback-producer.png", import.meta.url).pathname,
    fullPage: true,
    clip: { x: box.x - 24, y: top.y - 24, width: box.width + 48, height: box.y + box.height - top.y + 48 },
  });
  await accessible(producer, assert);
  await producer.close();
  await page.close();
});
