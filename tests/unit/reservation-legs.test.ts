import { describe, expect, it } from 'vitest';
import { readLegs } from '../../api/src/reservations/parsing/legs.js';
import { fromCalendar } from '../../api/src/reservations/parsing/ics.js';
import { fromMarkup } from '../../api/src/reservations/parsing/markup.js';
import { findDates } from '../../api/src/reservations/parsing/normalize.js';
import { addressLineIn, confirmationIn, fromGeneralText, lodgingNameIn, unfoldColumns } from '../../api/src/reservations/parsing/text.js';

/** Journeys laid out leg by leg in the languages of the main European railways and airlines. */
describe('departure and arrival lines in many languages', () => {
  const journey = (dep: string, arr: string) =>
    [
      `Data: 03.09.31`,
      `${dep} 08:15 Bologna Centrale - binario 4 (FR  9512)`,
      `${arr} 10:40 Milano Centrale`,
      '',
      `${dep} 11:05 Milano Centrale (EC    36)`,
      `${arr} 15:14 Brig`,
    ].join('\n');

  it.each([
    ['Italian', 'da', 'a'],
    ['Spanish', 'de', 'a'],
    ['Polish', 'odj.', 'prz.'],
    ['Dutch', 'van', 'naar'],
    ['Swedish', 'Avgång:', 'Ankomst:'],
  ])('reads each leg of a %s timetable', (_, dep, arr) => {
    expect(readLegs(journey(dep, arr), '2031-08-01')).toMatchObject([
      { mode: 'train', number: 'FR 9512', from: 'Bologna Centrale', to: 'Milano Centrale', date: '2031-09-03', time: '08:15', endTime: '10:40' },
      { mode: 'train', number: 'EC 36', from: 'Milano Centrale', to: 'Brig', time: '11:05', endTime: '15:14' },
    ]);
  });

  it('takes short words for departure and arrival only before a time', () => {
    expect(readLegs('de nuevo gracias\na la estación\nVan Gogh Museum\nnaar huis', '2031-08-01')).toEqual([]);
  });

  it('names a flight under its word in Swedish, Dutch or Italian', () => {
    const text = ['Flyg: IB3549, Iberia', 'Datum: 12.10.31', 'Avgång: 07:35 Tegel(TXL), Berlin', 'Ankomst: 10:35 Barajas(MAD), Madrid'].join('\n');
    expect(readLegs(text, '2031-08-01')).toMatchObject([{ mode: 'flight', number: 'IB3549', time: '07:35', endTime: '10:35' }]);
  });
});

describe('journeys one line or one bullet a stop', () => {
  it('reads stops set after bullets, with the platform cut after a marker', () => {
    const text = [
      'Datum: 14.03.2031',
      'Köln Hbf ➞ Bruxelles-Midi',
      'ICE 14 (914)',
      '● ab 09:44 Köln Hbf ▷ Gleis 6',
      '○ an 11:36 Bruxelles-Midi ▷ Gleis 13',
    ].join('\n');
    expect(readLegs(text, '2031-03-01')).toMatchObject([
      { number: 'ICE 14', from: 'Köln Hbf', to: 'Bruxelles-Midi', date: '2031-03-14', time: '09:44', endTime: '11:36' },
    ]);
  });

  it('reads "A to B, dep …, arr …" lines as legs', () => {
    const text = ['Journey: Leeds (LDS) to York (YRK), dep 08:02, arr 08:29', '', 'Journey: York (YRK) to Durham (DHM), dep 08:45, arr 09:31'].join('\n');
    expect(readLegs(text, '2031-05-02').map((l) => [l.from, l.to, l.time, l.endTime])).toEqual([
      ['Leeds (LDS)', 'York (YRK)', '08:02', '08:29'],
      ['York (YRK)', 'Durham (DHM)', '08:45', '09:31'],
    ]);
  });

  it("takes a day written between departure and arrival as the arrival's, and files flight numbers without leading zeros", () => {
    const text = [
      'Flight:      AA086, American Airlines',
      'Date:        Sat 22 Oct 2031',
      'Departure:   21:25 O Hare International(ORD), Chicago',
      'Date:        Sun 23 Oct 2031',
      'Arrival:     13:00 Tegel(TXL), Berlin',
    ].join('\n');
    expect(readLegs(text, '2031-09-01').map((l) => [l.number, l.date, l.time, l.endDate, l.endTime])).toEqual([
      ['AA86', '2031-10-22', '21:25', '2031-10-23', '13:00'],
    ]);
  });
});

