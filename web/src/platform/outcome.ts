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

export interface ResultLike {
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

/** The union's member named P; Relay flattens some unions (`__typename: string`), then all of it. */
type PayloadOf<R, P> = [Extract<R, { __typename: P }>] extends [never] ? R : Extract<R, { __typename: P }>;

/**
 * A mutation's result union as an outcome: ok when it is `payloadType` (with `value(payload)`,
 * else true), otherwise its typed error with the server's message (`failed`).
 */
export function payloadOutcome<R extends ResultLike, P extends R['__typename']>(result: R, payloadType: P, fallback: string): Outcome<true>;
export function payloadOutcome<R extends ResultLike, P extends R['__typename'], T>(
  result: R,
  payloadType: P,
  fallback: string,
  value: (payload: PayloadOf<R, P>) => T,
): Outcome<T>;
export function payloadOutcome<R extends ResultLike, P extends R['__typename'], T>(
  result: R,
  payloadType: P,
  fallback: string,
  value?: (payload: PayloadOf<R, P>) => T,
): Outcome<T | true> {
  if (result.__typename !== payloadType) return failed(result, fallback);
  return { ok: true, value: value ? value(result as PayloadOf<R, P>) : true };
}

/** A refusal told in the catalogue's words whatever the cause (where the spec has one message for all). */
export const catalogueFailure = (result: ResultLike, message: string): Outcome<never> => ({
  ok: false,
  message,
  field: null,
  refused: result.__typename !== '%other',
});

/** The plain success (no value to report). */
export const done: Outcome<true> = { ok: true, value: true };
