// The board's view: its sort, filters and page, kept in the address
// (#/admin?sort=mean&order=desc&status=selected&page=2) so that a reload or a
// shared link shows the same films, and carried to a film's page
// (#/films/12?vue=...) so that the review moves through the same list.

export const sorts = ["title", "runtime", "country", "category", "submitted", "file", "status", "votes", "mean"] as const;
export type Sort = (typeof sorts)[number];
export const fileStates = ["received", "missing", "flagged"] as const;
export const perPages = [25, 50, 100, 200] as const;

export type View = {
  sort: Sort;
  order: "asc" | "desc";
  status: string;
  category: string;
  q: string;
  tag: string;
  file: string;
  incomplete: boolean;
  page: number;
  per_page: number;
};

// The console's own default: the newest films first (the API's default is
// the oldest first), so what just arrived is on the first page.
export const defaults: View = {
  sort: "submitted",
  order: "desc",
  status: "",
  category: "",
  q: "",
  tag: "",
  file: "",
  incomplete: false,
  page: 1,
  per_page: 50,
};

const int = (s: string | null, min: number, max: number, or: number) => {
  const n = Number(s);
  return s !== null && Number.isInteger(n) && n >= min && n <= max ? n : or;
};

// readView reads a view from a query string; a value the board does not know
// falls back to its default (a hand-edited address still shows a board), the
// sort and order to those of base.
export function readView(query: string, base: Pick<View, "sort" | "order"> = defaults): View {
  const p = new URLSearchParams(query);
  const sort = p.get("sort") as Sort | null;
  return {
    sort: sort && sorts.includes(sort) ? sort : base.sort,
    order: p.get("order") === "asc" ? "asc" : p.get("order") === "desc" ? "desc" : base.order,
    status: p.get("status") ?? "",
    category: /^\d{1,9}$/.test(p.get("category") ?? "") ? p.get("category")! : "",
    q: (p.get("q") ?? "").slice(0, 100),
    tag: (p.get("tag") ?? "").slice(0, 30),
    file: fileStates.includes(p.get("file") as never) ? p.get("file")! : "",
    incomplete: p.get("incomplete") === "true",
    page: int(p.get("page"), 1, 1e6, 1),
    per_page: int(p.get("per_page"), 10, 200, defaults.per_page),
  };
}

// query writes a view as the API reads it: every value the API needs, in
// a fixed order; paged: with its page (an address), or without (a saved view).
export function query(v: View, paged = true): string {
  const p = new URLSearchParams({ sort: v.sort, order: v.order });
  if (v.status) p.set("status", v.status);
  if (v.category) p.set("category", v.category);
  if (v.q.trim()) p.set("q", v.q.trim());
  if (v.tag) p.set("tag", v.tag);
  if (v.file) p.set("file", v.file);
  if (v.incomplete) p.set("incomplete", "true");
  if (v.per_page !== defaults.per_page) p.set("per_page", String(v.per_page));
  if (paged && v.page > 1) p.set("page", String(v.page));
  return p.toString();
}

// savedView reads a saved view: the API keeps its query in its canonical
// form, which leaves out the API's own defaults (the oldest first), not the
// console's (the newest first).
export const savedView = (q: string) => readView(q, { sort: "submitted", order: "asc" });

// boardHref is the board's address for a view; filmHref a film's, opened
// from that view.
export const boardHref = (v: View) => `#/admin?${query(v)}`;
export const filmHref = (id: number, v: View) => `#/films/${id}?vue=${encodeURIComponent(query(v))}`;

// fold is a text as the board's search compares it: lower case, without accents.
export const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim();
