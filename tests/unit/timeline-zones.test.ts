import { describe, expect, it } from 'vitest';
import { arrivalDateFor, canonicalZone, formatDuration, settleArrival } from '../../api/src/itinerary/timeZones.js';
import { arrivalDayMark, buildTimeline, expandItem, journeyDuration, zoneMark, type TimelineItemLike } from '../../web/src/pages/itinerary/timeline.js';
import { DATE_LINE, ROUND_TRIP, type ZoneCase } from '../support/zoneTrips.js';

/** An item as the API answers it for one of the journeys (zones and arrival day filled in). */
const answered = (c: ZoneCase, id: string): TimelineItemLike => {
  const i = c.item as Record<string, string>;
  return {
    id,
    title: i.title ?? i.flightNumber ?? i.hotelName ?? c.name,
    type: i.type as TimelineItemLike['type'],
    activityDate: i.activityDate ?? null,
    startTime: i.departureTime ?? i.startTime ?? null,
    endTime: i.arrivalTime ?? i.endTime ?? null,
    departureTime: i.departureTime ?? null,
    arrivalTime: i.arrivalTime ?? null,
    checkInDate: i.checkInDate ?? null,
    checkOutDate: i.checkOutDate ?? null,
    fromLocation: i.fromLocation ?? null,
    toLocation: i.toLocation ?? null,
    timeZone: c.expect.timeZone,
    arrivalTimeZone: c.expect.arrivalTimeZone ?? null,
    arrivalDate: c.expect.arrivalDate ?? null,
    createdAt: '2030-01-01T00:00:00Z',
  };
};
const byName = (cases: ZoneCase[], name: string) =>
  answered(
    cases.find((c) => c.name === name)!,
    name,
  );

describe('zone rules shared by the server and the timeline', () => {
  it('spells zones canonically and refuses what is not a place', () => {
    expect(canonicalZone('europe/lisbon')).toBe('Europe/Lisbon');
    expect(canonicalZone('UTC')).toBe('UTC');
    for (const bad of ['CET', '+01:00', 'Mars/Olympus', '', null, 7]) expect(canonicalZone(bad), String(bad)).toBeNull();
  });

  it('works out the arrival day: the next day to Tokyo, the previous one over the date line', () => {
    expect(arrivalDateFor({ date: '2030-03-29', time: '23:35', zone: 'Europe/Lisbon' }, { time: '19:00', zone: 'Asia/Tokyo' })).toBe('2030-03-30');
    expect(arrivalDateFor({ date: '2030-01-10', time: '08:00', zone: 'Pacific/Auckland' }, { time: '18:30', zone: 'Pacific/Honolulu' })).toBe('2030-01-09');
    const backwards = {
      date: '2030-05-01',
      time: '10:00',
      zone: 'Europe/Lisbon',
      arrivalDate: '2030-05-01',
      arrivalTime: '09:00',
      arrivalZone: 'Europe/Lisbon',
    };
    expect(settleArrival(backwards).error).not.toBeNull();
  });
});

