/**
 * The validation kit's field schemas (zod, browser-safe): the pieces every domain's rules are built
 * from, so "blank", "a calendar day" and "an amount of money" mean the same everywhere. Each takes
 * the domain's own messages; `parseInput` (validation.ts) turns their issues into one
 * ValidationError naming every field at fault.
 */
import { z } from 'zod';
import { checkAmount, largestAmount } from './amountRule.js';
import { calendarDate } from './calendarDate.js';
import { fill } from './fill.js';
import { isUuid } from './ids.js';

/** Text trimmed; anything else left for the schema to refuse (text fields take text). */
export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** Decimal text as typed, or a JSON number written out ("12.5"), for amounts and rates. */
export const decimal = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : trimmed(v));

/** Trimmed, and blank (or absent, or null) as null. */
export const blankToNull = (v: unknown) => {
  const t = trimmed(v);
  return t === '' || t === undefined || t === null ? null : t;
};

/** A code as typed in any case ("eur", " Food "), upper-cased; blank as null. */
export const upperOrNull = (v: unknown) => {
  const t = blankToNull(v);
  return typeof t === 'string' ? t.toUpperCase() : t;
};

/** Required text of at most `max` characters (longer is refused, never cut). */
export const requiredText = (max: number, m: { required: string; tooLong: string }) =>
  z.preprocess(blankToNull, z.string({ error: m.required }).max(max, fill(m.tooLong, { max })));

/** Optional text of at most `max` characters; blank is null. */
export const optionalText = (max: number, m: { tooLong: string }) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: fill(m.tooLong, { max }) })
      .max(max, fill(m.tooLong, { max }))
      .nullable(),
  );

/** One of `values`, typed in any case; blank is `fallback`. */
export const choice = <T extends string>(values: readonly T[], message: string, fallback: T) =>
  z.preprocess((v) => upperOrNull(v) ?? fallback, z.enum(values as [T, ...T[]], { error: message }));

/** A calendar day typed as YYYY-MM-DD (a real day), as the UTC midnight a DATE column takes. */
export const calendarDay = (m: { required: string; invalid: string }) =>
  z.preprocess(
    blankToNull,
    z.string({ error: m.required }).transform((day, ctx) => calendarDate(day) ?? (ctx.addIssue({ code: 'custom', message: m.invalid }), z.NEVER)),
  );

/** An optional calendar day: blank is null, anything else must be a real YYYY-MM-DD day. */
export const optionalCalendarDay = (invalid: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: invalid })
      .transform((day, ctx) => calendarDate(day) ?? (ctx.addIssue({ code: 'custom', message: invalid }), z.NEVER))
      .nullable(),
  );

/** An optional id: blank is null, anything else must be a UUID. */
export const optionalUuid = (message: string) => z.preprocess(blankToNull, z.string({ error: message }).refine(isUuid, message).nullable());

/**
 * A positive amount of `currency` typed as decimal text, as minor units within the currency's
 * bounds (its exponent's decimals at most, and what a money column holds: 21474836.47 USD,
 * 2147483647 JPY). `tooLarge` gets `{max}` filled with the largest amount and the currency.
 */
export const moneyAmount = (currency: string, m: { invalid: string; tooLarge: string }) =>
  z.preprocess(
    (v) => decimal(v) ?? '',
    z.string({ error: m.invalid }).transform((text, ctx) => {
      const parsed = checkAmount(text, currency);
      if (parsed.ok) return parsed.amountMinor;
      const message = parsed.problem === 'tooLarge' ? fill(m.tooLarge, { max: `${largestAmount(currency)} ${currency}` }) : m.invalid;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
  );
