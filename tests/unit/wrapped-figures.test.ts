import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  daysAndNights,
  flightCount,
  greatCircleKm,
  homeCurrency,
  longestTrip,
  shareOfWorld,
  spendingIn,
  storedRate,
  topCompanions,
  tripCountries,
  tripDistanceKm,
  type TripFacts,
} from '../../api/src/memories/figures.js';

const trip = (over: Partial<TripFacts>): TripFacts => ({
  id: 't',
  name: 'Trip',
  startDate: '2026-01-01',
  endDate: '2026-01-01',
  destination: null,
  places: [],
  flights: [],
  companions: [],
  ...over,
});

describe('Wrapped figures, worked out by hand', () => {
  it('days away and nights: overlapping trips once, a trip across New Year cut at the year', () => {
    // A: 10-14 March (days 10..14, nights 10..13); B: 13-16 March (days 13..16, nights 13..15):
    // together days 10..16 = 7, nights 10..15 = 6. C: 30 Dec 2025 - 2 Jan 2026: in 2026 days
    // 1 and 2 Jan = 2, nights only 1 Jan's = 1 (30 and 31 Dec's are 2025's).
    const trips = [
      { startDate: '2026-03-10', endDate: '2026-03-14' },
      { startDate: '2026-03-13', endDate: '2026-03-16' },
      { startDate: '2025-12-30', endDate: '2026-01-02' },
    ];
    expect(daysAndNights(trips, 2026)).toEqual({ days: 9, nights: 7 });
    expect(daysAndNights(trips, 2025)).toEqual({ days: 2, nights: 2 });
    // A day trip: one day, no night.
    expect(daysAndNights([{ startDate: '2026-05-01', endDate: '2026-05-01' }], 2026)).toEqual({ days: 1, nights: 0 });
  });

  it('distance: great circles within 1% of hand values', () => {
    // A quarter of a great circle: pi/2 * R = 1.5707963 * 6371.0088 = 10007.56 km.
    expect(greatCircleKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo(10007.56, 1);
    expect(greatCircleKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo(10007.56, 1);
    // One degree of a meridian: 6371.0088 * pi / 180 = 111.195 km.
    expect(greatCircleKm({ lat: 10, lng: 5 }, { lat: 11, lng: 5 })).toBeCloseTo(111.195, 2);
    // London Heathrow - New York JFK: 3,451 statute miles = 5,554 km (published route distance).
    const lhrJfk = greatCircleKm({ lat: 51.4706, lng: -0.461941 }, { lat: 40.639801, lng: -73.7789 });
    expect(Math.abs(lhrJfk - 5554) / 5554).toBeLessThan(0.01);
    // A round trip flown both ways counts twice; without flights, home -> destination -> home.
    const equator = { lat: 0, lng: 0, country: null, city: '' };
    const east = { lat: 0, lng: 90, country: null, city: '' };
    const flown = trip({ flights: [{ from: equator, to: east, roundTrip: true }] });
    expect(tripDistanceKm(flown, null)).toBeCloseTo(2 * 10007.56, 0);
    expect(flightCount([flown])).toBe(2);
    const driven = trip({ destination: east });
    expect(tripDistanceKm(driven, { lat: 0, lng: 0 })).toBeCloseTo(2 * 10007.56, 0);
    expect(tripDistanceKm(driven, null)).toBe(0);
    expect(EARTH_RADIUS_KM).toBe(6371.0088);
  });

  it('countries: destinations and landings, home only when a destination is there', () => {
    const lis = { lat: 38.78, lng: -9.14, country: 'PT', city: 'Lisbon' };
    const nrt = { lat: 35.76, lng: 140.39, country: 'JP', city: 'Tokyo' };
    const icn = { lat: 37.46, lng: 126.44, country: 'KR', city: 'Seoul' };
    const tokyo = trip({
      destination: nrt,
      flights: [
        { from: lis, to: icn, roundTrip: false },
        { from: icn, to: nrt, roundTrip: true },
        { from: nrt, to: lis, roundTrip: false },
      ],
    });
    expect(tripCountries([tokyo], 'PT')).toEqual(['JP', 'KR']);
    const porto = trip({ destination: { lat: 41.15, lng: -8.61, country: 'PT', city: 'Porto' } });
    expect(tripCountries([tokyo, porto], 'PT')).toEqual(['JP', 'KR', 'PT']);
  });

  it('spending in the home currency at stored rates only', () => {
    // Home EUR. 20.00 EUR food as it is; 50.00 USD stay entered on a EUR trip at 0.92 -> its
    // stored base 46.00 EUR; 10.00 GBP food on a USD trip (GBP->USD 1.25 stored) and a stored
    // USD->EUR 0.92: 10 * 1.25 * 0.92 = 11.50 EUR; 100.00 INR with no rate stays unconverted.
    const rates = [
      { from: 'GBP', to: 'USD', rate: 1.25 },
      { from: 'USD', to: 'EUR', rate: 0.92 },
    ];
    const s = spendingIn(
      'EUR',
      [
        { category: 'food', amountMinor: 2000, currency: 'EUR', baseAmountMinor: null, baseCurrency: null },
        { category: 'accommodation', amountMinor: 5000, currency: 'USD', baseAmountMinor: 4600, baseCurrency: 'EUR' },
        { category: 'food', amountMinor: 1000, currency: 'GBP', baseAmountMinor: 1250, baseCurrency: 'USD' },
        { category: 'shopping', amountMinor: 10000, currency: 'INR', baseAmountMinor: null, baseCurrency: null },
      ],
      rates,
    );
    expect(s).toEqual({
      currency: 'EUR',
      total: 2000 + 4600 + 1150,
      byCategory: [
        { category: 'accommodation', amount: 4600 },
        { category: 'food', amount: 3150 },
      ],
      unconverted: [{ currency: 'INR', amount: 10000 }],
    });
    // Inverse: EUR -> USD from the stored USD -> EUR 0.92 is 1/0.92.
    expect(storedRate(rates, 'EUR', 'USD')).toBeCloseTo(1 / 0.92, 10);
    expect(storedRate(rates, 'INR', 'EUR')).toBeNull();
  });

  it('longest trip, companions, home currency and share of the world', () => {
    const a = trip({ id: 'a', name: 'A', startDate: '2026-02-01', endDate: '2026-02-05', companions: [{ userId: 'g', name: 'Grace' }] });
    const b = trip({
      id: 'b',
      name: 'B',
      startDate: '2026-06-01',
      endDate: '2026-06-05',
      companions: [
        { userId: 'g', name: 'Grace' },
        { userId: 'l', name: 'Linus' },
      ],
    });
    expect(longestTrip([a, b])).toEqual({ id: 'a', name: 'A', days: 5 });
    expect(topCompanions([a, b])).toEqual([
      { userId: 'g', name: 'Grace', trips: 2 },
      { userId: 'l', name: 'Linus', trips: 1 },
    ]);
    expect([homeCurrency('PT'), homeCurrency('GB'), homeCurrency('JP'), homeCurrency(null)]).toEqual(['EUR', 'GBP', 'USD', 'USD']);
    // 23 of 195 = 0.1179... -> 0.118 ("11% of the world").
    expect(shareOfWorld(23)).toBe(0.118);
  });
});