describe('the timeline in time zones', () => {
  it('marks arrivals on another day (+1, -1) and says how long each journey takes, zones and DST counted', () => {
    const [outbound] = expandItem(byName(ROUND_TRIP.cases, 'outbound'));
    expect([arrivalDayMark(outbound!), formatDuration(journeyDuration(outbound!)!)]).toEqual(['+1', '10h 25m']);
    const [back] = expandItem(byName(ROUND_TRIP.cases, 'return'));
    // 14h30 after Lisbon moved to summer time (15h30 without it).
    expect([arrivalDayMark(back!), formatDuration(journeyDuration(back!)!)]).toEqual([null, '14h 30m']);
    const [train] = expandItem(byName(ROUND_TRIP.cases, 'sleeper'));
    expect([arrivalDayMark(train!), formatDuration(journeyDuration(train!)!)]).toEqual(['+1', '12h 8m']);
    const [dateLine] = expandItem(byName(DATE_LINE.cases, 'date line'));
    expect([arrivalDayMark(dateLine!), formatDuration(journeyDuration(dateLine!)!)]).toEqual(['-1', '9h 30m']);
  });

  it("names a zone only where it differs from the trip's", () => {
    const [outbound] = expandItem(byName(ROUND_TRIP.cases, 'outbound'));
    expect(zoneMark(outbound!.zone, outbound!.date, outbound!.start, ROUND_TRIP.tripZone, 'en-GB')).toMatch(/GMT|WET/);
    expect(zoneMark(outbound!.endZone, outbound!.endDate, outbound!.end, ROUND_TRIP.tripZone, 'en-GB')).toBeNull();
    const [hotel] = expandItem(byName(DATE_LINE.cases, 'hotel'));
    expect(zoneMark(hotel!.zone, hotel!.date, '15:00', DATE_LINE.tripZone, 'en-US')).toBe('HST');
  });

  it('orders a day by absolute time and compares absolute times for overlaps', () => {
    // 29 March: dinner in Tokyo at 20:00 (11:00 UTC) comes before the flight leaving Lisbon at 23:35 (23:35 UTC)...
    const dinner: TimelineItemLike = {
      id: 'dinner',
      title: 'Dinner',
      type: 'RESTAURANT',
      activityDate: '2030-03-29',
      startTime: '20:00',
      timeZone: 'Asia/Tokyo',
    };
    // ...and a call in New York at 09:00 (13:00 UTC) after it, though "09:00" sorts first as text.
    const call: TimelineItemLike = {
      id: 'call',
      title: 'Call',
      type: 'ACTIVITY',
      activityDate: '2030-03-29',
      startTime: '09:00',
      endTime: '10:00',
      timeZone: 'America/New_York',
    };
    // A Lisbon meeting at 13:30 local (13:30 UTC) overlaps the New York call; a Tokyo one at 13:30 (04:30 UTC) does not.
    const lisbon: TimelineItemLike = {
      id: 'lisbon',
      title: 'Lisbon meeting',
      type: 'ACTIVITY',
      activityDate: '2030-03-29',
      startTime: '13:30',
      timeZone: 'Europe/Lisbon',
    };
    const tokyo: TimelineItemLike = {
      id: 'tokyo',
      title: 'Tokyo meeting',
      type: 'ACTIVITY',
      activityDate: '2030-03-29',
      startTime: '13:30',
      timeZone: 'Asia/Tokyo',
    };
    const [day] = buildTimeline([byName(ROUND_TRIP.cases, 'outbound'), dinner, call, lisbon, tokyo]);
    expect(day!.entries.map((e) => e.item.id)).toEqual(['tokyo', 'dinner', 'call', 'lisbon', 'outbound']);
    const overlaps = Object.fromEntries(day!.entries.map((e) => [e.item.id, e.overlapsWith]));
    expect(overlaps).toEqual({ tokyo: [], dinner: [], call: ['Lisbon meeting'], lisbon: ['Call'], outbound: [] });
  });
});

