import { describe, expect, it } from 'vitest';
import { findDate, findDates, findTime } from '../../api/src/reservations/parsing/normalize.js';

describe('dates our rules do not know, read by chrono-node behind them', () => {
  it('reads days in languages without an ICU month rule, and a year written first', () => {
    expect(findDate('出発 2031年6月12日')).toBe('2031-06-12');
    expect(findDate('Отправление 12 июня 2031 г.')).toBe('2031-06-12');
    expect(findDate('Departure 2031/06/12')).toBe('2031-06-12');
  });

  it('dates a day written without its year by the same reference rule as ours', () => {
    // 12 June is long before 20 November: the next June.
    expect(findDate('Виїзд 12 червня', '2031-11-20')).toBe('2032-06-12');
    expect(findDate('6月12日 出発', '2031-05-02')).toBe('2031-06-12');
    expect(findDate('Виїзд 12 червня')).toBeNull();
  });

  it('reads clock times our patterns miss', () => {
    expect(findTime('Einlass ab 19 Uhr')).toBe('19:00');
    expect(findTime('午後3時15分 開演')).toBe('15:15');
  });

  it('leaves alone what it would guess: slashed day orders, casual words, a text with a date our rules know', () => {
    expect(findDate('Booked 03/04/2031')).toBeNull();
    expect(findDate('Book now, today only!')).toBeNull();
    expect(findTime('Seat 12, coach 4')).toBeNull();
    // Our rule read "12 JUN" (no year, no reference): chrono is not asked to date the rest.
    expect(findDates('12 JUN, issued 5 июня 2031', null)).toEqual([]);
  });
});
