import { render } from "preact";
import { session } from "./api/client";
import { fr } from "./i18n/fr";
import { Account } from "./pages/Account";
import { MyFilms } from "./pages/MyFilms";
import { SignUp } from "./pages/SignUp";
import { Submit } from "./pages/Submit";
import { Palmares } from "./pages/Palmares";
import { Programme } from "./pages/Programme";
import { Selection } from "./pages/Selection";
import { SignIn } from "./pages/SignIn";
import { useRoute } from "./router";
import "./style.css";

function Page({ route }: { route: string }) {
  const path = route.split("?")[0];
  switch (path) {
    case "/programme":
      return <Programme />;
    case "/palmares":
      return <Palmares />;
    case "/connexion":
      return <SignIn route={route} />;
    case "/compte":
      return <Account />;
    case "/inscription":
      return <SignUp />;
    case "/mes-films":
      return <MyFilms route={route} />;
    case "/soumettre":
      return <Submit />;
    default:
      return <Selection />;
  }
}

function App() {
  const route = useRoute();
  const signedIn = session.token() !== null;
  const producer = signedIn && session.role() === "PRODUCER";
  const link = (href: string, text: string) => (
    <a href={`#${href}`} aria-current={route.split("?")[0] === href ? "page" : undefined}>
      {text}
    </a>
  );
  return (
    <>
      <header>
        <h1>{fr.appName}</h1>
        <nav aria-label={fr.nav.label}>
          {link("/", fr.nav.selection)}
          {link("/programme", fr.nav.programme)}
          {link("/palmares", fr.nav.palmares)}
          {producer && link("/mes-films", fr.nav.myFilms)}
          {producer && link("/soumettre", fr.nav.submit)}
          {signedIn ? link("/compte", fr.nav.account) : link("/connexion", fr.nav.signIn)}
          {!signedIn && link("/inscription", fr.nav.signUp)}
          {signedIn && (
            <button
              type="button"
              class="link"
              onClick={() => {
                session.clear();
                location.hash = "/";
              }}
            >
              {fr.nav.signOut}
            </button>
          )}
        </nav>
      </header>
      <main>
        <Page route={route} />
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