describe('days in the reader’s zone', () => {
  it('lists each timed entry under the day it starts on in the reader’s zone, in instant order', () => {
    // Lisbon 23:35 on the 3rd is 08:35 on the 4th in Tokyo; a Tokyo breakfast at 07:00 on the 4th
    // comes first there, and an untimed entry keeps its own day.
    const late: TimelineItemLike = {
      id: 'late',
      title: 'Late walk',
      type: 'ACTIVITY',
      activityDate: '2030-06-03',
      startTime: '23:35',
      timeZone: 'Europe/Lisbon',
    };
    const breakfast: TimelineItemLike = {
      id: 'breakfast',
      title: 'Breakfast',
      type: 'RESTAURANT',
      activityDate: '2030-06-04',
      startTime: '07:00',
      timeZone: 'Asia/Tokyo',
    };
    const lunch: TimelineItemLike = { id: 'lunch', title: 'Lunch', type: 'RESTAURANT', activityDate: '2030-06-04', startTime: '12:00', timeZone: 'Asia/Tokyo' };
    const untimed: TimelineItemLike = { id: 'untimed', title: 'Museum', type: 'ACTIVITY', activityDate: '2030-06-03', timeZone: 'Europe/Lisbon' };
    const items = [late, breakfast, lunch, untimed];
    const atPlace = buildTimeline(items).map((g) => [g.date, g.entries.map((e) => e.item.id)]);
    expect(atPlace).toEqual([
      ['2030-06-03', ['untimed', 'late']],
      ['2030-06-04', ['breakfast', 'lunch']],
    ]);
    const inTokyo = buildTimeline(items, 'Asia/Tokyo').map((g) => [g.date, g.entries.map((e) => e.item.id)]);
    expect(inTokyo).toEqual([
      ['2030-06-03', ['untimed']],
      ['2030-06-04', ['breakfast', 'late', 'lunch']],
    ]);
  });
});

describe('the times a card shows', () => {
  it('shows local times at the place with zone, day mark and duration, or the reader’s own times', async () => {
    const { entryTimeText } = await import('../../web/src/pages/itinerary/timeline.js');
    const [outbound] = expandItem(byName(ROUND_TRIP.cases, 'outbound'));
    expect(entryTimeText(outbound!, { reference: ROUND_TRIP.tripZone, locale: 'en-US' })).toMatch(/^11:35 PM (GMT|WET)\S* – 7:00 PM \+1 · 10h 25m$/);
    const [dateLine] = expandItem(byName(DATE_LINE.cases, 'date line'));
    expect(entryTimeText(dateLine!, { reference: DATE_LINE.tripZone, locale: 'en-US' })).toBe('8:00 AM – 6:30 PM HST -1 · 9h 30m');
    // Read from London: 19:00 UTC → 04:30 UTC the next day.
    expect(entryTimeText(dateLine!, { reference: DATE_LINE.tripZone, locale: 'en-US', readerZone: 'Europe/London' })).toBe(
      '7:00 PM – 4:30 AM +1 (your time) · 9h 30m',
    );
  });
});

describe('a round trip in one item', () => {
  it('shows the way back with its own times, zones, day and duration', async () => {
    const { entryTimeText } = await import('../../web/src/pages/itinerary/timeline.js');
    const item: TimelineItemLike = {
      ...byName(ROUND_TRIP.cases, 'outbound'),
      returnDate: '2030-04-05',
      returnDepartureTime: '11:00',
      returnArrivalTime: '17:30',
      returnTimeZone: 'Asia/Tokyo',
      returnArrivalTimeZone: 'Europe/Lisbon',
      returnArrivalDate: '2030-04-05',
    };
    const [, back] = expandItem(item);
    expect(back).toMatchObject({
      part: 'return',
      date: '2030-04-05',
      start: '11:00',
      end: '17:30',
      zone: 'Asia/Tokyo',
      endZone: 'Europe/Lisbon',
      from: 'Tokyo (NRT)',
    });
    expect(formatDuration(journeyDuration(back!)!)).toBe('14h 30m');
    expect(entryTimeText(back!, { reference: ROUND_TRIP.tripZone, locale: 'en-GB' })).toMatch(/^11:00 – 17:30 (BST|GMT\+1|WEST) · 14h 30m$/);
    // Without its times the way back is shown untimed, never with the outbound flight's.
    const [, untimed] = expandItem({ ...item, returnDepartureTime: null, returnArrivalTime: null, returnArrivalDate: null });
    expect([untimed!.start, untimed!.end, entryTimeText(untimed!, { reference: ROUND_TRIP.tripZone })]).toEqual([null, null, null]);
  });
});
