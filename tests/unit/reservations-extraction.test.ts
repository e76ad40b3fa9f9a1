import { describe, expect, it } from 'vitest';
import { extractReservations, readMessage } from '../../api/src/reservations/parsing/index.js';
import { EXTRACTED_FIELDS, emptyReservation, type ExtractedReservation } from '../../api/src/reservations/parsing/types.js';
import { confirmationIn, peopleIn, transportKindOf } from '../../api/src/reservations/parsing/text.js';
import { reviewFieldsOf } from '../../api/src/reservations/parsing/review.js';
import { findDate, findTime } from '../../api/src/reservations/parsing/normalize.js';
import { forwardingAddress, forwardingTokenOf, sameMailbox } from '../../api/src/reservations/address.js';
import { CORPUS, type Fixture } from '../fixtures/reservations/corpus.js';
import { compose, forwarded } from '../fixtures/reservations/mail.js';

const norm = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().toLowerCase() : v);

async function read(raw: Buffer) {
  return extractReservations(await readMessage(raw));
}

/** Per-field scores over a run of the corpus: a field counts when it equals the expected value. */
function score(results: { fixture: Fixture; got: ExtractedReservation | undefined }[]) {
  return Object.fromEntries(
    EXTRACTED_FIELDS.map((field) => {
      const right = results.filter(({ fixture, got }) => got && norm(got[field]) === norm(fixture.expected[field])).length;
      return [field, right / results.length];
    }),
  ) as Record<(typeof EXTRACTED_FIELDS)[number], number>;
}

describe('reservation extraction over the fixture corpus', () => {
  it('covers two confirmations per supported sender and every markup kind', () => {
    const per = (source: string) => CORPUS.filter((f) => f.source === source).length;
    for (const source of ['Air Canada', 'United', 'Etihad', 'Airbnb', 'Marriott', 'Viator', 'GetYourGuide', 'Cineplex'])
      expect(per(source), source).toBeGreaterThanOrEqual(2);
    for (const kind of ['FlightReservation', 'LodgingReservation', 'EventReservation', 'FoodEstablishmentReservation', 'RentalCarReservation']) {
      expect(
        CORPUS.some((f) => f.source === `JSON-LD ${kind}`),
        kind,
      ).toBe(true);
    }
    expect(CORPUS.filter((f) => f.source.startsWith('Microdata')).length).toBeGreaterThanOrEqual(3);
    expect(CORPUS.filter((f) => f.layer === 'ics').length).toBeGreaterThanOrEqual(2);
  });

  it('reports per-field accuracy on the originals and on forwarded copies', async () => {
    const originals = [];
    const forwards = [];
    for (const fixture of CORPUS) {
      const direct = await read(await compose(fixture.mail));
      expect(direct.layer, fixture.name).toBe(fixture.layer);
      expect(direct.reservations, fixture.name).toHaveLength(1);
      originals.push({ fixture, got: direct.reservations[0] });
      // Markup lives in the HTML, which only a forward as attachment keeps whole.
      const mode = fixture.layer === 'markup' ? 'attachment' : 'inline';
      const viaForward = await read(await forwarded(fixture.mail, 'ada.lovelace@example.com', 'ada.12345678@mail.localhost', mode));
      forwards.push({ fixture, got: viaForward.reservations[0] });
    }
    const direct = score(originals);
    const fwd = score(forwards);
    const misses = originals.flatMap(({ fixture, got }) =>
      EXTRACTED_FIELDS.filter((f) => norm(got?.[f]) !== norm(fixture.expected[f])).map(
        (f) => `${fixture.name}.${f}: expected ${JSON.stringify(fixture.expected[f])}, got ${JSON.stringify(got?.[f])}`,
      ),
    );
    console.log(
      [
        `Reservation extraction accuracy over ${CORPUS.length} confirmations (original / forwarded):`,
        ...EXTRACTED_FIELDS.map((f) => `  ${f.padEnd(20)} ${(direct[f] * 100).toFixed(1).padStart(5)}%  ${(fwd[f] * 100).toFixed(1).padStart(5)}%`),
        ...(misses.length ? ['Misses:', ...misses.map((m) => `  ${m}`)] : []),
      ].join('\n'),
    );
    for (const f of EXTRACTED_FIELDS) {
      expect(direct[f], f).toBeGreaterThanOrEqual(0.9);
      expect(fwd[f], f).toBeGreaterThanOrEqual(0.9);
    }
    expect(direct.type).toBe(1);
    expect(direct.confirmationNumber).toBe(1);
  });

  it('finds nothing in a message that is not a booking, and refuses what is not a message', async () => {
    const chat = await read(await compose({ from: 'a@example.com', to: 'b@example.com', subject: 'Lunch?', text: 'Are you free on Tuesday?' }));
    expect(chat.reservations).toEqual([]);
    await expect(readMessage(Buffer.from('\u0000\u0001 not a message at all'))).rejects.toThrow();
  });
});

