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
  weather: { temperature: string; condition: string };
  attractions: string[];
  activities: string[];
  latitude: number;
  longitude: number;
  /** A stored guide to read more, when there is one. */
  guideSlug?: string;
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
    weather: { temperature: '22°C', condition: 'Sunny' },
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
    weather: { temperature: '30°C', condition: 'Tropical' },
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
    weather: { temperature: '8°C', condition: 'Crisp' },
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
    weather: { temperature: '18°C', condition: 'Mild' },
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
    weather: { temperature: '20°C', condition: 'Changeable' },
    attractions: ['Milford Sound', 'Tongariro Crossing', 'Hobbiton'],
    activities: ['Bungee jumping', 'Campervan road trip', 'Glacier hike'],
    latitude: -44.0,
    longitude: 170.5,
  },
];
