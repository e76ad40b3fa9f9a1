import { describe, expect, it } from 'vitest';
import { returnLegTitle } from '../../api/src/itinerary/messages.js';
import {
  buildTimeline,
  dayHeading,
  expandItem,
  findOverlaps,
  formatTimeRange,
  sortEntries,
  expandItems,
  spanOf,
  type TimelineItemLike,
} from '../../web/src/pages/itinerary/timeline.js';
import { formatDistance, mapBox, mapCentre, NEW_YORK, hasCoordinates } from '../../web/src/pages/itinerary/geo.js';

let n = 0;
const item = (fields: Partial<TimelineItemLike> & Pick<TimelineItemLike, 'type'>): TimelineItemLike => {
  n += 1;
  return { id: `i${n}`, title: `Item ${n}`, createdAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`, ...fields };
};

describe('expanding items into timeline entries', () => {
  it('gives a round-trip flight a Departure and a Return entry, from and to swapped on the return', () => {
    const flight = item({
      type: 'FLIGHT',
      title: 'TP 1234',
      activityDate: '2026-06-01',
      returnDate: '2026-06-08',
      departureTime: '08:15',
      arrivalTime: '10:40',
      fromLocation: 'Lisbon',
      toLocation: 'Rome',
    });
    const [out, back, ...rest] = expandItem(flight);
    expect(rest).toEqual([]);
    expect(out).toMatchObject({ label: 'Departure', date: '2026-06-01', start: '08:15', end: '10:40', from: 'Lisbon', to: 'Rome', item: flight });
    expect(back).toMatchObject({ label: 'Return', date: '2026-06-08', from: 'Rome', to: 'Lisbon', item: flight });
    expect(out.key).not.toBe(back.key);
  });

  it('shows a one-way flight, or one returning the same day, once', () => {
    expect(expandItem(item({ type: 'FLIGHT', activityDate: '2026-06-01' }))).toHaveLength(1);
    const sameDay = expandItem(item({ type: 'FLIGHT', activityDate: '2026-06-01', returnDate: '2026-06-01', departureTime: '07:00' }));
    expect(sameDay).toHaveLength(1);
    expect(sameDay[0]).toMatchObject({ label: null, start: '07:00' });
  });

  it('gives a stay with different check-in and check-out dates a Check-in and a Check-out entry', () => {
    const hotel = item({ type: 'ACCOMMODATION', title: 'Casa Azul', checkInDate: '2026-06-01', checkOutDate: '2026-06-04' });
    const entries = expandItem(hotel);
    expect(entries.map((e) => [e.label, e.date])).toEqual([
      ['Check-in', '2026-06-01'],
      ['Check-out', '2026-06-04'],
    ]);
    expect(entries.every((e) => e.item === hotel)).toBe(true);
    expect(expandItem(item({ type: 'ACCOMMODATION', checkInDate: '2026-06-01', checkOutDate: '2026-06-01' }))).toHaveLength(1);
    expect(expandItem(item({ type: 'ACCOMMODATION', checkInDate: '2026-06-02' }))[0]).toMatchObject({ label: null, date: '2026-06-02' });
  });

  it('leaves other types as one entry on their activity date', () => {
    const lunch = item({ type: 'RESTAURANT', activityDate: '2026-06-02', startTime: '12:30', endTime: '14:00', returnDate: '2026-06-09' });
    expect(expandItem(lunch)).toEqual([expect.objectContaining({ label: null, date: '2026-06-02', start: '12:30', end: '14:00' })]);
  });
});

describe('sorting and grouping', () => {
  it('sorts by date then time, untimed first within a day, undated last', () => {
    const late = item({ type: 'ACTIVITY', title: 'Late', activityDate: '2026-06-02', startTime: '18:00' });
    const early = item({ type: 'ACTIVITY', title: 'Early', activityDate: '2026-06-02', startTime: '09:00' });
    const untimed = item({ type: 'ACTIVITY', title: 'Untimed', activityDate: '2026-06-02' });
    const undated = item({ type: 'OTHER', title: 'Someday' });
    const first = item({ type: 'EVENT', title: 'First', activityDate: '2026-06-01', startTime: '23:00' });
    const sorted = sortEntries(expandItems([undated, late, early, untimed, first]));
    expect(sorted.map((e) => e.item.title)).toEqual(['First', 'Untimed', 'Early', 'Late', 'Someday']);
  });

  it("puts a flight's return on its own day and groups entries under day headings", () => {
    const flight = item({ type: 'FLIGHT', title: 'Out and back', activityDate: '2026-06-01', returnDate: '2026-06-03' });
    const dinner = item({ type: 'RESTAURANT', title: 'Dinner', activityDate: '2026-06-02', startTime: '20:00' });
    const undated = item({ type: 'OTHER', title: 'Souvenirs' });
    const groups = buildTimeline([undated, dinner, flight]);
    expect(groups.map((g) => [g.key, g.entries.map((e) => e.label ?? e.item.title)])).toEqual([
      ['2026-06-01', ['Departure']],
      ['2026-06-02', ['Dinner']],
      ['2026-06-03', ['Return']],
      ['undated', ['Souvenirs']],
    ]);
    expect(groups[3].date).toBeNull();
    expect(buildTimeline([])).toEqual([]);
  });

  it("writes day headings with the weekday and date in the reader's locale", () => {
    expect(dayHeading('2026-06-02', 'en-US')).toBe('Tuesday, June 2, 2026');
    expect(dayHeading('2026-06-02', 'de-DE')).toBe('Dienstag, 2. Juni 2026');
    expect(dayHeading(null, 'en-US')).toBe('Not scheduled yet');
    expect(formatTimeRange('09:30', '11:00', 'en-US')).toBe('9:30 AM – 11:00 AM');
    expect(formatTimeRange('14:05', null, 'de-DE')).toBe('14:05');
    expect(formatTimeRange(null, null, 'en-US')).toBeNull();
  });
});

describe('overlaps', () => {
  it('flags entries whose times overlap on the same day, naming the other one', () => {
    const museum = item({ type: 'ACTIVITY', title: 'Museum', activityDate: '2026-06-02', startTime: '10:00', endTime: '12:00' });
    const lunch = item({ type: 'RESTAURANT', title: 'Lunch', activityDate: '2026-06-02', startTime: '11:30', endTime: '13:00' });
    const walk = item({ type: 'ACTIVITY', title: 'Walk', activityDate: '2026-06-02', startTime: '13:00', endTime: '14:00' });
    const nextDay = item({ type: 'ACTIVITY', title: 'Same time, next day', activityDate: '2026-06-03', startTime: '10:30' });
    const untimed = item({ type: 'ACTIVITY', title: 'Untimed', activityDate: '2026-06-02' });
    const groups = buildTimeline([museum, lunch, walk, nextDay, untimed]);
    const byTitle = Object.fromEntries(groups.flatMap((g) => g.entries).map((e) => [e.item.title, e.overlapsWith]));
    expect(byTitle).toEqual({ Museum: ['Lunch'], Lunch: ['Museum'], Walk: [], 'Same time, next day': [], Untimed: [] });
  });

  it('counts a moment inside a span and equal start times, not back-to-back spans', () => {
    const call = item({ type: 'EVENT', title: 'Call', activityDate: '2026-06-02', startTime: '10:30' });
    const tour = item({ type: 'ACTIVITY', title: 'Tour', activityDate: '2026-06-02', startTime: '10:00', endTime: '11:00' });
    const after = item({ type: 'EVENT', title: 'After', activityDate: '2026-06-02', startTime: '11:00' });
    const overlaps = findOverlaps(expandItems([call, tour, after]));
    expect(overlaps.get(`${call.id}:whole`)).toEqual(['Tour']);
    expect(overlaps.get(`${after.id}:whole`)).toBeUndefined();
  });

  it('lets a flight past midnight run to the end of its day and names entries with their part', () => {
    expect(spanOf({ start: '22:00', end: '01:30' })).toEqual([22 * 60, 24 * 60]);
    const flight = item({
      type: 'FLIGHT',
      title: 'Red-eye',
      activityDate: '2026-06-02',
      returnDate: '2026-06-09',
      departureTime: '22:00',
      arrivalTime: '01:30',
    });
    const party = item({ type: 'EVENT', title: 'Party', activityDate: '2026-06-02', startTime: '23:00' });
    const overlaps = findOverlaps(expandItems([flight, party]));
    expect(overlaps.get(`${party.id}:whole`)).toEqual(['Red-eye (Departure)']);
  });
});

describe('map geometry', () => {
  it('centres on the destination, New York without one, and spans 0.02 degrees around it', () => {
    expect(mapCentre({ latitude: 38.72, longitude: -9.14 })).toEqual({ latitude: 38.72, longitude: -9.14 });
    expect(mapCentre(null)).toEqual(NEW_YORK);
    expect(mapCentre({ latitude: 38.72, longitude: null })).toEqual({ latitude: 40.7128, longitude: -74.006 });
    const [[s, w], [north, e]] = mapBox({ latitude: 10, longitude: 20 });
    expect([s, w, north, e].map((v) => Number(v.toFixed(6)))).toEqual([9.98, 19.98, 10.02, 20.02]);
    expect(hasCoordinates({ latitude: 0, longitude: 0 })).toBe(true);
    expect(hasCoordinates({ latitude: null, longitude: 3 })).toBe(false);
    expect(hasCoordinates({ latitude: 91, longitude: 3 })).toBe(false);
  });

  it('reads distances as a person would say them', () => {
    expect(formatDistance(347, 'en-US')).toBe('350 m');
    expect(formatDistance(1234, 'en-US')).toBe('1.2 km');
    expect(formatDistance(12_600, 'en-US')).toBe('13 km');
  });
});

describe("a round trip's return leg", () => {
  it('is named by its own route when the title named the outbound flight or route, and keeps any other title', () => {
    expect(returnLegTitle('TP 1351: London → Lisbon', 'London', 'Lisbon', 'TP 1351')).toBe('Lisbon → London');
    expect(returnLegTitle('Air Canada AC 856: Toronto (YYZ) → London (LHR)', 'Toronto (YYZ)', 'London (LHR)')).toBe('London (LHR) → Toronto (YYZ)');
    expect(returnLegTitle('TP 1351', 'London', 'Lisbon', 'TP1351')).toBe('Lisbon → London');
    expect(returnLegTitle('Our flights home and back', 'London', 'Lisbon', 'TP 1351')).toBe('Our flights home and back');
    expect(returnLegTitle('TP 1351', null, 'Lisbon', 'TP 1351')).toBe('TP 1351');
  });
});
