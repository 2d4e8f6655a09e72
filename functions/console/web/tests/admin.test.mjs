// Journey of an admin: the review board with its filters; a film opened,
// watched, given a status, categories and a jury (a conflict of interest
// shown, and refused in the API's words), edited; users and roles;
// categories; events; awards; settings; results with the CSV download; the
// audit trail; a film deleted; and the palmarès the public then reads.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, page as open, shot, accessible, call, account, signIn, film, mp4, baseURL } from "./browser.mjs";

let browser;
let admin;
let varda;
let aimee;
const films = {};

before(async () => {
  browser = await launch();
  let producer, recorded;
  [admin, producer, varda, aimee, recorded] = await Promise.all([
    account("ADMIN", "Anatole", "Dauman"),
    account("PRODUCER", "Mag", "Bodard"),
    account("JURY", "Agnès", "Varda"),
    account("PRODUCER", "Anouk", "Aimée"),
    film(browser, 3),
  ]);
  const submit = async (title, file, extra = {}) => {
    const form = new FormData();
    form.set("title", title);
    form.set("duration", "5400");
    form.set("filmFile", new Blob([file], { type: "video/mp4" }), "film.mp4");
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    return (await call("POST", "/movies/upload", { token: producer.token, form })).movie.id_movie;
  };
  // Anouk Aimée acts in Lola: once a juror, she may not judge it.
  films.lola = await submit("Lola", recorded, {
    collaborators: JSON.stringify([{ first_name: "Anouk", last_name: "Aimée", email: aimee.email, job: "Actrice" }]),
  });
  films.baie = await submit("La Baie des Anges", mp4);
});

after(async () => {
  await browser?.close();
});

