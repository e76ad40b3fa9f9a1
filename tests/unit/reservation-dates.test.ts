import { describe, expect, it } from 'vitest';
import { extractReservations, readMessage, referenceDay } from '../../api/src/reservations/parsing/index.js';
import { findDate, findDates, findTime } from '../../api/src/reservations/parsing/normalize.js';
import { compose } from '../fixtures/reservations/mail.js';

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
    // Durations are not clock times, "à 14h" is.
    expect(findTime('Please be at the gate 2h before departure')).toBeNull();
    expect(findTime('Travel time 1h 20m')).toBeNull();
    expect(findTime('Rendez-vous au quai à 14h')).toBe('14:00');
    // Our rule read "12 JUN" (no year, no reference): chrono is not asked to date the rest.
    expect(findDates('12 JUN, issued 5 июня 2031', null)).toEqual([]);
  });
});

describe('a stay written with Japanese dates', () => {
  it('is read end to end: check-in and check-out days and times', async () => {
    const raw = await compose({
      from: 'booking@hotel.example',
      to: 'trips@tripcrew.example',
      date: new Date('2031-05-01T10:00:00Z'),
      subject: 'Booking confirmation',
      text: ['Hotel Sakura Kyoto', 'Check-in: 2031年6月12日 15:00', 'Check-out: 2031年6月14日 10:00', 'Address: 12 Example-dori, Kyoto'].join('\n'),
    });
    const { reservations } = await extractReservations(await readMessage(raw));
    expect(reservations[0]).toMatchObject({ type: 'HOTEL', date: '2031-06-12', time: '15:00', endDate: '2031-06-14', endTime: '10:00' });
  });
});

describe('the year of days written without one', () => {
  it('is taken from the year the text writes most, not from one stray date', () => {
    expect(referenceDay(['2031-03-02', '2031-03-14', '2021-03-14', '2031-03-14'])).toBe('2031-03-02');
    // A tie keeps the earliest full date, as before.
    expect(referenceDay(['2031-03-02', '2030-12-30'])).toBe('2030-12-30');
    expect(referenceDay([])).toBeNull();
  });

  it('dates a timetable of day-and-month rows by the booking, past a mistyped year', async () => {
    const raw = await compose({
      from: 'tickets@rail.example',
      to: 'trips@tripcrew.example',
      date: new Date('2031-03-02T10:00:00Z'),
      subject: 'Your train tickets',
      text: [
        'Booked on 02.03.2031, order number QX4471',
        'Outward journey on 14.03.2031',
        'Also valid for the city bus on 14.03.21',
        '',
        'Date     Stop                  Arrival   Departure   Train',
        '14.03.   Hamburg Hbf                     09:12       ICE 71',
        '14.03.   Frankfurt(Main)Hbf    12:40',
      ].join('\n'),
    });
    const { reservations } = await extractReservations(await readMessage(raw));
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({ date: '2031-03-14', time: '09:12', endDate: '2031-03-14', endTime: '12:40' });
  });
});

describe('a journey through the night', () => {
  it('moves the legs after midnight to the next day when the journey gives one day for all', async () => {
    const raw = await compose({
      from: 'tickets@rail.example',
      to: 'trips@tripcrew.example',
      date: new Date('2031-09-01T10:00:00Z'),
      subject: 'Your night train connection',
      text: [
        'Journey on 12.09.2031, booking reference NQ2K7P',
        '',
        'Departure 20:10 Alpha Central (IC 711)',
        'Arrival 23:30 Beta Junction',
        '',
        'Departure 00:45 Beta Junction (NJ 402)',
        'Arrival 06:20 Gamma Hbf',
        '',
        'Departure 06:50 Gamma Hbf (RE 18)',
        'Arrival 07:35 Delta Town',
      ].join('\n'),
    });
    const { reservations } = await extractReservations(await readMessage(raw));
    expect(reservations.map((r) => [r.date, r.time, r.endDate, r.endTime])).toEqual([
      ['2031-09-12', '20:10', '2031-09-12', '23:30'],
      ['2031-09-13', '00:45', '2031-09-13', '06:20'],
      ['2031-09-13', '06:50', '2031-09-13', '07:35'],
    ]);
  });
});