describe('dates, times and addresses', () => {
  it("dates a known sender's days written without a year by the message, reads its check-in and check-out columns, and names the listing over its kind", async () => {
    const text = [
      'Your booking at the harbour loft is confirmed.',
      '',
      'LOFT OVER THE HARBOUR WITH TERRACE',
      '[https://example.com/rooms/42]',
      'Entire home/apt',
      '',
      'Check-in        Checkout',
      'FRI, JAN 9      MON, JAN 12',
      '2:00 PM         11:00 AM',
      '',
      'Confirmation code',
      'HMQ7Z2KX4',
      'Airbnb, Inc.',
    ].join('\n');
    const sent = new Date('2031-12-20T09:00:00Z');
    const { reservations } = await read(await compose({ from: 'a@example.com', to: 'b@example.com', subject: 'Booking confirmed', text, date: sent }));
    expect(reservations[0]).toMatchObject({
      type: 'HOTEL',
      title: 'LOFT OVER THE HARBOUR WITH TERRACE',
      date: '2032-01-09',
      time: '14:00',
      endDate: '2032-01-12',
      endTime: '11:00',
      confirmationNumber: 'HMQ7Z2KX4',
    });
  });

  it('reads the usual ways of writing dates and times', () => {
    expect(findDate('Thu, 12 Jun 2031')).toBe('2031-06-12');
    expect(findDate('June 5th, 2031')).toBe('2031-06-05');
    expect(findDate('05JUN31')).toBe('2031-06-05');
    expect(findDate('2031-02-30')).toBeNull();
    // Slashed days: a day over 12 fixes the order; otherwise the weekday written before it does.
    expect(findDate('Fri 31/07/15  Wien')).toBe('2015-07-31');
    expect(findDate('Sat 01/08/15  Brno')).toBe('2015-08-01');
    // Month first when the second number is over 12 (US mail); an order nothing settles stays unread.
    expect(findDate('Departs 12/25/2031 at 8:15 PM')).toBe('2031-12-25');
    expect(findDate('Departs 03/04/2031')).toBeNull();
    expect(findDate('Sunday, 08/03/2031')).toBe('2031-08-03');
    expect(findDate('Sa 08/03/2031')).toBe('2031-03-08');
    expect(findTime('at 6:15 PM')).toBe('18:15');
    expect(findTime('12:05 a.m.')).toBe('00:05');
    expect(findTime('18h40')).toBe('18:40');
    expect(findTime('8 PM')).toBe('20:00');
  });

  it('builds the forwarding address from the random token alone and reads back exactly that token', () => {
    const token = '0123456789abcdef0123456789abcdef';
    const address = forwardingAddress(token, 'Mail.Example.com');
    expect(address).toBe(`${token}@mail.example.com`);
    expect(forwardingTokenOf(address, 'mail.example.com')).toBe(token);
    expect(forwardingTokenOf(`${token.toUpperCase()}+x@MAIL.example.com`, 'mail.example.com')).toBe(token);
    expect(forwardingTokenOf(`${token}@elsewhere.com`, 'mail.example.com')).toBeNull();
    // The old shape (any name, then the id's first 8 characters) names nobody any more.
    expect(forwardingTokenOf('anything.3f2a9c1e@mail.example.com', 'mail.example.com')).toBeNull();
    expect(forwardingTokenOf(`ada.${token}@mail.example.com`, 'mail.example.com')).toBeNull();
    expect(sameMailbox('Ada+trips@Example.com', 'ada@example.com')).toBe(true);
    expect(sameMailbox('ada@example.com', 'ada@example.net')).toBe(false);
    expect(sameMailbox('', '')).toBe(false);
  });
});