describe('flights in a page flattened to one line', () => {
  it('reads each flight around its number, with dates not taken for times and the booking code not hiding them', () => {
    const text =
      'Booking reference: QX7T2M     Flight details     Outbound   Lisbon (LIS) - Porto (OPO)   Mo 06.10.2031    07:10  LIS   08:05  OPO   Duration 55m   TP 1940   Economy' +
      '     Return   Porto (OPO) - Lisbon (LIS)   Fr 10.10.2031    19:30  OPO   20:25  LIS   Duration 55m   TP 1955   Economy';
    expect(readLegs(text, '2031-09-01').map((l) => [l.number, l.from, l.to, l.date, l.time, l.endTime])).toEqual([
      ['TP1940', 'Lisbon (LIS)', 'Porto (OPO)', '2031-10-06', '07:10', '08:05'],
      ['TP1955', 'Porto (OPO)', 'Lisbon (LIS)', '2031-10-10', '19:30', '20:25'],
    ]);
  });
});

describe('timetables in columns', () => {
  it('reads each leg from the rows under the arrival and departure heads, whichever comes first', () => {
    const table = [
      'Trasa',
      'Datum        Stanice                     Příjezd   Odjezd    Spoj                 Místo',
      'Pá 5.9.31    Ostrava, hl.n.                        06:48     Ostrava → Praha      4/21',
      '             Praha, hl.n.                10:22     11:05',
      'So 6.9.31    Plzeň, hl.n.                12:41',
      '',
      'Cena: 399 CZK',
    ].join('\n');
    expect(readLegs(table, '2031-08-01')).toEqual([
      { mode: 'train', number: null, from: 'Ostrava, hl.n.', to: 'Praha, hl.n.', date: '2031-09-05', time: '06:48', endDate: '2031-09-05', endTime: '10:22' },
      { mode: 'train', number: null, from: 'Praha, hl.n.', to: 'Plzeň, hl.n.', date: '2031-09-05', time: '11:05', endDate: '2031-09-06', endTime: '12:41' },
    ]);
    const bus = [
      'Date        Stop                  Departure  Arrival   Line',
      '12.10.31    Graz Hbf              07:30                Fernbus 48',
      '            Ljubljana AP                     10:05',
    ].join('\n');
    expect(readLegs(bus, '2031-08-01')).toMatchObject([{ mode: 'bus', from: 'Graz Hbf', to: 'Ljubljana AP', time: '07:30', endTime: '10:05' }]);
  });
});

describe('calendar events named by their kind', () => {
  const event = (summary: string, description: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:x@test',
      `SUMMARY:${summary}`,
      `DESCRIPTION:${description}`,
      'DTSTART:20310903T081500',
      'DTEND:20310903T104000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');

  it('takes the kind from the title over the words of the description', () => {
    expect(fromCalendar(event('Train 9512 from Bologna Centrale to Milano Centrale', 'Coach: 7\\nSeat: 62'))[0]).toMatchObject({
      type: 'TRAIN',
      fromLocation: 'Bologna Centrale',
    });
    expect(fromCalendar(event('Rental car reservation: compact car', 'Pickup: Bologna airport'))[0]!.type).toBe('CAR_RENTAL');
    expect(fromCalendar(event('Training session', 'Seat: 62'))[0]!.type).not.toBe('TRAIN');
  });

  it('marks UTC times no airport places as UTC, so Add to Trip moves them to the place’s clock', () => {
    const utc = event('Concert', 'Doors open')
      .replace('DTSTART:20310903T081500', 'DTSTART:20310903T181500Z')
      .replace('DTEND:20310903T104000', 'DTEND:20310903T204000Z');
    expect(fromCalendar(utc)[0]).toMatchObject({ date: '2031-09-03', time: '18:15', timeZone: 'UTC' });
    // Floating and airport-placed times are the place's own clock: no zone to convert from.
    expect(fromCalendar(event('Concert', 'Doors open'))[0]!.timeZone).toBeUndefined();
    const flight = utc.replace('SUMMARY:Concert', 'SUMMARY:Flight LH 1234 MUC -> LIS');
    expect(fromCalendar(flight)[0]).toMatchObject({ time: '20:15' });
    expect(fromCalendar(flight)[0]!.timeZone).toBeUndefined();
  });
});

