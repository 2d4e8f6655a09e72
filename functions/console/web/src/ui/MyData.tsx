import { api, session } from "../api/client";
import { words } from "../i18n";
import { Feedback, useAction } from "./action";
import { saveBlob } from "./Entry";

// MyData is "Mes données": the export of everything the festival keeps of
// the person (prepared in the background; a message brings the link), and
// the erasure of their account, confirmed by their password.
export function MyData() {
  const exporting = useAction();
  const erasing = useAction();
  return (
    <section aria-labelledby="mydata-title" class="panel">
      <h3 id="mydata-title">{words.myData.title}</h3>
      <p>{words.myData.exportIntro}</p>
      <button type="button" disabled={exporting.busy} onClick={() => exporting.run(async () => (await api.exportMine()).message)}>
        {words.myData.export}
      </button>
      <Feedback of={exporting} />
      <form
        class="form danger"
        aria-labelledby="erase-title"
        onSubmit={(e) => {
          e.preventDefault();
          const password = String(new FormData(e.currentTarget as HTMLFormElement).get("password") ?? "");
          if (!confirm(words.myData.confirmErase)) return;
          erasing.run(async () => {
            await api.eraseMe(password);
            session.clear();
            location.hash = "/?compte-supprime=1";
          });
        }}
      >
        <h4 id="erase-title">{words.myData.eraseTitle}</h4>
        <p>{words.myData.eraseIntro}</p>
        <label>
          {words.myData.password}
          <input name="password" type="password" required autoComplete="current-password" />
        </label>
        <Feedback of={erasing} />
        <button type="submit" class="danger" disabled={erasing.busy}>
          {words.myData.erase}
        </button>
      </form>
    </section>
  );
}

// ExportDownload is what the export message's link opens
// (#/mes-donnees?export=<id>): the archive is the signed-in person's only, so
// the console asks the API for it with their session and hands it over.
export function ExportDownload({ id }: { id: string }) {
  const action = useAction();
  return (
    <section aria-labelledby="export-title" class="panel">
      <h3 id="export-title">{words.myData.file}</h3>
      <button type="button" disabled={action.busy} onClick={() => action.run(async () => (saveBlob(await api.exportFile(id), `festival-${id}.zip`), words.myData.ready))}>
        {words.myData.download}
      </button>
      <Feedback of={action} />
    </section>
  );
}