test("an admin reviews, assigns, edits and deletes films, runs users, categories, events, awards and settings, reads results and the audit trail", async () => {
  const page = await open(browser);
  page.on("dialog", (d) => d.accept());
  await signIn(page, admin);
  await page.getByRole("link", { name: "Administration" }).click();

  // The board: every film, counted and filtered.
  await page.getByRole("heading", { name: "Films à examiner" }).waitFor();
  await page.getByRole("link", { name: "La Baie des Anges" }).waitFor();
  assert.match(await page.locator(".counts").innerText(), /reçu : [2-9]/);
  await page.getByLabel("Titre contenant").fill("lola");
  assert.equal(await page.getByRole("row").count(), 2, "the header and Lola");
  await shot(page, "admin-1-board");
  await accessible(page, assert);

  // A category, created from the keyboard.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Catégories" }).click();
  await page.getByRole("heading", { name: "Catégories", level: 2 }).waitFor();
  await page.getByLabel("Nom de la catégorie").fill("Long métrage");
  await page.getByLabel("Nom de la catégorie").press("Enter");
  await page.getByText("Catégorie créée : Long métrage.").waitFor();
  await page.getByLabel("Nom de « Long métrage »").waitFor();
  await shot(page, "admin-2-categories");
  await accessible(page, assert);

  // Users: Anouk Aimée becomes a juror; Jacques Perrin joins the jury.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Utilisateurs" }).click();
  await page.getByRole("heading", { name: "Utilisateurs", level: 2 }).waitFor();
  await page.getByLabel("Rôle de Anouk Aimée").selectOption("JURY");
  await page.getByText("Anouk Aimée est maintenant membre du jury.").waitFor();
  const perrin = `perrin.${Date.now()}@example.org`;
  await page.getByLabel("Prénom").fill("Jacques");
  await page.getByLabel("Nom", { exact: true }).fill("Perrin");
  await page.getByLabel("Adresse e-mail").fill(perrin);
  await page.getByLabel("Mot de passe provisoire (6 caractères au moins)").fill("jury2027");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await page.getByText("Jacques Perrin a été ajouté.").waitFor();
  await page.getByRole("cell", { name: perrin }).waitFor();
  assert.equal(await page.getByLabel("Rôle de Jacques Perrin").inputValue(), "JURY");
  assert.equal(await page.getByLabel("Rôle de Anatole Dauman").inputValue(), "ADMIN");
  await shot(page, "admin-3-users");
  await accessible(page, assert);

  // A film: watched, validated, categorised, given a jury, edited.
  await page.goto(`${baseURL}/#/films/${films.lola}`);
  await page.getByRole("heading", { name: "Examen" }).waitFor();
  await page.waitForFunction(() => document.querySelector("video")?.readyState >= 1);
  await page.getByLabel("Statut").selectOption("assigned");
  await page.getByRole("button", { name: "Enregistrer le statut" }).click();
  await page.getByText("Statut enregistré : confié au jury.").waitFor();
  await page.getByRole("group", { name: "Catégories du film" }).getByLabel("Long métrage").check();
  await page.getByRole("button", { name: "Enregistrer les catégories" }).click();
  await page.getByText("Catégories enregistrées.").waitFor();
  const jury = page.getByRole("group", { name: "Jury du film" });
  assert.match(await jury.getByText("Anouk Aimée").innerText(), /conflit d'intérêts/);
  await jury.getByLabel("Anouk Aimée").check();
  await jury.getByLabel("Agnès Varda").check();
  await page.getByRole("button", { name: "Enregistrer le jury" }).click();
  await page.getByRole("alert").filter({ hasText: "Conflit d'intérêts : ces membres du jury ont produit ce film, figurent parmi ses collaborateurs ou ont déclaré un conflit avec lui" }).waitFor();
  await jury.getByLabel("Anouk Aimée").uncheck();
  await jury.getByLabel("Jacques Perrin").check();
  await page.getByRole("button", { name: "Enregistrer le jury" }).click();
  await page.getByText("Jury enregistré.").waitFor();
  await page.getByLabel("Titre", { exact: true }).fill("Lola (version restaurée)");
  await page.getByRole("button", { name: "Enregistrer la fiche" }).click();
  await page.getByText("Fiche enregistrée.").waitFor();
  await page.getByRole("heading", { name: "Lola (version restaurée)" }).waitFor();
  await shot(page, "admin-4-film-reviewed");
  await accessible(page, assert);
  const lola = await call("GET", `/movies/${films.lola}`);
  assert.equal(lola.status, "VALIDATED");
  assert.deepEqual(lola.Categories.map((c) => c.name), ["Long métrage"]);
  assert.deepEqual(lola.Juries.map((j) => j.last_name).sort(), ["Perrin", "Varda"]);

  // The jury votes (through the API: their journey is tested on its own).
  await call("POST", `/votes/mine/${films.lola}`, { token: varda.token, json: { score: 9, comment: "Nantes en majesté." } });

  // An award, an event, the settings.
  await page.goto(`${baseURL}/#/admin/prix`);
  await page.getByRole("heading", { name: "Prix", level: 2 }).waitFor();
  await page.getByLabel("Nom du prix").fill("Grand Prix");
  await page.getByLabel("Film primé").selectOption({ label: "Lola (version restaurée)" });
  await page.getByRole("button", { name: "Décerner" }).click();
  await page.getByText("Grand Prix décerné à « Lola (version restaurée) ».").waitFor();
  await page.getByRole("cell", { name: "Grand Prix", exact: true }).waitFor();
  await shot(page, "admin-5-awards");
  await accessible(page, assert);

  await page.getByRole("navigation", { name: "Administration" }).locator("summary").click(); // "Plus"
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Événements" }).click();
  await page.getByRole("heading", { name: "Événements", level: 2 }).waitFor();
  await page.getByLabel("Nom").fill("Ciné-concert Michel Legrand");
  await page.getByLabel("Description").fill("Les musiques des films de Jacques Demy, en plein air.");
  await page.getByLabel("Début").fill("2027-06-13T21:30");
  await page.getByLabel("Fin").fill("2027-06-13T23:30");
  await page.getByLabel("Lieu").fill("Quai des Antilles");
  await page.getByLabel("Type").selectOption("MEETUP");
  await page.getByRole("button", { name: "Créer l'événement" }).click();
  await page.getByText("Événement créé : Ciné-concert Michel Legrand.").waitFor(); // the console's words, not the spec's "Evenment créée"
  await page.getByRole("heading", { name: "Ciné-concert Michel Legrand" }).waitFor();
  const events = await (await fetch(baseURL + "/events")).json();
  assert.equal(events.find((e) => e.name === "Ciné-concert Michel Legrand")?.event_type, "MEETUP", "the type chosen is the type stored");
  await shot(page, "admin-6-events");
  await accessible(page, assert);

  await page.getByRole("navigation", { name: "Administration" }).locator("summary").click(); // "Plus"
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Réglages" }).click();
  await page.getByRole("heading", { name: "Réglages", level: 2 }).waitFor();
  await page.getByLabel("Un membre du jury ne vote que pour les films qui lui sont assignés (recommandé)").check();
  await page.getByLabel("Échecs de connexion permis par adresse e-mail").fill("12");
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await page.getByText("Paramètres du festival mis à jour").waitFor();
  await shot(page, "admin-7-settings");
  await accessible(page, assert);
  const settings = await call("GET", "/settings", { token: admin.token });
  assert.equal(settings.jury_vote_assigned_only, true);
  assert.equal(settings.login_failures_per_account, 12, "the throttle's number typed is the number stored");

  // The calendar: submissions close in three days (the browser's time), and the redacted public view.
  const close = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  const p2 = (n) => String(n).padStart(2, "0");
  const closeLocal = `${close.getFullYear()}-${p2(close.getMonth() + 1)}-${p2(close.getDate())}T${p2(close.getHours())}:${p2(close.getMinutes())}`;
  await page.getByRole("group", { name: "Calendrier du festival" }).getByLabel("Clôture des soumissions").fill(closeLocal);
  // A category with a vote of its own, closing later.
  const own = page.getByRole("group", { name: "Fenêtres propres à une catégorie" }).getByRole("group").first();
  const ownName = await own.locator("legend").innerText();
  await own.getByLabel("Clôture du vote du jury").fill(closeLocal);
  await page.getByLabel("La vue expurgée : ni e-mail, ni commentaire, ni jury avant les résultats (recommandé)").check();
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await page.getByText("Paramètres du festival mis à jour").waitFor();
  await shot(page, "admin-7b-calendar");
  const season = await (await fetch(baseURL + "/season")).json();
  assert.equal(new Date(season.submissions_close_at).getTime(), new Date(closeLocal).getTime(), "the close typed is the close stored");
  assert.equal(season.public_film_view, "redacted");
  assert.equal(season.submissions_open_at, null, "a date left empty stays unset");
  const cats = await (await fetch(baseURL + "/categories")).json();
  const ownID = String(cats.find((c) => c.name === ownName).id_categorie);
  assert.deepEqual(Object.keys(season.category_windows), [ownID], "only the category given dates has a window");
  assert.equal(new Date(season.category_windows[ownID].voting_close_at).getTime(), new Date(closeLocal).getTime());
  // A late-entry code, issued from the same page.
  const deadline = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  const deadlineLocal = `${deadline.getFullYear()}-${p2(deadline.getMonth() + 1)}-${p2(deadline.getDate())}T${p2(deadline.getHours())}:${p2(deadline.getMinutes())}`;
  await page.getByLabel("Date limite du code").fill(deadlineLocal);
  await page.getByLabel("Utilisations").fill("3");
  await page.getByRole("button", { name: "Créer un code" }).click();
  await page.getByText("Code de soumission tardive créé : ").waitFor();
  await page.getByRole("cell", { name: "3 / 3" }).waitFor();
  const codes = await call("GET", "/settings/late-codes", { token: admin.token });
  assert.equal(codes.length, 1);
  assert.equal(codes[0].uses_left, 3);
  await shot(page, "admin-7c-late-code");
  await accessible(page, assert);
  // The other journeys share this festival: back to the specification's view.
  await call("PUT", "/settings", { token: admin.token, json: { public_film_view: "full", category_windows: null } });

  // Results, and the same as CSV.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Résultats" }).click();
  await page.getByRole("heading", { name: "Résultats", level: 2 }).waitFor();
  const first = page.getByRole("row").nth(1);
  await first.getByRole("link", { name: "Lola (version restaurée)" }).waitFor();
  // Rank, its 95% interval, then the film, its votes and its mean.
  assert.match(await first.innerText(), /^1\s+(place sûre : 1|entre 1 et \d+)\s+Lola \(version restaurée\)\s+1\s+9/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Télécharger en CSV" }).click()]);
  assert.equal(download.suggestedFilename(), "jury-results.csv");
  const csv = readFileSync(await download.path(), "utf8");
  assert.match(csv, /^rank,id_movie,title/);
  assert.match(csv, /Lola \(version restaurée\)/);
  await shot(page, "admin-8-results");
  await accessible(page, assert);

  await page.getByRole("navigation", { name: "Administration" }).locator("summary").click(); // "Plus"
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Journal" }).click();
  await page.getByRole("heading", { name: "Journal", level: 2 }).waitFor();
  await page.getByText("a donné le statut « confié au jury » au film", { exact: false }).first().waitFor();
  await page.getByLabel("Action").selectOption("movie.juries");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.waitForFunction(() => {
    const items = [...document.querySelectorAll("ol.audit > li")].map((li) => li.textContent);
    return items.length > 0 && items.every((a) => a.includes("a changé le jury du film"));
  });
  await page.getByText(/a changé le jury du film « Lola/).first().waitFor();
  await shot(page, "admin-9-audit");
  // The outbox: the films received and the decisions of this journey, mailed within seconds.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Messages" }).click();
  await page.getByRole("heading", { name: "Messages", level: 2 }).waitFor();
  await page.getByRole("button", { name: "Envoyés" }).click();
  await page.getByRole("cell", { name: "Film reçu" }).first().waitFor({ timeout: 20000 });
  await shot(page, "admin-9b-outbox");
  await accessible(page, assert);

  // The jury's progress: the members this journey assigned, with their counts.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Avancement du jury" }).click();
  await page.getByRole("heading", { name: "Avancement du jury", level: 2 }).waitFor();
  await page.getByRole("columnheader", { name: "À noter" }).waitFor();
  const progress = await call("GET", "/votes/progress", { token: admin.token });
  assert.ok(progress.length > 0, "the journey's jury members are listed");
  assert.equal(await page.locator("tbody tr").count(), progress.length, "one row per member");
  await shot(page, "admin-9c-jury-progress");
  await accessible(page, assert);
  await accessible(page, assert);

  // A film deleted; the public palmarès.
  await page.goto(`${baseURL}/#/films/${films.baie}`);
  await page.getByRole("button", { name: "Supprimer « La Baie des Anges »" }).click();
  await page.getByText("« La Baie des Anges » a été supprimé.").waitFor();
  assert.equal(await page.getByRole("link", { name: "La Baie des Anges" }).count(), 0);
  await page.getByRole("link", { name: "Palmarès" }).click();
  await page.getByText("Lola (version restaurée)").waitFor();
  await shot(page, "admin-10-palmares");
  await page.close();
});
