// The browser toolkit of the console's tests: Debian's Chromium driven by
// playwright-core (never a browser Playwright downloads), a screenshot per
// step, and an axe-core accessibility check per page.
import { mkdirSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const shots = join(here, "..", "test-results");
export const baseURL = process.env.FESTIVAL_URL;
if (!baseURL) throw new Error("FESTIVAL_URL is not set: run the tests through `make test` (go run ./infra/cmd/withapi ...)");

const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";

export async function launch() {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium is not at ${executablePath}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM`);
  }
  mkdirSync(shots, { recursive: true });
  return chromium.launch({
    executablePath,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ], // Playwright gives each launch a fresh, empty profile.
  });
}

// page opens a page; the page's Content-Security-Policy is bypassed only so
// that axe-core can be injected into it.
export async function page(browser) {
  const context = await browser.newContext({ bypassCSP: true, locale: "fr-FR" });
  return context.newPage();
}

// shot saves a full-page screenshot named after the journey and the step.
export async function shot(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

// accessible fails on any serious or critical axe-core violation of the page.
export async function accessible(page, assert) {
  await page.addScriptTag({ path: join(here, "..", "node_modules", "axe-core", "axe.min.js") });
  const result = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ["violations"] }));
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`), []);
}

// The API, spoken from the test to seed a festival.
export async function call(method, path, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const resp = await fetch(baseURL + path, { method, headers, body });
  const text = await resp.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!resp.ok) throw new Error(`${method} ${path}: ${resp.status} ${text}`);
  return data;
}

let n = 0;
export async function account(role, first_name = role === "PRODUCER" ? "Jacques" : "Agnès", last_name = role === "PRODUCER" ? "Demy" : "Varda") {
  const email = `${role.toLowerCase()}.${Date.now()}.${n++}@example.org`;
  const password = "motdepasse1";
  const created = await call("POST", "/auth/register", { json: { first_name, last_name, email, password, role } });
  const login = await call("POST", "/auth/login", { json: { email, password } });
  return { email, password, token: login.data.token, id: created.newUser.id_user, name: `${first_name} ${last_name}` };
}

// signIn signs a person in through the console's own form, on the shared
// festival or on a journey's own (base: its url).
export async function signIn(page, who, base = baseURL) {
  await page.goto(base + "/#/connexion");
  await page.getByLabel("Adresse e-mail").fill(who.email);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("heading", { name: "Mon compte" }).waitFor();
}

// film records a real, playable MP4 of a few seconds in Chromium itself
// (a canvas through MediaRecorder), so the screening room has a film to play
// without a video file in the repository.
export async function film(browser, seconds) {
  const page = await browser.newPage();
  const bytes = await page.evaluate(async (ms) => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 320, height: 180 });
    const g = canvas.getContext("2d");
    const rec = new MediaRecorder(canvas.captureStream(10), { mimeType: "video/mp4;codecs=avc1.42E01E" });
    const chunks = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    let i = 0;
    const draw = setInterval(() => {
      g.fillStyle = `hsl(${(i * 12) % 360} 55% 45%)`;
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = "#fff";
      g.font = "32px sans-serif";
      g.fillText(`Plan ${++i}`, 100, 100);
    }, 100);
    rec.start();
    await new Promise((r) => setTimeout(r, ms));
    rec.stop();
    clearInterval(draw);
    await new Promise((r) => (rec.onstop = r));
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  }, seconds * 1000);
  await page.close();
  return Buffer.from(bytes);
}

export const srt = Buffer.from("1\n00:00:00,500 --> 00:00:05,000\nBonjour, Cherbourg.\n\n2\n00:00:05,500 --> 00:00:09,000\nAu revoir.\n");

// The smallest files the API accepts: an MP4 header and a PNG.
export const mp4 = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 105, 115, 111, 109, 0, 0, 2, 0, 105, 115, 111, 109, 105, 115, 111, 50]);
export const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

// ownAPI starts a festival of the journey's own (withapi: the local API on
// its own table and bucket, in the DynamoDB Local of the run), for a
// journey that changes what every other journey relies on (the festival's
// language-free settings, its publication, its edition). stop ends it.
export async function ownAPI() {
  const { spawn } = await import("node:child_process");
  const root = join(here, "..", "..", "..", "..");
  const child = spawn(
    process.env.GO || "go",
    ["run", "./infra/cmd/withapi", "node", "-e", "console.log('FESTIVAL_SETUP_CODE=' + process.env.FESTIVAL_SETUP_CODE + ' FESTIVAL_URL=' + process.env.FESTIVAL_URL); setInterval(() => {}, 1 << 30)"],
    { cwd: root, detached: true, stdio: ["ignore", "pipe", "inherit"] },
  );
  let setupCode = "";
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (b) => {
      out += b;
      const m = /FESTIVAL_SETUP_CODE=(\S*) FESTIVAL_URL=(\S+)/.exec(out);
      if (m) {
        setupCode = m[1]; // what `make run` prints: the first admin's setup code (tests/firstrun.test.mjs)
        resolve(m[2]);
      }
    });
    child.on("exit", (code) => reject(new Error(`withapi ended (${code}) before its API was up: ${out}`)));
  });
  return {
    url,
    setupCode,
    // The whole group: go run, withapi and its node.
    stop: () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already ended
      }
    },
  };
}

// api speaks to one festival (the shared one, or a journey's own).
export function festival(base) {
  const speak = async (method, path, { token, json, form, lang } = {}) => {
    const headers = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lang) headers["Accept-Language"] = lang;
    let body;
    if (json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const resp = await fetch(base + path, { method, headers, body });
    const text = await resp.text();
    if (!resp.ok) throw new Error(`${method} ${path}: ${resp.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  let n = 0;
  const person = async (role, first_name, last_name, language) => {
    const email = `${role.toLowerCase()}.${Date.now()}.${n++}@example.org`;
    const password = "password1";
    const created = await speak("POST", "/auth/register", { json: { first_name, last_name, email, password, role, ...(language ? { language } : {}) } });
    const login = await speak("POST", "/auth/login", { json: { email, password } });
    return { email, password, token: login.data.token, id: created.newUser.id_user, name: `${first_name} ${last_name}` };
  };
  return { url: base, call: speak, account: person };
}
