/**
 * Money: an integer number of minor units of an ISO 4217 currency. Never a float: amounts are
 * parsed from decimal text digit by digit and formatted back the same way, and each currency's
 * exponent (how many minor units make a major one: JPY 0, USD 2, KWD 3) comes from the
 * runtime's ISO 4217 data rather than an assumed hundred.
 */
export interface Money {
  /** Minor units (cents for USD, yen for JPY, fils for KWD). */
  amountMinor: number;
  currency: string;
}

const exponents = new Map<string, number>();

/** True for a three-letter code the runtime knows as a currency. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return true;
  }
}

/** Digits after the decimal point in `currency`'s major unit (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyExponent(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    e = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, e);
  }
  return e;
}

export type ParseMoneyProblem = 'format' | 'tooManyDecimals' | 'tooLarge';

/**
 * "1250.5" USD -> 125050; "1250" JPY -> 1250; "1.234" KWD -> 1234. Returns a problem instead of
 * throwing, so each domain words it in its own messages. `maxMinor` bounds the result.
 */
export function parseMoney(
  text: string,
  currency: string,
  maxMinor = Number.MAX_SAFE_INTEGER,
): { ok: true; amountMinor: number } | { ok: false; problem: ParseMoneyProblem } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return { ok: false, problem: 'format' };
  const exponent = currencyExponent(currency);
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, problem: 'tooManyDecimals' };
  if (whole.length + exponent > 15) return { ok: false, problem: 'tooLarge' };
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  if (minor > maxMinor) return { ok: false, problem: 'tooLarge' };
  return { ok: true, amountMinor: minor };
}

/** 125050 USD -> "1250.50"; 1250 JPY -> "1250"; -5 USD -> "-0.05". Plain decimal text, no grouping. */
export function formatMoneyDecimal(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(amountMinor))).padStart(exponent + 1, '0');
  return exponent === 0 ? sign + digits : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** For people: "$1,250.50", "¥1,250", in the given locale. */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  // The decimal text goes to Intl as a string, so no float ever holds the amount.
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(formatMoneyDecimal(amountMinor, currency) as unknown as number);
}

/**
 * Splits `amountMinor` into shares proportional to `weights` that add up exactly: each share is
 * rounded down, and the leftover minor units go one each to the largest remainders. Ties go in
 * order from the weight at `firstTie` (0 by default), wrapping round: a stable rule, so the same
 * split always gives the same cents to the same people, and a caller can say who comes first.
 */
export function apportion(amountMinor: number, weights: readonly number[], firstTie = 0): number[] {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amount must be an integer number of minor units');
  if (weights.length === 0) return [];
  // A negative amount (a refund) is shared as its opposite, so the same people get the extra units.
  if (amountMinor < 0) return apportion(-amountMinor, weights, firstTie).map((s) => -s);
  const n = weights.length;
  const start = ((Math.trunc(firstTie) % n) + n) % n;
  const turn = (i: number) => (i - start + n) % n;
  const scaled = weights.map((w) => BigInt(Math.round(w * 1_000_000)));
  const total = scaled.reduce((a, b) => a + b, 0n);
  if (total <= 0n || scaled.some((w) => w < 0n)) throw new RangeError('weights must be non-negative with a positive total');
  const amount = BigInt(amountMinor);
  const shares = scaled.map((w) => (amount * w) / total);
  const remainders = scaled.map((w, i) => ({ i, r: (amount * w) % total }));
  let left = Number(amount - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? turn(a.i) - turn(b.i) : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

/** Digits a rate may carry after its decimal point (the database keeps ten). */
export const RATE_DECIMALS = 10;

/**
 * A rate typed as decimal text ("1.0825": units of the target currency per unit of the source)
 * as an integer of 10^-RATE_DECIMALS units, or null when it is not a positive decimal that fits.
 */
export function parseRate(text: string): bigint | null {
  const m = /^(\d{1,9})(?:\.(\d{1,10}))?$/.exec(text.trim());
  if (!m) return null;
  const scaled = BigInt(m[1]! + (m[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  return scaled > 0n ? scaled : null;
}

/** 10825000000n -> "1.0825". */
export function formatRate(scaled: bigint): string {
  const digits = scaled.toString().padStart(RATE_DECIMALS + 1, '0');
  const fraction = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return digits.slice(0, -RATE_DECIMALS) + (fraction ? `.${fraction}` : '');
}

/**
 * `amountMinor` of `from` in minor units of `to` at `rate` (from parseRate), rounded half away
 * from zero, in integers throughout: 1000 EUR cents at 1.0825 -> 1083 USD cents; 1000 USD
 * cents at 150 -> 1500 JPY.
 */
export function convertMoney(amountMinor: number, from: string, to: string, rate: bigint): number {
  const num = BigInt(amountMinor) * rate * 10n ** BigInt(currencyExponent(to));
  const den = 10n ** BigInt(RATE_DECIMALS + currencyExponent(from));
  const sign = num < 0n ? -1n : 1n;
  const abs = num * sign;
  return Number(sign * ((abs + den / 2n) / den));
}
