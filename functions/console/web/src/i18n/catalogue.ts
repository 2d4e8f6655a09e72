import type { fr } from "./fr";

// Widen turns the French catalogue's type into the shape every catalogue
// must have: each text a string, each function the same parameters, each
// list and table the same keys. A translation typed as Catalogue that lacks
// a text, or has one too many, does not compile.
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => infer R
        ? (...args: A) => Widen<R>
        : { [K in keyof T]: Widen<T[K]> };

export type Catalogue = Widen<typeof fr>;
