// frenchIn finds the French texts of a console source file outside the
// catalogues: every string literal, template text and JSX text with an
// accented letter or French punctuation (" : "), or, when it is a phrase (it
// has a space), two common French words. Comments are not texts. It reads the file with TypeScript's own
// parser, so that a text is found wherever it sits.
import ts from "typescript";

const accented = /[àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ«»]/;
const frenchWords = new Set(
  ("le la les un une des du de au aux et ou est sont pour avec sans dans sur par pas plus aucun aucune " +
    "vous votre vos nous notre ce cette ces qui que quand mais ne tous toutes film films fichier envoyer " +
    "enregistrer supprimer modifier retirer choisir ajouter annuler connexion compte jury juré jurés note")
    .split(" "),
);

// French typography: a space before a colon, a semicolon, "?" or "!".
const frenchPunctuation = /\s[:;?!](\s|$)/;

function isFrench(text) {
  if (accented.test(text) || frenchPunctuation.test(text)) return true;
  if (!/\s/.test(text.trim())) return false; // a name, a key, a path: not a phrase
  const found = text.toLowerCase().match(/[a-zà-ÿ]+/g) ?? [];
  // Two French words: one alone ("Film", "Note", "Date") is English too.
  return found.filter((w) => frenchWords.has(w)).length >= 2;
}

export function frenchIn(source, fileName = "file.tsx") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  const visit = (node) => {
    let text = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text = node.text;
    else if (ts.isJsxText(node)) text = node.text;
    if (text !== null && text.trim() && isFrench(text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      out.push({ line: line + 1, text: text.trim() });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

// frozenWords finds the catalogue read outside any function (`words.x` at a
// module's top level): read once at start-up, it would keep the first
// language after a switch.
export function frozenWords(source, fileName = "file.tsx") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  const visit = (node, inFunction) => {
    const fn = inFunction || ts.isFunctionLike(node);
    if (!fn && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "words") {
      out.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText() });
    }
    ts.forEachChild(node, (child) => visit(child, fn));
  };
  visit(file, false);
  return out;
}
