import { describe, expect, it } from 'vitest';
import { isoDate } from '../../api/src/platform/dates.js';

describe('isoDate', () => {
  it('writes the UTC calendar date, as toISOString does', () => {
    const days = [
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 11, 31),
      Date.UTC(2024, 1, 29),
      Date.UTC(1999, 8, 9, 23, 59, 59, 999),
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31),
    ];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 * 7 + 3_600_000) days.push(t);
    for (const t of days) expect(isoDate(new Date(t))).toBe(new Date(t).toISOString().slice(0, 10));
  });

  it('falls back to the ISO form for years outside four digits', () => {
    expect(isoDate(new Date(Date.UTC(999, 5, 3)))).toBe('0999-06-03');
    const farOff = new Date(Date.UTC(10000, 0, 1));
    expect(isoDate(farOff)).toBe(farOff.toISOString().slice(0, 10));
  });

  it('is null for no date', () => {
    expect(isoDate(null)).toBeNull();
    expect(isoDate(undefined)).toBeNull();
  });
});
