/**
 * Mutation results as every screen uses them: ok with a value, or the message to show (the
 * server's typed error, else the catalogue's fallback), the input field at fault, and whether
 * the server refused (its own words; the screen's data may be stale) or the request failed.
 */
export type Outcome<T = true> =
  | { ok: true; value: T }
  | {
      ok: false;
      message: string;
      field: string | null;
      fieldErrors?: readonly { readonly field: string; readonly message: string }[];
      /** True when the server answered with a typed error; false when the request itself failed. */
      refused: boolean;
    };

interface ResultLike {
  readonly __typename: string;
  readonly message?: string;
  readonly field?: string | null;
  /** A ValidationError's every field at fault, when the mutation asked for them. */
  readonly fieldErrors?: readonly { readonly field: string; readonly message: string }[];
}

/** A typed error of a mutation's result union as a failed outcome. */
export function failed(result: ResultLike, fallback: string): Outcome<never> {
  if (result.__typename === '%other') return { ok: false, message: fallback, field: null, refused: false };
  return { ok: false, message: result.message || fallback, field: result.field ?? null, fieldErrors: result.fieldErrors ?? [], refused: true };
}

export const networkFailure = (fallback: string): Outcome<never> => ({ ok: false, message: fallback, field: null, refused: false });
