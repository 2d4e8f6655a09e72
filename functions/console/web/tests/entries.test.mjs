// Journey of the filmmaker's own festival: an admin defines the festival's
// own questions (a required one) and a runtime rule for a category; a
// producer submits, meets the refusal naming the question, answers it, reads
// the checklist when the rule tightens, edits the film, withdraws it; an admin
// reinstates it. With blind judging on, a juror sees no producer. A person
// exports their data and erases their account.
//
// The journeys share one API: everything here is asked only of films of this
// journey's own category, and blind judging is on only while the juror looks.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, page as open, shot, accessible, call, account, signIn, mp4, baseURL } from "./browser.mjs";

let browser;
let admin;
let producer;
let juror;
const stamp = Date.now();
const category = { name: `Courts ${stamp}` };
const title = `Cléo de 5 à 7 (${stamp})`;

// A film file the API accepts: an ftyp box, then one mdat box to the end.
const small = Buffer.alloc(1024);
Buffer.from(mp4).copy(small);
small.writeUInt32BE(small.length - mp4.length, mp4.length);
small.write("mdat", mp4.length + 4, "latin1");

// A press kit: a PDF of a few kilobytes.
const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n%"), Buffer.alloc(8192, "1 0 obj << >> endobj\n"), Buffer.from("trailer << >>\n%%EOF\n")]);

before(async () => {
  browser = await launch();
  [admin, producer, juror] = await Promise.all([account("ADMIN"), account("PRODUCER", "Agnès", "Varda"), account("JURY", "Jacques", "Rivette")]);
  await call("POST", "/categories", { token: admin.token, json: { name: category.name } });
  category.id = (await call("GET", "/categories")).find((c) => c.name === category.name).id_categorie;
});

after(async () => {
  // The festival as the other journeys expect it: no rule, no question of this category, blind judging off.
  await call("PUT", "/settings", { token: admin.token, json: { blind_judging: false, category_rules: {} } }).catch(() => undefined);
  const form = await call("GET", "/settings/form").catch(() => null);
  if (form) await call("PUT", "/settings/form", { token: admin.token, json: { questions: [], updatedAt: form.updatedAt } }).catch(() => undefined);
  await browser?.close();
});

// movie reads a film as its producer does.
const movie = (id) => call("GET", `/movies/${id}`, { token: producer.token });

