import { describe, expect, it } from 'vitest';
import { findBcbp, flightDate, parseBcbp } from '../../api/src/reservations/parsing/bcbp.js';
import { extractReservations, readMessage } from '../../api/src/reservations/parsing/index.js';
import { imageCodes, readPdf } from '../../api/src/reservations/parsing/pdf.js';
import { compose } from '../fixtures/reservations/mail.js';
import { aztec } from '../support/barcode.js';
import { textPdf } from '../support/pdf.js';

/**
 * One leg's mandatory BCBP fields, laid out by the published widths: PNR 7, from 3, to 3,
 * carrier 3, flight 5, day of year 3, compartment 1, seat 4, check-in number 5, status 1, and the
 * size (2 hex digits) of the conditional data that follows.
 */
const leg = (pnr: string, from: string, to: string, carrier: string, flight: string, day: string, seat: string, conditional = '') =>
  `${pnr.padEnd(7)}${from}${to}${carrier.padEnd(3)}${flight.padEnd(5)}${day}Y${seat}0012 1${conditional.length.toString(16).toUpperCase().padStart(2, '0')}${conditional}`;
const pass = (legs: string[], name = 'NOVAK/PETRA MS') => `M${legs.length}${name.padEnd(20)}E${legs.join('')}`;
/** The first leg's conditional opening: ">", version 6, unique size 0x18, description, sources, date of issue. */
const issuedOn = (yddd: string) => `>618 WW${yddd}B0OK${' '.repeat(14)}`;

const ONE = pass([leg('K7X2QP', 'PRG', 'CDG', 'OK', '0760', '163', '014C')]);

describe('IATA boarding-pass strings', () => {
  it('reads the mandatory fields of a one-leg pass', () => {
    expect(parseBcbp(ONE)).toEqual({
      passenger: 'Petra Novak',
      issued: null,
      legs: [{ pnr: 'K7X2QP', from: 'PRG', to: 'CDG', carrier: 'OK', flightNumber: '760', dayOfYear: 163, compartment: 'Y', seat: '14C' }],
    });
  });

  it('reads every leg, stepping over each leg’s conditional data, and the date of issue', () => {
    const two = pass([leg('ZZ81MN', 'LIS', 'FRA', 'LH', '1173', '365', '021A', issuedOn('6360')), leg('ZZ81MN', 'FRA', 'HND', 'LH', '716', '001', '044K')]);
    const read = parseBcbp(`${two}^164GIWVC5EH7JNT684FVNJ91W2QA4DVN5J8K4F0L0GEQ3DF5TGBN8709HKT5D3DW3GBHFCVHMY7J5T6HFR4`)!;
    expect(read.legs.map((l) => [l.from, l.to, l.carrier, l.flightNumber, l.dayOfYear, l.seat])).toEqual([
      ['LIS', 'FRA', 'LH', '1173', 365, '21A'],
      ['FRA', 'HND', 'LH', '716', 1, '44K'],
    ]);
    expect(read.issued).toEqual({ yearDigit: 6, dayOfYear: 360 });
  });

  it('is not fooled by text that only starts like a pass', () => {
    expect(parseBcbp('M1 some words that are not a boarding pass at all, no airport codes')).toBeNull();
    expect(parseBcbp(ONE.slice(0, 40))).toBeNull();
    expect(parseBcbp(ONE.replace('PRG', 'P1G'))).toBeNull();
    expect(parseBcbp(ONE.replace('163', '400'))).toBeNull();
  });

  it('dates the flight by the year of the message, or of the pass’s issue', () => {
    // Day 163: 12 June, in a year that is not a leap year.
    expect(flightDate(163, null, '2031-06-01')).toBe('2031-06-12');
    // Sent a little after the flight (forwarded): the same year, not the next.
    expect(flightDate(163, null, '2031-07-20')).toBe('2031-06-12');
    // Sent in late December for a flight on 2 January.
    expect(flightDate(2, null, '2030-12-28')).toBe('2031-01-02');
    // Day 366 exists only in leap years.
    expect(flightDate(366, null, '2031-03-01')).toBe('2032-12-31');
    // Issued on day 360 of a year ending in 6 (2026), flying on day 1: the next year.
    expect(flightDate(1, { yearDigit: 6, dayOfYear: 360 }, '2026-12-26')).toBe('2027-01-01');
    expect(flightDate(200, { yearDigit: 0, dayOfYear: 190 }, '2029-12-30')).toBe('2030-07-19');
    expect(flightDate(163, null, null)).toBeNull();
  });

  it('finds a pass written out in a message’s text', () => {
    expect(findBcbp(`Your boarding pass\n\n${ONE}\n\nHave a good flight`)).toEqual([ONE]);
    expect(findBcbp('M1 is a motorway; MXP is an airport.')).toEqual([]);
  });
});

describe('boarding passes in mail', () => {
  const mail = (extra: object) =>
    compose({ from: 'checkin@airline.example', to: 'me@in.tripcrew.test', subject: 'Boarding pass', date: new Date('2031-06-10T08:00:00Z'), ...extra });

  it('decodes the Aztec code of a PNG attachment', async () => {
    const { png } = await aztec(ONE);
    expect(await imageCodes(png)).toEqual([ONE]);
    expect(await imageCodes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toEqual([]);
    const { layer, reservations } = await extractReservations(
      await readMessage(
        await mail({ text: 'Your boarding pass is attached.', attachments: [{ filename: 'pass.png', contentType: 'image/png', content: Buffer.from(png) }] }),
      ),
    );
    expect(layer).toBe('barcode');
    expect(reservations).toMatchObject([
      {
        type: 'FLIGHT',
        title: 'OK 760: PRG → CDG',
        date: '2031-06-12',
        confirmationNumber: 'K7X2QP',
        fromLocation: 'PRG',
        toLocation: 'CDG',
        seat: '14C',
        passengers: ['Petra Novak'],
      },
    ]);
  });

  it('decodes a barcode drawn in a PDF and takes the times printed beside it', async () => {
    const { grey } = await aztec(ONE);
    const pdf = textPdf(
      ['Boarding pass', 'Flight OK 760 Prague (PRG) - Paris (CDG)', 'Departure: 12 Jun 2031 07:05 PRG', 'Arrival: 12 Jun 2031 09:10 CDG'],
      grey,
    );
    expect((await readPdf(pdf)).codes).toEqual([ONE]);
    const { reservations } = await extractReservations(
      await readMessage(await mail({ text: 'Attached.', attachments: [{ filename: 'pass.pdf', contentType: 'application/pdf', content: pdf }] })),
    );
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({ title: 'OK 760: PRG → CDG', date: '2031-06-12', confirmationNumber: 'K7X2QP', seat: '14C' });
  });

  it('reads every leg of a pass written in the text, once', async () => {
    const two = pass([leg('ZZ81MN', 'LIS', 'FRA', 'LH', '1173', '162', '021A'), leg('ZZ81MN', 'FRA', 'HND', 'LH', '716', '163', '044K')]);
    const { reservations } = await extractReservations(await readMessage(await mail({ text: `Boarding passes\n${two}\n\nAgain:\n${two}` })));
    expect(reservations.map((r) => [r.title, r.date])).toEqual([
      ['LH 1173: LIS → FRA', '2031-06-11'],
      ['LH 716: FRA → HND', '2031-06-12'],
    ]);
  });
});
