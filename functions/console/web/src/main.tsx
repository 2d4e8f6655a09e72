import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, session } from "./api/client";
import { scopeReads, shownEdition } from "./editions";
import { lang, langs, onLang, ready, setLang, words, type Lang } from "./i18n";
import { Account } from "./pages/Account";
import { Reset } from "./pages/Reset";
import { Film } from "./pages/Film";
import { Jury } from "./pages/Jury";
import { MyFilms } from "./pages/MyFilms";
import { Notices } from "./pages/Notices";
import { Palmares } from "./pages/Palmares";
import { Programme } from "./pages/Programme";
import { Selection } from "./pages/Selection";
import { SignIn } from "./pages/SignIn";
import { SignUp } from "./pages/SignUp";
import { Setup, SetupOffer } from "./pages/Setup";
import { Confirm, Unconfirmed } from "./pages/Confirm";
import { Submit } from "./pages/Submit";
import { param, useRoute } from "./router";
import { installValidity } from "./ui/validity";
import { Bell } from "./ui/Bell";
import "./style.css";

type AdminPages = typeof import("./pages/admin/pages");
let adminPages: Promise<AdminPages> | undefined;

// AdminRoute shows an administration page from its own chunk, loaded once,
// the first time an admin opens one.
function AdminRoute({ path, route }: { path: string; route: string }) {
  const [pages, setPages] = useState<AdminPages | null>(null);
  const [failed, setFailed] = useState("");
  useEffect(() => {
    (adminPages ??= import("./pages/admin/pages")).then(setPages, (err) => {
      adminPages = undefined;
      setFailed(String(err));
    });
  }, []);
  if (failed) return <p role="alert" class="error">{failed}</p>;
  if (!pages) return <p role="status">{words.loading}</p>;
  return pages.adminPage(path, route) ?? <Selection erased={false} />;
}

function Page({ route }: { route: string }) {
  const path = route.split("?")[0];
  if (path === "/admin" || path.startsWith("/admin/")) return <AdminRoute path={path} route={route} />;
  const film = /^\/films\/(\d+)$/.exec(path);
  if (film) return <Film id={Number(film[1])} vue={param(route, "vue")} />;
  switch (path) {
    case "/programme":
      return <Programme />;
    case "/palmares":
      return <Palmares edition={param(route, "edition")} />;
    case "/connexion":
      return <SignIn route={route} />;
    case "/compte":
      return <Account />;
    case "/mes-donnees":
      // The export's message links here (#/mes-donnees?export=<id>).
      return <Account archive={param(route, "export")} />;
    case "/inscription":
      return <SignUp />;
    case "/mes-films":
      return <MyFilms route={route} />;
    case "/soumettre":
      return <Submit />;
    case "/jury":
      return <Jury />;
    case "/avis":
      return <Notices />;
    case "/mot-de-passe":
      return <Reset key={route} route={route} />;
    case "/installation":
      return <Setup />;
    case "/confirmer":
      // The confirmation message links here (#/confirmer?jeton=<token>).
      return <Confirm key={route} route={route} />;
    default:
      return <Selection erased={param(route, "compte-supprime") !== null} />;
  }
}

// choose makes a language the console's and, for a signed-in person, their
// account's (PUT /users/me): their e-mails follow it. The console speaks it
// at once; an API that cannot store it yet leaves the choice to this browser.
function choose(l: Lang) {
  void setLang(l);
  if (session.token()) api.updateMe({ language: l }).catch(() => undefined);
}

// LangSwitch is on every page: FR | EN.
function LangSwitch() {
  return (
    <div class="lang" role="group" aria-label={words.lang.label}>
      {langs.map((l) => (
        <button key={l} type="button" lang={l} title={words.lang.names[l]} aria-pressed={l === lang} onClick={() => choose(l)}>
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

function App() {
  const route = useRoute();
  const [, redraw] = useState(0);
  useEffect(() => onLang(() => redraw((n) => n + 1)), []);
  const role = session.token() ? session.role() : null;
  const path = route.split("?")[0];
  scopeReads(path);
  const link = (href: string, text: string, current = path === href) => (
    <a href={`#${href}`} aria-current={current ? "page" : undefined}>
      {text}
    </a>
  );
  return (
    <>
      <a class="skip" href="#contenu" onClick={(e) => (e.preventDefault(), document.getElementById("contenu")?.focus())}>
        {words.nav.skip}
      </a>
      <header>
        <h1>{words.appName}</h1>
        <nav aria-label={words.nav.label}>
          {link("/", words.nav.selection)}
          {link("/programme", words.nav.programme)}
          {link("/palmares", words.nav.palmares)}
          {role === "PRODUCER" && link("/mes-films", words.nav.myFilms)}
          {role === "PRODUCER" && link("/soumettre", words.nav.submit)}
          {role === "JURY" && link("/jury", words.nav.jury)}
          {role === "ADMIN" && link("/admin", words.nav.admin, path.startsWith("/admin"))}
          {role && <Bell route={route} current={path === "/avis"} />}
          {role ? link("/compte", words.nav.account) : link("/connexion", words.nav.signIn)}
          {!role && link("/inscription", words.nav.signUp)}
          {role && (
            <button
              type="button"
              class="link"
              onClick={() => {
                session.clear();
                shownEdition.set(null);
                location.hash = "/";
              }}
            >
              {words.nav.signOut}
            </button>
          )}
        </nav>
        <LangSwitch />
      </header>
      <main id="contenu" tabIndex={-1}>
        {!role && (path === "/" || path === "/connexion") && <SetupOffer />}
        {path !== "/confirmer" && <Unconfirmed /> /* the confirmation page says where the address stands */}
        <Page route={route} />
      </main>
    </>
  );
}

// Every form's refusals of a field in the console's words (ui/validity.ts).
installValidity();
ready.then(() => render(<App />, document.getElementById("app")!));