describe('days and places read around the legs', () => {
  it('names the airports from the line above each day and time when no codes are given', () => {
    const text = [
      'Outbound',
      'Lisbon Humberto Delgado, PT',
      'Mon, 04 Mar 2030, 07:10',
      'Paris Orly, FR',
      'Mon, 04 Mar 2030, 10:45',
      'TP 432',
      'TAP Air Portugal',
    ].join('\n');
    expect(readLegs(text, '2030-01-01')).toMatchObject([
      { mode: 'flight', number: 'TP432', from: 'Lisbon Humberto Delgado, PT', to: 'Paris Orly, FR', date: '2030-03-04', time: '07:10', endTime: '10:45' },
    ]);
  });

  it('lands a late train given one day on the next morning, but not a flight or a short zone change', () => {
    const late = ['Data: 03.09.31', 'da 22:49 Groningen (IC 786)', 'a 00:52 Amsterdam Centraal'].join('\n');
    expect(readLegs(late, '2031-08-01')).toMatchObject([{ mode: 'train', date: '2031-09-03', time: '22:49', endDate: '2031-09-04', endTime: '00:52' }]);
    const zones = ['Data: 03.09.31', 'da 10:30 Paris Nord (ES 9014)', 'a 09:50 London St Pancras'].join('\n');
    expect(readLegs(zones, '2031-08-01')).toMatchObject([{ endDate: '2031-09-03', endTime: '09:50' }]);
  });

  it('reads a day without a year against the booking, not a passenger’s birth date or passport', async () => {
    const { extractReservations, readMessage } = await import('../../api/src/reservations/parsing/index.js');
    const raw = [
      'From: agent@example.com',
      'To: traveller@example.org',
      'Date: Tue, 05 Mar 2030 09:00:00 +0000',
      'Subject: Your itinerary',
      'Content-Type: text/plain; charset=utf-8',
      '',
      '1.1DOE/JANE MS  2.1DOE/SAM*11FEB2019',
      '1. BA  117 Y  20APR LHRJFK HK2  0820   1105  O',
      'SI.P1/SSRDOCSBAHK1/P/GB/123456789/GB/12JUL85/F/01AUG33/DOE/JANE',
    ].join('\r\n');
    const { reservations } = await extractReservations(await readMessage(Buffer.from(raw)));
    expect(reservations[0]).toMatchObject({ type: 'FLIGHT', date: '2030-04-20' });
  });
});

describe('dates in more of Europe’s languages', () => {
  it.each([
    ['Italian', 'venerdì 12 giugno 2031'],
    ['Dutch', 'vrijdag 12 juni 2031'],
    ['Portuguese', 'sexta-feira, 12 de junho de 2031'],
    ['Polish', 'piątek, 12 czerwca 2031'],
    ['Swedish', 'fredag 12 juni 2031'],
    ['Danish', 'fredag den 12. juni 2031'],
  ])('reads a %s date', async (_, written) => {
    const { findDate } = await import('../../api/src/reservations/parsing/normalize.js');
    expect(findDate(`Departure: ${written}`)).toBe('2031-06-12');
  });
});

/** Markup (JSON-LD) whose times are written on the UTC clock, as pages generated from a database often are. */
describe('UTC times in markup', () => {
  const page = (event: Record<string, unknown>) =>
    `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...event })}</script></head><body></body></html>`;

  it('reads an event’s UTC times as the wall clock of the city its address names', () => {
    const [r] = fromMarkup(
      page({
        '@type': 'Event',
        name: 'Bike repair evening',
        startDate: '2031-02-14T17:30:00Z',
        endDate: '2031-02-14T20:00:00Z',
        location: {
          '@type': 'Place',
          name: 'Community hall',
          address: { '@type': 'PostalAddress', streetAddress: '12 Lindenweg', addressLocality: 'Munich', addressCountry: 'DE' },
        },
      }),
    );
    expect(r).toMatchObject({ date: '2031-02-14', time: '18:30', endDate: '2031-02-14', endTime: '21:00' });
    expect(r!.timeZone ?? null).toBeNull();
  });

  it('moves a flight’s UTC departure and arrival into each airport’s zone', () => {
    const [r] = fromMarkup(
      page({
        '@type': 'FlightReservation',
        reservationNumber: 'QX7KLM',
        reservationFor: {
          '@type': 'Flight',
          flightNumber: '412',
          airline: { '@type': 'Airline', iataCode: 'LH' },
          departureAirport: { '@type': 'Airport', iataCode: 'FRA' },
          arrivalAirport: { '@type': 'Airport', iataCode: 'JFK' },
          departureTime: '2031-07-03T11:00:00Z',
          arrivalTime: '2031-07-03T19:45:00Z',
        },
      }),
    );
    expect(r).toMatchObject({ date: '2031-07-03', time: '13:00', endDate: '2031-07-03', endTime: '15:45' });
  });

  it('keeps times with a local offset as written, and marks UTC times no place locates', () => {
    const local = fromMarkup(
      page({ '@type': 'Event', name: 'Choir concert', startDate: '2031-05-09T19:30:00+02:00', location: { '@type': 'Place', name: 'Munich' } }),
    )[0];
    expect(local).toMatchObject({ time: '19:30' });
    expect(local!.timeZone ?? null).toBeNull();
    const unplaced = fromMarkup(page({ '@type': 'Event', name: 'Online meetup', startDate: '2031-05-09T17:00:00Z' }))[0];
    expect(unplaced).toMatchObject({ date: '2031-05-09', time: '17:00', timeZone: 'UTC' });
  });
});

