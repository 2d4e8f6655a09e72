import type { Movie } from "../api/client";

// The film's own fields as an edit form shows them: one input per field,
// the runtime in minutes (the API keeps seconds). The producer's entry edit
// and the admins' review share them.
export type FilmField = "title" | "synopsis" | "duration" | "release_year" | "nationality" | "main_language" | "admin_comment";
export type FieldKind = "text" | "textarea" | "minutes" | "number";
export type FieldSpec = readonly [FilmField, FieldKind, string];

export function FilmFieldInputs({ m, fields }: { m: Movie; fields: readonly FieldSpec[] }) {
  return (
    <>
      {fields.map(([k, kind, label]) => {
        const value = k === "duration" ? (m.duration ? String(Math.round(m.duration / 60)) : "") : String(m[k] ?? "");
        return (
          <label key={k}>
            {label}
            {kind === "textarea" ? (
              <textarea name={k} rows={3} defaultValue={value} />
            ) : (
              <input name={k} type={kind === "text" ? "text" : "number"} defaultValue={value} required={k === "title"} />
            )}
          </label>
        );
      })}
    </>
  );
}

// filmFieldValues reads the fields filled in, as the API takes them
// (minutes back to seconds, numbers as numbers); an empty field is left out.
export function filmFieldValues(f: FormData, fields: readonly FieldSpec[]): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const [k, kind] of fields) {
    const v = String(f.get(k) ?? "").trim();
    if (v === "") continue;
    body[k] = kind === "minutes" ? Math.round(Number(v) * 60) : kind === "number" ? Number(v) : v;
  }
  return body;
}