describe('travellers, kinds and review', () => {
  it('takes names after a travellers label, not prose that starts with the word', () => {
    expect(peopleIn('Passengers: Ana María de la Cruz, Ludwig van Dijk')).toEqual(['Ana María de la Cruz', 'Ludwig van Dijk']);
    expect(peopleIn('Passenger travelling on another date, or on another fare, may need a new ticket')).toEqual([]);
  });

  it('reads travellers under their labels in several languages, never a head count', () => {
    expect(peopleIn('Passengers: Ada Lovelace, Charles Babbage')).toEqual(['Ada Lovelace', 'Charles Babbage']);
    expect(peopleIn('Resenär:                      Katie Dragon')).toEqual(['Katie Dragon']);
    expect(peopleIn('Reisende: Max Mustermann und Erika Mustermann')).toEqual(['Max Mustermann', 'Erika Mustermann']);
    expect(peopleIn('Traveller:      John Doe\nTraveller:      Jane Doe')).toEqual(['John Doe', 'Jane Doe']);
    expect(peopleIn('1.1KONQUI/KATIE MS  2.1KONQUI/DOCTOR MR  3.1KONQUI/LITTLE*07JAN2007')).toEqual(['Katie Konqui', 'Doctor Konqui', 'Little Konqui']);
    expect(peopleIn('Guests: 2 adults')).toEqual([]);
    expect(peopleIn('Nothing about people here')).toEqual([]);
  });

  it('reads a booking code after its label, on the same line or under a label ending in its colon', () => {
    expect(confirmationIn('Elektronická jízdenka č. 0123456789\n\nCesta')).toBe('0123456789');
    expect(confirmationIn('Electronic ticket  4455667788\nPassengers: Ada Lovelace')).toBe('4455667788');
    expect(confirmationIn('        Kód transakce:\n                  Q7W3E9\n')).toBe('Q7W3E9');
    expect(confirmationIn('Booking reference: see below\nX1Y2Z3')).toBeNull();
  });

  it('names a ground or sea journey by its operator or ticket words, not by a station nearby', () => {
    expect(transportKindOf('Ihre Fahrkarte der Deutschen Bahn – Deutsche Bahn Fernverkehr')).toBe('TRAIN');
    expect(transportKindOf('Your FlixBus ticket')).toBe('BUS');
    expect(transportKindOf('Stena Line crossing Hook of Holland – Harwich')).toBe('FERRY');
    expect(transportKindOf('Our hotel is 5 minutes from the train station')).toBeNull();
  });

  it('asks about what a generic reader guessed or what is missing, and trusts structured readings', () => {
    const leg = { ...emptyReservation('TRAIN', 'ICE 597'), date: '2031-07-03', time: '08:34', fromLocation: 'Berlin Hbf', toLocation: 'München Hbf' };
    expect(reviewFieldsOf(leg, 'markup', false)).toEqual([]);
    expect(reviewFieldsOf(leg, 'text', true)).toEqual(['type', 'date', 'route']);
    expect(reviewFieldsOf({ ...leg, time: null, toLocation: null }, 'ics', false)).toEqual(['time', 'route']);
    expect(reviewFieldsOf({ ...emptyReservation('HOTEL', 'Stay'), date: '2031-07-03', location: 'Somewhere' }, 'text', false)).toEqual(['endDate']);
  });
});
