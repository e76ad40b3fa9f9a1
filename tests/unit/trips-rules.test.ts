import { describe, expect, it } from 'vitest';
import { durationDays, startsInLabel, tripProgress, tripTiming } from '../../api/src/trips/timing.js';
import { budgetTooLarge, checkBudget } from '../../api/src/trips/budgetRule.js';
import { parseMoneyToCents, validateTrip } from '../../api/src/trips/validation.js';
import { TripMessages as M } from '../../api/src/trips/messages.js';

describe('trip timing', () => {
  const today = '2026-11-22';
  it('puts trips in tabs by calendar date', () => {
    expect(tripTiming('2026-11-23', '2026-11-30', today)).toBe('UPCOMING');
    expect(tripTiming('2026-11-22', '2026-11-22', today)).toBe('CURRENT');
    expect(tripTiming('2026-11-01', '2026-11-22', today)).toBe('CURRENT');
    expect(tripTiming('2026-11-01', '2026-11-21', today)).toBe('PAST');
    expect(tripTiming(null, null, today)).toBe('UPCOMING');
  });

  it('labels progress the documented way, counting days inclusively', () => {
    expect(tripProgress(null, '2026-12-01', today)).toEqual({ percent: 0, label: 'No dates set' });
    expect(tripProgress('2026-11-23', '2026-11-25', today)).toEqual({ percent: 0, label: 'Trip starts in 1 day' });
    expect(tripProgress('2026-12-02', '2026-12-05', today)).toEqual({ percent: 0, label: 'Trip starts in 10 days' });
    expect(tripProgress('2026-11-01', '2026-11-21', today)).toEqual({ percent: 100, label: 'Trip completed' });
    expect(tripProgress('2026-11-21', '2026-11-24', today)).toEqual({ percent: 50, label: '2 days left' });
    expect(tripProgress('2026-11-22', '2026-11-22', today)).toEqual({ percent: 100, label: '0 days left' });
    expect(durationDays('2026-11-01', '2026-11-03')).toBe(3);
    expect(startsInLabel('2026-11-23', today)).toBe('Starts in 1 day');
    expect(startsInLabel('2026-11-25', today)).toBe('Starts in 3 days');
  });
});

describe('money and trip validation', () => {
  it('parses decimal text into integer cents without floating point', () => {
    expect(parseMoneyToCents('0.1')).toBe(10);
    expect(parseMoneyToCents('1250.5')).toBe(125050);
    expect(parseMoneyToCents('19.99')).toBe(1999);
    expect(parseMoneyToCents(0.3)).toBe(30);
    expect(parseMoneyToCents('')).toBeNull();
    expect(parseMoneyToCents('10000000')).toBe(1_000_000_000);
    expect(() => parseMoneyToCents('10000000.01')).toThrow(budgetTooLarge('USD'));
    for (const bad of ['-1', '1.234', 'abc', '1e3', '1,5']) expect(() => parseMoneyToCents(bad), bad).toThrow(M.invalidBudget);
  });

  it('checks name, then date order; a zero budget means none', () => {
    expect(() => validateTrip({ name: ' ', startDate: '2030-01-02', endDate: '2030-01-01' })).toThrow(M.nameRequired);
    expect(() => validateTrip({ name: 'x', startDate: '2030-01-02', endDate: '2030-01-01' })).toThrow(M.dateOrder);
    expect(() => validateTrip({ name: 'x', startDate: '2030-02-30' })).toThrow(M.invalidDate);
    expect(validateTrip({ name: 'x', budget: '0' }).budgetCents).toBeNull();
    expect(validateTrip({ name: ' Lisbon ', currency: 'eur' })).toMatchObject({ name: 'Lisbon', currency: 'EUR' });
  });
});

describe('every problem at once', () => {
  it('names each field at fault, in the order of the form, and never cuts text short', () => {
    let error: unknown;
    try {
      validateTrip({ name: 'x'.repeat(10_000), description: 'd'.repeat(2001), startDate: '2030-13-01', budget: '99999999999999', currency: 'XYZ' });
    } catch (err) {
      error = err;
    }
    expect((error as { fieldErrors: unknown }).fieldErrors).toEqual([
      { field: 'name', message: M.nameTooLong },
      { field: 'startDate', message: M.invalidDate },
      { field: 'budget', message: budgetTooLarge('USD') },
      { field: 'currency', message: M.invalidCurrency },
      { field: 'description', message: M.descriptionTooLong },
    ]);
    expect(() => validateTrip({ name: '' })).toThrow(M.nameRequired);
  });
});

describe('the one budget rule (budgetRule.ts)', () => {
  it("bounds a budget in its own currency's minor units, so JPY and KWD differ from USD", () => {
    expect(checkBudget('10000000', 'USD', 'bad')).toEqual({ ok: true, amountMinor: 1_000_000_000 });
    expect(checkBudget('1000000000', 'JPY', 'bad')).toEqual({ ok: true, amountMinor: 1_000_000_000 });
    expect(checkBudget('1000000', 'KWD', 'bad')).toEqual({ ok: true, amountMinor: 1_000_000_000 });
    expect(checkBudget('1000001', 'KWD', 'bad')).toEqual({ ok: false, message: 'Budget must be at most 1,000,000.' });
    expect(checkBudget('1000000001', 'JPY', 'bad')).toEqual({ ok: false, message: 'Budget must be at most 1,000,000,000.' });
    expect(budgetTooLarge('USD')).toBe('Budget must be at most 10,000,000.');
    // Decimals are the currency's own: none for yen, three for dinars.
    expect(checkBudget('1.5', 'JPY', 'bad')).toEqual({ ok: false, message: 'bad' });
    expect(checkBudget('1.125', 'KWD', 'bad')).toEqual({ ok: true, amountMinor: 1125 });
    expect(checkBudget('1.125', 'USD', 'bad')).toEqual({ ok: false, message: 'bad' });
  });
});