test("an admin defines the festival's questions and a runtime rule; a producer is refused, answers, reads the checklist, edits and withdraws; an admin reinstates", async () => {
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await signIn(page, admin);
  await page.getByRole("link", { name: "Administration" }).click();
  await page.getByRole("navigation", { name: "Administration" }).locator("summary").click(); // "Plus"
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Formulaire" }).click();
  await page.getByRole("heading", { name: "Formulaire", level: 2 }).waitFor();

  // A required yes/no question and a press kit (a file only admins read), both of this category.
  await page.getByRole("button", { name: "Ajouter une question" }).click();
  let q = page.locator("fieldset.question").last();
  await q.getByLabel("Identifiant").fill("premiere");
  await q.getByLabel("Intitulé").fill("Première mondiale ?");
  await q.getByLabel("Aide (facultative)").fill("Le film n'a jamais été montré en public.");
  await q.getByLabel("Type de réponse").selectOption({ label: "Oui / non" });
  await q.getByLabel("Posée aux films de").selectOption({ label: category.name });
  await q.getByLabel("Obligatoire", { exact: true }).check();
  await q.getByLabel("Qui lit la réponse").selectOption({ label: "Le jury" });
  await page.getByRole("button", { name: "Ajouter une question" }).click();
  q = page.locator("fieldset.question").last();
  await q.getByLabel("Identifiant").fill("dossier");
  await q.getByLabel("Intitulé").fill("Dossier de presse");
  await q.getByLabel("Type de réponse").selectOption({ label: "Fichier (PDF ou image)" });
  await q.getByLabel("Posée aux films de").selectOption({ label: category.name });
  await q.getByLabel("Qui lit la réponse").selectOption({ label: "Les administrateurs seulement" });
  // The press kit first: moved up.
  await page.getByRole("button", { name: "Monter la question 2" }).click();
  assert.equal(await page.locator("fieldset.question legend").first().innerText(), "Question 1 : Dossier de presse");
  await page.getByRole("button", { name: "Enregistrer le formulaire" }).click();
  await page.getByText("Formulaire enregistré : 2 questions.").waitFor();

  // At most 10 minutes for a film of the category.
  const rules = page.locator(`fieldset[data-category="${category.name}"]`);
  await page.getByRole("button", { name: `Ajouter une règle à « ${category.name} »` }).click();
  await rules.getByLabel("Règle 1").selectOption({ label: "Durée au plus (minutes)" });
  await rules.getByLabel("Valeur").fill("10");
  await page.getByRole("button", { name: "Enregistrer les règles" }).click();
  await page.getByRole("form", { name: "Règles d'admission et jugement" }).getByRole("status").waitFor();
  await shot(page, "entries-1-admin-form");
  await accessible(page, assert);
  const saved = await call("GET", "/settings", { token: admin.token });
  assert.deepEqual(saved.category_rules[String(category.id)], [{ kind: "runtime_max", number: 600 }]);

  // The producer submits without answering, 15 minutes long: refused, the question named.
  const p = await open(browser);
  p.on("dialog", (d) => d.accept());
  await signIn(p, producer);
  await p.getByRole("link", { name: "Soumettre un film" }).click();
  await p.getByLabel("Titre du film").fill(title);
  await p.getByLabel("Durée (minutes)").fill("15");
  await p.getByLabel("Catégorie").selectOption({ label: category.name });
  await p.getByRole("group", { name: /Première mondiale \?/ }).waitFor();
  await p.getByLabel("Film (MP4)").setInputFiles({ name: "cleo.mp4", mimeType: "video/mp4", buffer: small });
  await p.getByRole("button", { name: "Envoyer le film" }).click();
  const refusal = p.getByRole("alert").filter({ hasText: "Première mondiale ?" });
  await refusal.waitFor();
  await shot(p, "entries-2-refused");
  await accessible(p, assert);

  // Answered, 9 minutes: submitted.
  await p.getByRole("group", { name: /Première mondiale \?/ }).getByLabel("Oui").check();
  await p.getByLabel("Durée (minutes)").fill("9");
  await p.getByRole("button", { name: "Envoyer le film" }).click();
  await p.waitForURL(/#\/mes-films/);
  const row = p.getByRole("row").filter({ hasText: title });
  await row.getByRole("link", { name: title }).click();
  await p.getByRole("heading", { name: title }).waitFor();
  const id = Number(new URL(p.url()).hash.split("/").pop());
  const film = await movie(id);
  assert.equal(film.answers.premiere, true);
  assert.equal(film.completeness.complete, true);
  await p.getByText("Le dossier est complet.").waitFor();

  // The festival tightens the rule to 5 minutes: the film is incomplete, and says why.
  await call("PUT", "/settings", { token: admin.token, json: { category_rules: { [category.id]: [{ kind: "runtime_max", number: 300 }] } } });
  await p.reload();
  const checklist = p.locator("[data-checklist]");
  await checklist.waitFor();
  assert.match(await checklist.innerText(), new RegExp(`^Incomplet : Catégorie « ${category.name} » : durée de 9 min au-delà de 5 min`));
  await p.getByText("Incomplet", { exact: true }).waitFor();
  await shot(p, "entries-3-checklist");
  await accessible(p, assert);

  // Modifier: 4 minutes and the press kit; the checklist is gone.
  const fields = p.getByRole("form", { name: "La fiche du film" });
  await fields.getByLabel("Durée (minutes)").fill("4");
  await fields.getByRole("button", { name: "Enregistrer la fiche" }).click();
  await fields.getByRole("status").waitFor();
  await p.getByText("Le dossier est complet.").waitFor();
  const answers = p.getByRole("form", { name: "Les réponses" });
  await answers.getByLabel(/Dossier de presse/).setInputFiles({ name: "presse.pdf", mimeType: "application/pdf", buffer: pdf });
  await answers.getByRole("button", { name: "Enregistrer les réponses" }).click();
  await answers.getByText("Les réponses sont enregistrées.").waitFor();
  await p.getByRole("button", { name: "Télécharger presse.pdf" }).waitFor();
  const edited = await movie(id);
  assert.equal(edited.duration, 240);
  assert.equal(edited.answers.dossier.name, "presse.pdf");
  await shot(p, "entries-4-edited");
  await accessible(p, assert);

  // Withdrawn, with a reason: out of the public list.
  await p.getByLabel("Raison du retrait").fill("Sélectionné en première mondiale ailleurs.");
  await p.getByRole("button", { name: "Retirer le film" }).click();
  await p.getByText(/Film retiré le .* : Sélectionné en première mondiale ailleurs\./).waitFor();
  await p.locator("[data-edit-closed]").waitFor();
  await shot(p, "entries-5-withdrawn");
  await accessible(p, assert);
  assert.ok(!(await call("GET", "/movies")).some((m) => m.id_movie === id), "out of the public list");

  // The admin finds it marked on the board, reads its answers and reinstates it.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Films à examiner" }).click();
  await page.getByRole("searchbox", { name: "Titre contenant" }).fill(String(stamp));
  const line = page.getByRole("row").filter({ hasText: title });
  await line.getByText("Retiré").waitFor();
  await line.getByRole("link", { name: title }).click();
  await page.getByRole("heading", { name: title }).waitFor();
  await page.locator('[data-answer="premiere"]').getByText("Oui").waitFor();
  await page.getByRole("button", { name: "Télécharger presse.pdf" }).waitFor();
  await page.getByRole("button", { name: "Annuler le retrait" }).click();
  await page.getByRole("button", { name: "Retirer le film" }).waitFor();
  await shot(page, "entries-6-reinstated");
  await accessible(page, assert);
  assert.equal((await movie(id)).withdrawn, undefined);
  assert.ok((await call("GET", "/movies")).some((m) => m.id_movie === id), "back in the public list");

  // The board's Incomplets: this film again over a 3-minute rule.
  await call("PUT", "/settings", { token: admin.token, json: { category_rules: { [category.id]: [{ kind: "runtime_max", number: 180 }] } } });
  await page.getByRole("link", { name: "Administration" }).click();
  await page.getByLabel("Incomplets").check();
  await page.getByRole("row").filter({ hasText: title }).getByText("Incomplet").waitFor();
  await shot(page, "entries-7-incomplete-filter");
  await accessible(page, assert);
  await page.close();
  await p.close();
});

test("with blind judging on, a juror reads a film without its producer or team, and the answers the jury may read", async () => {
  const form = new FormData();
  form.set("title", `Paris nous appartient (${stamp})`);
  form.set("duration", "120"); // within the category's rule, however the first journey left it
  form.set("categories", String(category.id));
  form.set("answers", JSON.stringify({ premiere: false }));
  form.set("collaborators", JSON.stringify([{ first_name: "Jean-Claude", last_name: "Brialy", job: "Interprétation" }]));
  form.set("filmFile", new Blob([small], { type: "video/mp4" }), "film.mp4");
  const id = (await call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  await call("PUT", `/movies/${id}/juries`, { token: admin.token, json: { juries: [juror.id] } });
  const page = await open(browser);
  await signIn(page, juror);
  try {
    await call("PUT", "/settings", { token: admin.token, json: { blind_judging: true } });
    await page.goto(`${baseURL}/#/films/${id}`);
    await page.getByRole("heading", { name: `Paris nous appartient (${stamp})` }).waitFor();
    await page.getByRole("heading", { name: "Salle de projection" }).waitFor();
    const text = await page.locator("main").innerText();
    assert.doesNotMatch(text, /Produit par|Agnès Varda|Équipe|Brialy/, "no producer, no team");
    await page.locator('[data-answer="premiere"]').getByText("Non").waitFor();
    await shot(page, "entries-8-blind-juror");
    await accessible(page, assert);
  } finally {
    await call("PUT", "/settings", { token: admin.token, json: { blind_judging: false } });
  }
  // Off again: the juror reads the producer.
  await page.reload();
  await page.getByText("Produit par Agnès Varda").waitFor();
  await page.close();
});

test("a producer exports their data (the message's link downloads it) and erases their account", async () => {
  const me = await account("PRODUCER", "Jacques", "Demy");
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await signIn(page, me);
  await page.getByRole("button", { name: "Exporter mes données" }).click();
  await page.getByRole("status").filter({ hasText: /message/ }).waitFor();
  await shot(page, "entries-9-export-asked");
  await accessible(page, assert);

  // The mail the festival sends (the local server's mailbox), with its link to the console.
  let link;
  for (let i = 0; i < 100 && !link; i++) {
    const mails = await (await fetch(baseURL + "/_mailbox.json")).json();
    const mail = mails.find((m) => m.to === me.email && /#\/mes-donnees\?export=/.test(m.text));
    link = mail && /#\/mes-donnees\?export=[0-9a-f]+/.exec(mail.text)[0];
    if (!link) await new Promise((r) => setTimeout(r, 200)); // the outbox runs every 5 s
  }
  assert.ok(link, "the export's mail carries the link");
  await page.goto(`${baseURL}/${link}`);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger l'archive" }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /\.zip$/);
  const bytes = await (await import("node:fs/promises")).readFile(await file.path());
  assert.equal(bytes.subarray(0, 2).toString("latin1"), "PK", "a zip");
  await page.getByText("L'archive est prête.").waitFor();
  await shot(page, "entries-10-export-downloaded");

  // A wrong password erases nothing; the right one erases the account.
  await page.getByLabel("Mot de passe (pour confirmer)").fill("pas-le-bon");
  await page.getByRole("button", { name: "Supprimer mon compte" }).click();
  await page.getByRole("alert").filter({ hasText: "Mot de passe incorrect" }).waitFor();
  await page.getByLabel("Mot de passe (pour confirmer)").fill(me.password);
  await page.getByRole("button", { name: "Supprimer mon compte" }).click();
  await page.getByText("Votre compte est supprimé.").waitFor();
  await page.getByRole("link", { name: "Se connecter" }).waitFor();
  await shot(page, "entries-11-erased");
  await accessible(page, assert);
  await assert.rejects(call("POST", "/auth/login", { json: { email: me.email, password: me.password } }), /401/);
  await page.close();
});
