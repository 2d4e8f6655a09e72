// No French text outside the catalogues (src/i18n): every word the console
// shows comes from the catalogue of the active language. `npm run check`
// runs this test, so a French literal in a page fails the build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { frenchIn, frozenWords } from "./french.mjs";

const src = fileURLToPath(new URL("../src", import.meta.url));

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(src, "i18n") ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

test("the finder finds French and leaves English, names, keys and comments", () => {
  const found = frenchIn(
    [
      `// Un commentaire en français n'est pas un texte.`,
      `const a = "Aucun film n'a été soumis.";`,
      "const b = `Films notés : ${n}`;",
      `const c = <p>Enregistrer le film</p>;`,
      `const d = "Save the film";`,
      `const e = "/mes-films";`,
      `const f = "Film";`,
      `const g = <p class="meta">{words.film.title}</p>;`,
      `const h = "pour les films";`,
      `const i = <p>{words.film.awards} : {list}</p>;`,
      "const j = `${a}${words.colon}${b}`;",
    ].join("\n"),
  );
  assert.deepEqual(
    found.map((f) => f.line),
    [2, 3, 4, 9, 10],
  );
});

test("no French literal outside src/i18n", () => {
  const files = sources(src);
  assert.ok(files.length > 50, `only ${files.length} sources found under ${src}`);
  const found = files.flatMap((path) =>
    frenchIn(readFileSync(path, "utf8"), path).map((f) => `${relative(src, path)}:${f.line}: ${f.text}`),
  );
  assert.deepEqual(found, []);
});

test("the catalogue is read when a page renders, never once at start-up", () => {
  assert.deepEqual(
    frozenWords(`const a = words.nav.skip;\nconst b = () => words.nav.skip;\nfunction c() { return [words.nav.label]; }`).map((f) => f.line),
    [1],
  );
  const found = sources(src).flatMap((path) =>
    frozenWords(readFileSync(path, "utf8"), path).map((f) => `${relative(src, path)}:${f.line}: ${f.text}`),
  );
  assert.deepEqual(found, []);
});
