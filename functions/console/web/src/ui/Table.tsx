import type { ComponentChildren } from "preact";

// Table is a data table with a caption for screen readers and a header row
// of column names; its children are the body's rows. A table wider than the
// page scrolls sideways in its own frame (reachable from the keyboard).
export function Table({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ComponentChildren }) {
  return (
    <div class="table-frame" role="region" aria-label={caption} tabIndex={0}>
      <table class="table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th scope="col" key={i}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
