import { ValidationError } from './errors.js';

/**
 * Control characters other than tab, line feed and carriage return. PostgreSQL refuses NUL in
 * text outright, and none of the others belongs in a name, a note or an address.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Half of a surrogate pair without its other half: not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A string with control characters removed and lone surrogates replaced (valid UTF-8 again). */
export function cleanText(value: string): string {
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Deeper than any input of ours; deeper input is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * Cleans every string (keys included) of a parsed JSON value: what both doors, REST bodies and
 * GraphQL variables, do before any service sees the input.
 */
export function cleanInput<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new ValidationError('The request is nested too deeply.');
  if (Array.isArray(value)) return value.map((v) => cleanInput(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  // Defined, not assigned: JSON.parse makes "__proto__" a plain key, and assigning it would make
  // its value the object's prototype, so fields under it would read as if they had been sent.
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, cleanText(k), { value: cleanInput(v, depth + 1), enumerable: true, writable: true, configurable: true });
  return out as T;
}
