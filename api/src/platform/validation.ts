import type { z } from 'zod';
import { ValidationError, type FieldError } from './errors.js';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined };

/**
 * Zod (or any standard schema) issues as one ValidationError: every field's first problem, so
 * a form can show them all at once. `dropFirst` leaves out a leading argument name (GraphQL's
 * `input`), so fields are named as the input's own ("name", "destination.mainText").
 */
export function validationErrorFrom(issues: ReadonlyArray<Issue>, dropFirst = false): ValidationError {
  const seen = new Set<string>();
  const fieldErrors: FieldError[] = [];
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p));
    const field = (dropFirst && path.length > 1 ? path.slice(1) : path).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    fieldErrors.push({ field, message: issue.message });
  }
  const first = fieldErrors[0] ?? { field: '', message: 'The input is not valid.' };
  return new ValidationError(
    first.message,
    first.field || undefined,
    fieldErrors.filter((f) => f.field),
  );
}

/** Parses `value` with `schema`, or throws a ValidationError naming every field at fault. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(result.error.issues);
  return result.data;
}
