import { describe, expect, it } from 'vitest';
import { apportion, currencyExponent, formatMoney, formatMoneyDecimal, isCurrencyCode, parseMoney } from '../../api/src/platform/money.js';

/** A small seeded generator, so a failure names a case that can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('currencies', () => {
  it("knows each currency's exponent instead of assuming a hundred", () => {
    expect([currencyExponent('USD'), currencyExponent('EUR'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 2, 0, 3]);
    expect(isCurrencyCode('AUD')).toBe(true);
    expect(isCurrencyCode('XYZ1')).toBe(false);
  });

  it('parses and formats decimal text exactly, in minor units', () => {
    expect(parseMoney('1250.5', 'USD')).toEqual({ ok: true, amountMinor: 125050 });
    expect(parseMoney('0.1', 'USD')).toEqual({ ok: true, amountMinor: 10 });
    expect(parseMoney('1250', 'JPY')).toEqual({ ok: true, amountMinor: 1250 });
    expect(parseMoney('1.5', 'JPY')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseMoney('1.234', 'KWD')).toEqual({ ok: true, amountMinor: 1234 });
    expect(parseMoney('99999999999999', 'USD')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseMoney('1e3', 'USD')).toEqual({ ok: false, problem: 'format' });
    expect(formatMoneyDecimal(125050, 'USD')).toBe('1250.50');
    expect(formatMoneyDecimal(5, 'USD')).toBe('0.05');
    expect(formatMoneyDecimal(-5, 'USD')).toBe('-0.05');
    expect(formatMoneyDecimal(1250, 'JPY')).toBe('1250');
    expect(formatMoneyDecimal(1234, 'KWD')).toBe('1.234');
    expect(formatMoney(125050, 'USD')).toBe('$1,250.50');
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
    const random = mulberry32(7);
    for (let i = 0; i < 2000; i++) {
      const currency = ['USD', 'JPY', 'KWD'][i % 3]!;
      const minor = Math.floor(random() * 1e12);
      expect(parseMoney(formatMoneyDecimal(minor, currency), currency)).toEqual({ ok: true, amountMinor: minor });
    }
  });
});

describe('apportioning', () => {
  it('splits so that the shares always add up to the amount, over thousands of random expenses and groups', () => {
    const seed = 20261123;
    const random = mulberry32(seed);
    for (let i = 0; i < 5000; i++) {
      const amount = Math.floor(random() * 10_000_000) + 1;
      const people = Math.floor(random() * 12) + 1;
      const kind = i % 3;
      const weights = Array.from({ length: people }, () =>
        kind === 0 ? 1 : kind === 1 ? Math.floor(random() * 100) + 1 : Math.round(random() * 10_000) / 100 + 0.01,
      );
      const shares = apportion(amount, weights);
      expect(
        shares.reduce((a, b) => a + b, 0),
        `seed ${seed}, case ${i}`,
      ).toBe(amount);
      expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
      // Nobody is more than one minor unit away from their exact share.
      const total = weights.reduce((a, b) => a + b, 0);
      shares.forEach((s, k) => expect(Math.abs(s - (amount * weights[k]!) / total)).toBeLessThan(1 + 1e-6));
    }
  });

  it('gives leftover units by a stable rule: largest remainder, then the earlier person', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(1000, [60, 40])).toEqual([600, 400]);
    expect(apportion(1001, [70, 30])).toEqual([701, 300]);
    expect(apportion(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(apportion(5, [1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 1, 0]);
  });

  it('keeps a trip balanced: what each paid minus their shares sums to zero', () => {
    const random = mulberry32(99);
    for (let trip = 0; trip < 500; trip++) {
      const people = Math.floor(random() * 8) + 2;
      const balance = new Array<number>(people).fill(0);
      for (let e = 0; e < 20; e++) {
        const amount = Math.floor(random() * 100_000) + 1;
        const payer = Math.floor(random() * people);
        const weights: number[] = Array.from({ length: people }, () => (random() < 0.3 ? 0 : Math.floor(random() * 5) + 1));
        if (!weights.some((w) => w > 0)) weights[payer] = 1;
        balance[payer]! += amount;
        apportion(amount, weights).forEach((s, k) => (balance[k]! -= s));
      }
      expect(balance.reduce((a, b) => a + b, 0)).toBe(0);
    }
  });
});
