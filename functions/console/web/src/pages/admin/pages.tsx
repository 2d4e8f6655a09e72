import type { JSX } from "preact";
import { Assignment } from "./Assignment";
import { Audit } from "./Audit";
import { Awards } from "./Awards";
import { Board } from "./Board";
import { Categories } from "./Categories";
import { EditionsPage } from "./Editions";
import { EntryForm } from "./EntryForm";
import { Events } from "./Events";
import { Outbox } from "./Outbox";
import { Progress } from "./Progress";
import { Results } from "./Results";
import { Settings } from "./Settings";
import { Users } from "./Users";
import { Writing } from "./Writing";

// The administration's pages are one chunk of their own, loaded the first
// time an admin opens one (main.tsx, AdminRoute): the public, producers and
// jurors never download them.
export function adminPage(path: string, route: string): JSX.Element | null {
  switch (path) {
    case "/admin":
      return <Board route={route} />;
    case "/admin/utilisateurs":
      return <Users />;
    case "/admin/categories":
      return <Categories />;
    case "/admin/evenements":
      return <Events />;
    case "/admin/prix":
      return <Awards />;
    case "/admin/resultats":
      return <Results />;
    case "/admin/reglages":
      return <Settings />;
    case "/admin/formulaire":
      return <EntryForm />;
    case "/admin/journal":
      return <Audit />;
    case "/admin/messages":
      return <Outbox />;
    case "/admin/ecrire":
      return <Writing />;
    case "/admin/jury":
      return <Progress />;
    case "/admin/assignation":
      return <Assignment />;
    case "/admin/editions":
      return <EditionsPage />;
    default:
      return null;
  }
}
