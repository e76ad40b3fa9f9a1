import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate } from '../../api/src/platform/calendarDate.js';
import { checkAmount, largestAmount, MONEY_COLUMN_MAX } from '../../api/src/platform/amountRule.js';
import { parseRate } from '../../api/src/platform/money.js';
import { isOverpayment, mayUndoPayment, owedBy } from '../../api/src/expenses/paymentRules.js';
import { ExpenseMessages, fill } from '../../api/src/expenses/messages.js';
import { ItineraryMessages } from '../../api/src/itinerary/messages.js';
import { checkItem, emptyItemValues } from '../../web/src/pages/itinerary/itemForm.js';
import { emptyForm, expenseProblems } from '../../web/src/pages/expenses/expenseForm.js';

describe('the calendar-date rule', () => {
  it('takes real days in years 1 to 9999, leap days only in leap years', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30']) expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses impossible months and days, year 0, and anything not YYYY-MM-DD', () => {
    const bad = [
      '2026-13-45',
      '2026-00-10',
      '0000-01-01',
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-01-00',
      '2026-1-05',
      '26-01-05',
      '2026-01-05T00:00',
      ' 2026-01-05',
      '',
    ];
    for (const day of bad) expect(isCalendarDate(day), day).toBe(false);
    for (const v of [null, undefined, 20260105, {}]) expect(isCalendarDate(v)).toBe(false);
  });

  it('gives the UTC midnight a DATE column takes, years below 100 included', () => {
    expect(calendarDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(calendarDate('0045-03-01')?.toISOString()).toBe('0045-03-01T00:00:00.000Z');
    expect(calendarDate('2024-02-30')).toBeNull();
  });
});

describe('the amount rule', () => {
  it('takes a positive amount that fits the integer column, per currency exponent', () => {
    expect(checkAmount('21474836.47', 'USD')).toEqual({ ok: true, amountMinor: MONEY_COLUMN_MAX, baseAmountMinor: MONEY_COLUMN_MAX });
    expect(checkAmount('2147483647', 'JPY')).toMatchObject({ ok: true, amountMinor: MONEY_COLUMN_MAX });
    expect(checkAmount('21474836.48', 'USD')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(checkAmount('2147483648', 'JPY')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(checkAmount('0', 'USD')).toEqual({ ok: false, problem: 'notPositive' });
    expect(checkAmount('1.234', 'USD')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(checkAmount('abc', 'USD')).toEqual({ ok: false, problem: 'format' });
    expect(largestAmount('USD')).toBe('21474836.47');
  });

  it('checks the amount converted to the trip currency as well', () => {
    expect(checkAmount('20000000', 'USD', { currency: 'EUR', rate: parseRate('2') })).toEqual({ ok: false, problem: 'tooLargeInBase' });
    expect(checkAmount('20000000', 'USD', { currency: 'EUR', rate: parseRate('0.5') })).toEqual({
      ok: true,
      amountMinor: 2_000_000_000,
      baseAmountMinor: 1_000_000_000,
    });
    // 10,000 USD at 150 is 1,500,000 yen: fits; 20,000,000 USD at 150 does not.
    expect(checkAmount('10000', 'USD', { currency: 'JPY', rate: parseRate('150') })).toMatchObject({ ok: true, baseAmountMinor: 1_500_000 });
    expect(checkAmount('20000000', 'USD', { currency: 'JPY', rate: parseRate('150') })).toEqual({ ok: false, problem: 'tooLargeInBase' });
  });
});

describe('the payment rules', () => {
  it('an overpayment is more than the payer owes; someone owed owes nothing', () => {
    expect(owedBy(-3000)).toBe(3000);
    expect(owedBy(500)).toBe(0);
    expect(isOverpayment(3000, -3000)).toBe(false);
    expect(isOverpayment(3001, -3000)).toBe(true);
    expect(isOverpayment(1, 0)).toBe(true);
  });

  it('the recorder, either person named or the owner may undo', () => {
    const p = { createdById: 'r', fromUserId: 'f', toUserId: 't' };
    for (const who of ['r', 'f', 't']) expect(mayUndoPayment(who, p, false)).toBe(true);
    expect(mayUndoPayment('o', p, true)).toBe(true);
    expect(mayUndoPayment('x', p, false)).toBe(false);
  });
});

describe('the web forms use the same rules', () => {
  it('the itinerary form says an impossible date is one, before the trip bounds', () => {
    const trip = { startDate: '2026-06-01', endDate: '2026-06-10' };
    for (const day of ['2026-13-45', '2026-00-10', '0000-01-01', '2024-02-30']) {
      expect(checkItem({ ...emptyItemValues('ACTIVITY'), title: 'Museum', activityDate: day }, trip)).toEqual([
        { field: 'activityDate', message: ItineraryMessages.invalidDate },
      ]);
    }
  });

  it('the expense form runs the server rule: an impossible date and an amount too large once converted', () => {
    const people = [{ id: 'u1', name: 'Ana' }];
    const members = new Set(['u1']);
    const form = { ...emptyForm(people, 'u1', 'USD', '2026-02-30'), title: 'Dinner', amount: '20000000', exchangeRate: '2' };
    expect(expenseProblems(form, 'EUR', members)).toEqual([
      { field: 'amount', message: fill(ExpenseMessages.tooLargeInBase, { max: '21474836.47 EUR' }) },
      { field: 'expenseDate', message: ExpenseMessages.invalidDate },
    ]);
    expect(expenseProblems({ ...form, expenseDate: '2024-02-29', exchangeRate: '0.9' }, 'EUR', members)).toEqual([]);
  });

  it('the expense form reports what the server reports: a missing title, shares that do not add up, a stranger', () => {
    const people = [
      { id: 'u1', name: 'Ana' },
      { id: 'u2', name: 'Ben' },
    ];
    const members = new Set(['u1', 'u2']);
    const form = { ...emptyForm(people, 'u1', 'EUR', '2026-03-01'), amount: '30.00', splitType: 'CUSTOM' as const, shares: { u1: '10.00', u2: '10.00' } };
    const fields = expenseProblems(form, 'EUR', members).map((p) => p.field);
    expect(fields).toEqual(['title', 'splits']);
    expect(expenseProblems({ ...form, title: 'Taxi', splitType: 'EQUAL', participants: ['u1', 'u3'] }, 'EUR', members)).toEqual([
      { field: 'participants', message: ExpenseMessages.participantNotMember },
    ]);
  });
});
