/**
 * The explore page's destinations (browser-safe: the web app shows them, the server knows their
 * ids). Average costs are per person per day, in minor units with their currency.
 */
export const EXPLORE_CATEGORIES = [
  { id: 'all', label: 'All' },
  { id: 'city', label: 'City' },
  { id: 'beach', label: 'Beach' },
  { id: 'mountain', label: 'Mountain' },
  { id: 'cultural', label: 'Cultural' },
  { id: 'adventure', label: 'Adventure' },
] as const;
export type ExploreCategory = Exclude<(typeof EXPLORE_CATEGORIES)[number]['id'], 'all'>;

export interface Destination {
  id: string;
  name: string;
  country: string;
  description: string;
  rating: number;
  category: ExploreCategory;
  bestTimeToVisit: string;
  averageCost: { amount: number; currency: 'USD' | 'EUR' };
  /** Climate normals (1991-2020, rounded) of the station that stands for the destination. */
  climate: Climate;
  attractions: string[];
  activities: string[];
  latitude: number;
  longitude: number;
  /** A stored guide to read more, when there is one. */
  guideSlug?: string;
}

export interface Climate {
  station: string;
  /** Average daily highs and lows in °C, January first. */
  highsC: readonly number[];
  lowsC: readonly number[];
}

/** What a month is like there, in words a traveller packs by, from its average high. */
function feel(highC: number): string {
  if (highC >= 30) return 'hot';
  if (highC >= 24) return 'warm';
  if (highC >= 17) return 'mild';
  if (highC >= 10) return 'cool';
  return highC >= 0 ? 'cold' : 'freezing';
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A destination's usual weather in a month (0 = January): its average high and low, and how that feels. */
export function usualWeather(climate: Climate, month: number) {
  const m = ((month % 12) + 12) % 12;
  const high = climate.highsC[m]!;
  const low = climate.lowsC[m]!;
  return { month: MONTHS[m]!, high, low, feel: feel(high), summary: `${MONTHS[m]}: usually ${high}°C by day, ${low}°C at night (${feel(high)})` };
}

export const DESTINATIONS: readonly Destination[] = [
  {
    id: 'barcelona',
    name: 'Barcelona',
    country: 'Spain',
    description: 'Gaudí’s city on the Mediterranean: beaches, late dinners and architecture you have to see to believe.',
    rating: 4.8,
    category: 'city',
    bestTimeToVisit: 'May to June, September to October',
    averageCost: { amount: 12000, currency: 'EUR' },
    climate: { station: 'Barcelona', highsC: [15, 16, 18, 20, 23, 27, 30, 30, 27, 23, 18, 15], lowsC: [6, 6, 9, 11, 14, 18, 21, 22, 18, 15, 10, 7] },
    attractions: ['Sagrada Família', 'Park Güell', 'Gothic Quarter'],
    activities: ['Tapas crawl', 'Beach day', 'Architecture walk'],
    latitude: 41.3874,
    longitude: 2.1686,
    guideSlug: 'barcelona',
  },
  {
    id: 'bali',
    name: 'Bali',
    country: 'Indonesia',
    description: 'Rice terraces, surf beaches and temples, with villas big enough for the whole crew.',
    rating: 4.7,
    category: 'beach',
    bestTimeToVisit: 'April to October',
    averageCost: { amount: 7000, currency: 'USD' },
    climate: { station: 'Denpasar', highsC: [31, 31, 31, 31, 31, 30, 29, 30, 30, 31, 31, 31], lowsC: [24, 24, 24, 24, 24, 23, 23, 23, 23, 24, 24, 24] },
    attractions: ['Uluwatu Temple', 'Tegallalang rice terraces', 'Seminyak beach'],
    activities: ['Surf lessons', 'Sunrise hike on Mount Batur', 'Cooking class'],
    latitude: -8.3405,
    longitude: 115.092,
  },
  {
    id: 'swiss-alps',
    name: 'Swiss Alps',
    country: 'Switzerland',
    description: 'Glacier views, mountain trains and chalets: skiing in winter, hiking all summer.',
    rating: 4.9,
    category: 'mountain',
    bestTimeToVisit: 'December to March, June to September',
    averageCost: { amount: 25000, currency: 'USD' },
    climate: { station: 'Interlaken', highsC: [2, 5, 10, 14, 18, 22, 24, 23, 19, 14, 8, 3], lowsC: [-5, -4, 0, 3, 7, 10, 12, 12, 9, 5, 0, -4] },
    attractions: ['Matterhorn', 'Jungfraujoch', 'Lauterbrunnen valley'],
    activities: ['Skiing', 'Alpine hiking', 'Scenic train rides'],
    latitude: 46.5584,
    longitude: 7.9843,
  },
  {
    id: 'kyoto',
    name: 'Kyoto',
    country: 'Japan',
    description: 'Temples, tea houses and gardens in Japan’s old capital, best with time to wander.',
    rating: 4.8,
    category: 'cultural',
    bestTimeToVisit: 'March to May, October to November',
    averageCost: { amount: 15000, currency: 'USD' },
    climate: { station: 'Kyoto', highsC: [9, 10, 14, 20, 25, 28, 32, 34, 29, 23, 17, 12], lowsC: [1, 2, 4, 9, 14, 19, 23, 24, 20, 14, 8, 3] },
    attractions: ['Fushimi Inari', 'Kinkaku-ji', 'Arashiyama bamboo grove'],
    activities: ['Tea ceremony', 'Temple walks', 'Nishiki market tasting'],
    latitude: 35.0116,
    longitude: 135.7681,
  },
  {
    id: 'new-zealand',
    name: 'New Zealand',
    country: 'New Zealand',
    description: 'Fjords, volcanoes and road trips: the adventure capital of the world.',
    rating: 4.6,
    category: 'adventure',
    bestTimeToVisit: 'December to March',
    averageCost: { amount: 18000, currency: 'USD' },
    climate: { station: 'Queenstown', highsC: [22, 22, 19, 15, 11, 8, 8, 10, 13, 16, 18, 21], lowsC: [10, 10, 8, 5, 3, 0, -1, 1, 3, 5, 7, 9] },
    attractions: ['Milford Sound', 'Tongariro Crossing', 'Hobbiton'],
    activities: ['Bungee jumping', 'Campervan road trip', 'Glacier hike'],
    latitude: -44.0,
    longitude: 170.5,
  },
];
