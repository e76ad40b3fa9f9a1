/**
 * The journeys of issue 28, shared by the API, feed and timeline tests: each item with the zones
 * and absolute instants it must come out with (UTC, worked out by hand).
 */
export interface ZoneCase {
  name: string;
  item: Record<string, unknown>;
  expect: { timeZone: string; arrivalTimeZone?: string; arrivalDate?: string; startsAt?: string; endsAt?: string };
}

export interface ZoneTrip {
  trip: { name: string; startDate: string; endDate: string; destination: Record<string, unknown> };
  tripZone: string;
  cases: ZoneCase[];
}

/** Lisbon → Tokyo → Lisbon across the EU's DST change (31 March 2030), with an overnight train in Japan. */
export const ROUND_TRIP: ZoneTrip = {
  trip: {
    name: 'Tokyo in spring',
    startDate: '2030-03-29',
    endDate: '2030-04-06',
    destination: { mainText: 'Tokyo', secondaryText: 'Japan', latitude: 35.6762, longitude: 139.6503 },
  },
  tripZone: 'Asia/Tokyo',
  cases: [
    {
      name: 'outbound',
      item: {
        type: 'FLIGHT',
        flightNumber: 'TP 88',
        fromLocation: 'Lisbon (LIS)',
        toLocation: 'Tokyo (NRT)',
        activityDate: '2030-03-29',
        departureTime: '23:35',
        arrivalTime: '19:00',
      },
      // 23:35 WET (UTC+0) → 19:00 JST the next day.
      expect: {
        timeZone: 'Europe/Lisbon',
        arrivalTimeZone: 'Asia/Tokyo',
        arrivalDate: '2030-03-30',
        startsAt: '2030-03-29T23:35:00Z',
        endsAt: '2030-03-30T10:00:00Z',
      },
    },
    {
      name: 'sleeper',
      item: {
        type: 'TRANSPORT',
        title: 'Sunrise Izumo',
        fromLocation: 'Tokyo',
        toLocation: 'Izumo',
        activityDate: '2030-04-03',
        startTime: '21:50',
        endTime: '09:58',
      },
      expect: {
        timeZone: 'Asia/Tokyo',
        arrivalTimeZone: 'Asia/Tokyo',
        arrivalDate: '2030-04-04',
        startsAt: '2030-04-03T12:50:00Z',
        endsAt: '2030-04-04T00:58:00Z',
      },
    },
    {
      name: 'return',
      item: {
        type: 'FLIGHT',
        flightNumber: 'TP 89',
        fromLocation: 'NRT',
        toLocation: 'LIS',
        activityDate: '2030-04-05',
        departureTime: '11:00',
        arrivalTime: '17:30',
      },
      // 11:00 JST → 17:30 WEST (UTC+1 since 31 March): 14h30 in the air, not 15h30.
      expect: {
        timeZone: 'Asia/Tokyo',
        arrivalTimeZone: 'Europe/Lisbon',
        arrivalDate: '2030-04-05',
        startsAt: '2030-04-05T02:00:00Z',
        endsAt: '2030-04-05T16:30:00Z',
      },
    },
  ],
};

/** Over the date line: Auckland 08:00 → Honolulu 18:30 the previous calendar day; the hotel is in Honolulu's zone, not the trip's. */
export const DATE_LINE: ZoneTrip = {
  trip: {
    name: 'Auckland and Hawaii',
    startDate: '2030-01-08',
    endDate: '2030-01-15',
    destination: { mainText: 'Auckland', secondaryText: 'New Zealand', latitude: -36.8485, longitude: 174.7633 },
  },
  tripZone: 'Pacific/Auckland',
  cases: [
    {
      name: 'date line',
      item: {
        type: 'FLIGHT',
        flightNumber: 'NZ 10',
        fromLocation: 'Auckland (AKL)',
        toLocation: 'Honolulu (HNL)',
        activityDate: '2030-01-10',
        departureTime: '08:00',
        arrivalTime: '18:30',
      },
      // 08:00 NZDT (UTC+13) → 18:30 HST (UTC-10) on the 9th.
      expect: {
        timeZone: 'Pacific/Auckland',
        arrivalTimeZone: 'Pacific/Honolulu',
        arrivalDate: '2030-01-09',
        startsAt: '2030-01-09T19:00:00Z',
        endsAt: '2030-01-10T04:30:00Z',
      },
    },
    {
      name: 'hotel',
      item: {
        type: 'ACCOMMODATION',
        hotelName: 'Waikiki Beach Hotel',
        latitude: 21.2793,
        longitude: -157.8292,
        checkInDate: '2030-01-09',
        checkOutDate: '2030-01-12',
      },
      expect: { timeZone: 'Pacific/Honolulu' },
    },
  ],
};

/** camelCase item fields as the REST rows name them. */
export const snake = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
