// The direct upload of a large file: the API presigns one S3 URL per part
// (POST /movies/{id}/uploads), the browser PUTs each slice of the file
// straight to S3, and the API checks and attaches the result
// (POST /movies/{id}/uploads/complete). The film never passes through a
// function, so its size is not bounded by a Lambda payload.
//
// A dropped connection costs at most the part in flight: a failed part is
// retried with backoff (waiting for the browser to be back online), and the
// ETags of the parts S3 has accepted are kept in localStorage, so sending
// the same file again, even after closing the page, sends only the parts
// still missing while their URLs are valid.
import { api, ApiError, type DirectPart, type UploadStarted } from "./client";
import { words } from "../i18n";

export type Progress = { sent: number; total: number; retrying: boolean; resumed: number };

type Saved = { file: string; started: UploadStarted; etags: Record<number, string> };

// Part URLs must outlive the upload of the parts still to send.
const minValidity = 10 * 60 * 1000;
const maxAttempts = 8;

const storageKey = (id: number, part: DirectPart) => `festival.upload.${id}.${part}`;
const fingerprint = (f: File) => `${f.name}|${f.size}|${f.lastModified}`;

function load(key: string, file: File): Saved | null {
  try {
    const s = JSON.parse(localStorage.getItem(key) ?? "null") as Saved | null;
    if (s && s.file === fingerprint(file) && Date.parse(s.started.expiresAt) - Date.now() > minValidity) return s;
  } catch {
    // unreadable: start again
  }
  localStorage.removeItem(key);
  return null;
}

// putPart sends one slice and answers S3's ETag; onBytes reports progress
// within the part.
function putPart(url: string, body: Blob, onBytes: (n: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader("ETag");
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new PartError(xhr.status));
    };
    xhr.onerror = () => reject(new PartError(0));
    xhr.onabort = () => reject(new PartError(0));
    xhr.send(body);
  });
}

class PartError extends Error {
  constructor(readonly status: number) {
    super(`part refused (${status})`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function online(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((r) => window.addEventListener("online", () => r(), { once: true }));
}

export async function uploadDirect(id: number, part: DirectPart, file: File, onProgress: (p: Progress) => void) {
  const key = storageKey(id, part);
  let saved = load(key, file);
  if (!saved) {
    saved = { file: fingerprint(file), started: await api.startUpload(id, part, file.size), etags: {} };
    localStorage.setItem(key, JSON.stringify(saved));
  }
  const { started, etags } = saved;
  const done = (n: number) => n in etags;
  const resumed = started.parts.filter((p) => done(p.number)).length;
  let sent = started.parts.filter((p) => done(p.number)).reduce((a, p) => a + p.size, 0);
  const report = (inFlight: number, retrying = false) =>
    onProgress({ sent: sent + inFlight, total: file.size, retrying, resumed });
  report(0);
  for (const p of started.parts) {
    if (done(p.number)) continue;
    const start = (p.number - 1) * started.part_size;
    const body = file.slice(start, start + p.size);
    for (let attempt = 1; ; attempt++) {
      try {
        etags[p.number] = await putPart(p.url, body, (n) => report(n));
        break;
      } catch (err) {
        // A 4xx from S3 (an expired or refused URL) will not heal by retrying.
        const status = err instanceof PartError ? err.status : 0;
        if ((status >= 400 && status < 500) || attempt >= maxAttempts) {
          if (status === 403) localStorage.removeItem(key);
          throw new ApiError(status, words.upload.interrupted);
        }
        report(0, true);
        await online();
        await sleep(Math.min(1000 * 2 ** (attempt - 1), 15000));
      }
    }
    sent += p.size;
    localStorage.setItem(key, JSON.stringify(saved));
    report(0);
  }
  try {
    return await api.completeUpload(id, {
      part,
      name: started.name,
      upload_id: started.upload_id,
      parts: started.parts.map((p) => ({ number: p.number, etag: etags[p.number] })),
    });
  } finally {
    // Completed, or refused by the API (a file that is not a film): either
    // way this upload cannot be resumed.
    localStorage.removeItem(key);
  }
}
