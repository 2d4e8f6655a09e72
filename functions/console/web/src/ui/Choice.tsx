import type { JSX } from "preact";

type Props = Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, "value" | "defaultValue"> & {
  initial: string;
  options: readonly (readonly [string, string])[];
};

// Choice is a select that starts on `initial` and then belongs to the person:
// a `value` would be put back by Preact on every render (a list that finishes
// loading would undo their choice), and `defaultValue` does not exist on a
// select, so the option is marked selected instead.
export function Choice({ initial, options, ...rest }: Props) {
  return (
    <select {...rest}>
      {options.map(([value, text]) => (
        <option key={value} value={value} selected={value === initial}>
          {text}
        </option>
      ))}
    </select>
  );
}
