/**
 * The server's validation convention, one way for every domain:
 * - a domain's input is a zod schema built from the kit's field schemas (fields.ts, browser-safe,
 *   so the web's forms use the same pieces);
 * - `parseInput(schema, value)` parses it and, when anything is wrong, throws one ValidationError
 *   naming every field at fault (its first problem each), so a form shows them all at once;
 * - rules that need other fields or the database's facts (an expense's splits against its amount)
 *   run after, on `FieldProblems`, which reports the same way and in the same order.
 */
import type { z } from 'zod';
import { ValidationError, type FieldError } from './errors.js';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined };

const fieldOf = (issue: Issue, dropFirst: boolean) => {
  const path = (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p));
  return (dropFirst && path.length > 1 ? path.slice(1) : path).join('.');
};

/** Fields in the form's order (`order` lists the top-level names; others keep their place after). */
function ordered(errors: FieldError[], order?: readonly string[]) {
  if (!order) return errors;
  const rank = (f: FieldError) => {
    const at = order.indexOf(f.field.split('.')[0]!);
    return at < 0 ? order.length : at;
  };
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map((x) => x.e);
}

/** One ValidationError for the given field errors (the first is its message and field). */
function errorOf(fieldErrors: FieldError[]): ValidationError {
  const first = fieldErrors[0] ?? { field: '', message: 'The input is not valid.' };
  return new ValidationError(
    first.message,
    first.field || undefined,
    fieldErrors.filter((f) => f.field),
  );
}

/**
 * Zod (or any standard schema) issues as one ValidationError: every field's first problem.
 * `dropFirst` leaves out a leading argument name (GraphQL's `input`), so fields are named as the
 * input's own ("name", "destination.mainText").
 */
export function validationErrorFrom(issues: ReadonlyArray<Issue>, dropFirst = false, order?: readonly string[]): ValidationError {
  const problems = new FieldProblems();
  for (const issue of issues) problems.add(fieldOf(issue, dropFirst), issue.message);
  return errorOf(ordered(problems.list, order));
}

/** Parses `value` with `schema`, or throws a ValidationError naming every field at fault (in `order` when given). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, order?: readonly string[]): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error.issues, false, order);
  return result.data;
}

/**
 * The problems found so far, a field's first problem only. For the rules after `parseInput`:
 * `check` parses one more value on its own field, `add` records a rule's own finding, and
 * `throwIfAny` throws them all as one ValidationError.
 */
export class FieldProblems {
  readonly list: FieldError[] = [];

  add(field: string, message: string): void {
    if (!this.has(field)) this.list.push({ field, message });
  }

  has(field?: string): boolean {
    return field === undefined ? this.list.length > 0 : this.list.some((e) => e.field === field);
  }

  /** `value` parsed by `schema`, or undefined with its first issue recorded on `field`. */
  check<S extends z.ZodType>(field: string, schema: S, value: unknown): z.output<S> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    this.add(field, result.error.issues[0]!.message);
    return undefined;
  }

  /** Throws every problem as one ValidationError, in `order` when given. */
  throwIfAny(order?: readonly string[]): void {
    if (this.list.length) throw errorOf(ordered(this.list, order));
  }
}

/**
 * The problems a validator (any function that throws a ValidationError, such as a domain's
 * `validateTrip`) finds in `input`, none when it passes: how the web's forms run the server's
 * own rule before they send.
 */
export function problemsOf<I>(validate: (input: I) => unknown, input: I): FieldError[] {
  try {
    validate(input);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.fieldErrors.length ? error.fieldErrors : [{ field: error.field ?? '', message: error.message }];
  }
}