/** A ticket written as "Label:value" lines, as Indian and other railways' booking systems print them. */
describe('labelled train tickets and day-month-year dates with hyphens', () => {
  it('reads 14-Mar-2031 and 5/nov/31 as full dates, not as days without a year', () => {
    expect(findDates('Issued 14-Mar-2031, valid until 5/nov/31', '2029-01-01').map((d) => d.value)).toEqual(['2031-03-14', '2031-11-05']);
    expect(findDates('departs 07:40 21-AUG-2031', '2029-01-01').map((d) => d.value)).toEqual(['2031-08-21']);
  });

  it('reads the train, the boarding station, the departure and the PNR of a labelled ticket', () => {
    const text = [
      'PNR No.:4412098765,',
      'Train No.:22101,',
      'Scheduled Departure:21:05 14-Mar-2031,',
      'Date Of Journey:14-Mar-2031,',
      'Boarding Station:KALYAN JN - KYN,',
      'From:CHHATRAPATI SHIVAJI TERMINUS - CSMT,',
      'To:NAGPUR - NGP,',
      'Passenger Name:Asha Verma,',
    ].join('\n');
    expect(fromGeneralText(text, 'Ticket', '2031-02-01')).toMatchObject({
      type: 'TRAIN',
      title: '22101: KALYAN JN - KYN → NAGPUR - NGP',
      date: '2031-03-14',
      time: '21:05',
      fromLocation: 'KALYAN JN - KYN',
      toLocation: 'NAGPUR - NGP',
      confirmationNumber: '4412098765',
    });
    expect(confirmationIn('Your PNR number: 8812345670 is confirmed')).toBe('8812345670');
  });
});

describe('all-day calendar events with times in their description', () => {
  it('keeps the check-in and check-out times a stay’s description writes', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:stay-1@example.org',
      'DTSTAMP:20310101T000000Z',
      'SUMMARY:Hotel reservation: Harbour View Inn',
      'DESCRIPTION:Check-in: 2:00 PM\\nCheck-out: 11:00 AM\\nBooking number: 77120934',
      'LOCATION:Kaivokatu 3\\, Helsinki\\, Finland',
      'DTSTART;VALUE=DATE:20310612',
      'DTEND;VALUE=DATE:20310615',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(fromCalendar(ics)).toMatchObject([{ type: 'HOTEL', date: '2031-06-12', time: '14:00', endDate: '2031-06-14', endTime: '11:00' }]);
  });
});

