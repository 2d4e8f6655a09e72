import type { Category } from "../api/client";

// CategorySelect picks one category by id ("" for the first, unnamed choice:
// all categories, or none, as none says).
export function CategorySelect(props: { label: string; none: string; value: string; categories: Category[]; onChange: (id: string) => void }) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">{props.none}</option>
        {props.categories.map((c) => (
          <option key={c.id_categorie} value={String(c.id_categorie)}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