/** Layouts the held-out real mail showed: labels over values, blank lines between, US clocks. */
describe('labels apart from their values', () => {
  // An itinerary as HTML mail turns into text: each label and value on its own line, blank lines between.
  const itinerary = (depart: string, arrive: string) =>
    [
      'Trip 1:',
      'Friday, 11/14/2031',
      '',
      'FLIGHT',
      '',
      '# 482',
      '',
      'DEPARTS',
      '',
      `${depart}`,
      '',
      'Denver',
      '',
      '[http://example.com/plane.png]',
      '',
      'ARRIVES',
      '',
      `${arrive}`,
      '',
      'Newark',
    ].join('\n');

  it('reads a flight whose labels, number and times sit on lines of their own', () => {
    expect(readLegs(itinerary('DEN 10:05AM', 'EWR 03:50PM'), '2031-10-01')).toMatchObject([
      { mode: 'flight', number: 'Flight 482', from: 'DEN', to: 'EWR', date: '2031-11-14', time: '10:05', endDate: '2031-11-14', endTime: '15:50' },
    ]);
  });

  it("lands an overnight flight on the next day by its airports' zones when the mail gives only the time", () => {
    expect(readLegs(itinerary('DEN 11:40PM', 'EWR 05:20AM'), '2031-10-01')[0]).toMatchObject({
      date: '2031-11-14',
      time: '23:40',
      endDate: '2031-11-15',
      endTime: '05:20',
    });
  });

  it('keeps the day for a flight that lands at an earlier clock time across the date line', () => {
    const [leg] = readLegs(['Date: 2031-05-02', 'Flight No. 17', 'Departure: 17:00 NRT', 'Arrival: 10:00 LAX'].join('\n'), null);
    expect(leg).toMatchObject({ number: 'Flight 17', from: 'NRT', to: 'LAX', date: '2031-05-02', endDate: '2031-05-02', endTime: '10:00' });
  });

  it('moves a landing at an earlier clock time to the next day when the airports are unknown', () => {
    const text = ['Date: 2031-05-02', 'Flight # 9', 'Departure: 22:30 Somewhere', 'Arrival: 06:10 Elsewhere'].join('\n');
    expect(readLegs(text, null)[0]).toMatchObject({ date: '2031-05-02', endDate: '2031-05-03', endTime: '06:10' });
  });

  it('reads a booking code after "Confirmation #" on the next written line', () => {
    expect(confirmationIn('Denver to Newark\nConfirmation #\n\nQX7RTP\nPassenger')).toBe('QX7RTP');
  });

  it('reads column heads over their values as labelled lines', () => {
    const stay = [
      'Check-in            Checkout',
      '',
      'WED, OCT 8, 2031    SUN, OCT 12, 2031',
      '   ',
      '4:00 PM             10:30 AM',
      '',
      'GUESTS',
      'Confirmation code',
      'HMX42TQ9',
    ].join('\n');
    expect(unfoldColumns(stay.split('\n')).slice(0, 2)).toEqual(['Check-in: WED, OCT 8, 2031 4:00 PM', 'Checkout: SUN, OCT 12, 2031 10:30 AM']);
    expect(fromGeneralText(unfoldColumns(stay.split('\n')).join('\n'), 'Your stay', null)).toMatchObject({
      type: 'HOTEL',
      date: '2031-10-08',
      time: '16:00',
      endDate: '2031-10-12',
      endTime: '10:30',
    });
  });

  it('leaves a table alone whose heads are not all time labels', () => {
    const table = ['Station        Date     Time', 'Lyon Part-Dieu  12.05.  ab 09:14'];
    expect(unfoldColumns(table)).toEqual(table);
  });
});

/** A stay's mail without labels for its name or address, and "Check in" written with a space. */
describe('a stay named and placed by its own lines', () => {
  const stay = [
    'Your booking is confirmed',
    'Thanks for choosing our hotels for your trip.',
    'HARBOURSIDE LODGE KIELDER',
    'Check in',
    'Sat 14 Feb 2032 from 2pm',
    'Check out',
    'Mon 16 Feb 2032 before 11am (2 nights)',
    'Hotel details',
    'KIELDER WATER',
    '12 Quayside Lane, GB, NE48 1BX',
    'Directions',
    'Continue along Quayside Lane 2 miles, then turn left',
    'Booking Reference',
    'KLD40917',
  ].join('\n');

  it('reads check-in and check-out labels written with a space', () => {
    expect(fromGeneralText(stay, null, null)).toMatchObject({
      type: 'HOTEL',
      date: '2032-02-14',
      time: '14:00',
      endDate: '2032-02-16',
      endTime: '11:00',
      confirmationNumber: 'KLD40917',
    });
  });

  it('takes the line naming the lodging for the title, not the word after a "Hotel details" heading', () => {
    expect(fromGeneralText(stay, null, null).title).toBe('HARBOURSIDE LODGE KIELDER');
    expect(lodgingNameIn('Thanks for staying at our hotel\nYour room is ready')).toBeNull();
  });

  it('takes the first line that reads as a street address, not a line of directions', () => {
    expect(fromGeneralText(stay, null, null).location).toBe('12 Quayside Lane, GB, NE48 1BX');
    expect(addressLineIn('Continue along Quayside Lane 2 miles, then turn left')).toBeNull();
  });
});
