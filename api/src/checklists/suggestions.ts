import { climateFor, type ClimateMonth } from './climate.js';

/**
 * "Suggest items": a checklist built from what the product knows of a trip. Pure (the service
 * gathers the facts): the destination's climate normals for the trip's months, its length, the
 * kinds of items on the itinerary, its reservations and its members' travel preferences. Each
 * suggestion says why; per-person ones go on each member's own list, shared ones once.
 */

export type SuggestionCategory = 'PACKING_LIST' | 'PRE_TRIP' | 'DURING_TRIP';
export interface ChecklistSuggestion {
  description: string;
  category: SuggestionCategory;
  reason: string;
  perPerson: boolean;
}

export interface SuggestionFacts {
  destination: string | null;
  destinationLat: number | null;
  destinationLng: number | null;
  /** 'YYYY-MM-DD' calendar days. */
  startDate: string | null;
  endDate: string | null;
  tripText: string;
  items: { type: string; title: string; notes?: string | null; location?: string | null }[];
  reservationCount: number;
  members: { country: string | null; activities: string[]; travelStyle: string[]; preferredDestinations: string[]; transportation: string[] }[];
  existing: string[];
}

/** How two descriptions are compared: case and spacing do not count. */
export const sameItem = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

const HIKE = /\b(hike|hiking|trek|trekking|trail|summit|mountain|hut|via ferrata|camino|national park)\b/i;
const BEACH = /\b(beach|playa|praia|plage|snorkel|snorkelling|snorkeling|surf|surfing|dive|diving|island|lagoon|pool|cenote|swim)\b/i;
const SKI = /\b(ski|skiing|snowboard|snowboarding|slopes|piste|lift pass|apres)\b/i;
const CAR = /\b(car rental|rental car|car hire|hire car|rent a car|hertz|avis|sixt|europcar|enterprise|alamo|road trip)\b/i;
const NIGHT = /\b(opera|gala|fine dining|michelin|theatre|theater|wedding)\b/i;

function monthsOf(start: string | null, end: string | null): number[] {
  if (!start) return [];
  const s = new Date(`${start}T00:00:00Z`);
  const e = end ? new Date(`${end}T00:00:00Z`) : s;
  const out: number[] = [];
  for (let d = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), 1)); d <= e && out.length < 12; d.setUTCMonth(d.getUTCMonth() + 1))
    out.push(d.getUTCMonth() + 1);
  return out;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function suggestChecklist(f: SuggestionFacts): ChecklistSuggestion[] {
  const out: ChecklistSuggestion[] = [];
  const add = (description: string, category: SuggestionCategory, perPerson: boolean, reason: string) => out.push({ description, category, perPerson, reason });

  const months = monthsOf(f.startDate, f.endDate);
  const nights = f.startDate && f.endDate ? Math.max(0, Math.round((Date.parse(f.endDate) - Date.parse(f.startDate)) / 86_400_000)) : null;
  const climate: ClimateMonth[] = months.length ? climateFor(f.destination, f.destinationLat, f.destinationLng, months) : [];
  const text = [f.tripText, ...f.items.map((i) => `${i.title} ${i.notes ?? ''} ${i.location ?? ''}`)].join(' \n ');
  const prefs = (pick: (m: SuggestionFacts['members'][number]) => string[]) => new Set(f.members.flatMap(pick));
  const activities = prefs((m) => m.activities);
  const styles = prefs((m) => m.travelStyle);
  const places = prefs((m) => m.preferredDestinations);
  const transport = prefs((m) => m.transportation);

  // Climate
  if (climate.length) {
    const high = Math.max(...climate.map((c) => c.high));
    const low = Math.min(...climate.map((c) => c.low));
    const rain = Math.max(...climate.map((c) => c.rainDays));
    const c = climate[0]!;
    const when = months.map((m) => MONTHS[m - 1]).join('–');
    const where = c.source === 'latitude' ? `${c.place} (an estimate from its latitude)` : c.source === 'nearby' ? `near ${c.place}` : c.place;
    const normals = `${where} in ${when}: highs around ${high} °C, lows around ${low} °C, about ${rain} rainy days a month`;
    if (low <= 5) {
      add('Warm winter coat', 'PACKING_LIST', true, `Cold: ${normals}.`);
      add('Hat, gloves and scarf', 'PACKING_LIST', true, `Cold: ${normals}.`);
    }
    if (low <= -3) add('Thermal base layers', 'PACKING_LIST', true, `Freezing nights: ${normals}.`);
    if (low <= 0) add('Waterproof boots with good grip', 'PACKING_LIST', true, `Ice and snow are likely: ${normals}.`);
    if (low > 5 && high < 20) add('Warm layers (fleece or sweater)', 'PACKING_LIST', true, `Cool: ${normals}.`);
    if (high >= 27) {
      add('Sunscreen (SPF 30+)', 'PACKING_LIST', false, `Hot and sunny: ${normals}.`);
      add('Sun hat and sunglasses', 'PACKING_LIST', true, `Hot and sunny: ${normals}.`);
      add('Light, breathable clothes', 'PACKING_LIST', true, `Hot: ${normals}.`);
      add('Reusable water bottle', 'PACKING_LIST', true, `Stay hydrated in the heat: ${normals}.`);
    }
    if (high >= 27 && rain >= 10) add('Insect repellent', 'PACKING_LIST', false, `Hot and wet: ${normals}.`);
    if (rain >= 8) add('Compact umbrella or rain jacket', 'PACKING_LIST', true, `Rain is likely: ${normals}.`);
  }

  // Length
  if (nights !== null) {
    if (nights >= 1)
      add(
        `Clothes for ${Math.min(nights + 1, 7)} days`,
        'PACKING_LIST',
        true,
        `The trip is ${nights} night${nights === 1 ? '' : 's'} long${nights >= 7 ? '; plan one laundry stop' : ''}.`,
      );
    if (nights >= 7) add('Laundry plan (travel detergent or a laundrette)', 'DURING_TRIP', false, `The trip is ${nights} nights long.`);
  }

  // Always useful
  add('Phone charger and cable', 'PACKING_LIST', true, 'Every trip.');
  add('Personal medication', 'PACKING_LIST', true, 'Every trip: enough for the whole stay, in hand luggage.');
  add('First-aid kit', 'PACKING_LIST', false, 'One for the group is enough.');
  add('Travel insurance', 'PRE_TRIP', true, 'Every trip: check what it covers before you go.');

  // Itinerary kinds
  const flights = f.items.filter((i) => i.type === 'FLIGHT').length;
  const destCountry = climate[0]?.country ?? null;
  const homeCountries = [...new Set(f.members.map((m) => m.country).filter((c): c is string => !!c && c !== 'OTHER'))];
  const international = !!destCountry && homeCountries.some((c) => c !== destCountry);
  if (flights) {
    add('Check in online and save boarding passes', 'PRE_TRIP', true, `${flights} flight${flights === 1 ? '' : 's'} on the itinerary.`);
    add('Check the baggage allowance', 'PRE_TRIP', false, `${flights} flight${flights === 1 ? '' : 's'} on the itinerary.`);
  }
  if (international) {
    const from = homeCountries.filter((c) => c !== destCountry).join(', ');
    add('Passport (valid 6 months past return)', 'PACKING_LIST', true, `International: ${c(destCountry)} from ${from}.`);
    add('Check visa or entry requirements', 'PRE_TRIP', true, `International: ${c(destCountry)} from ${from}.`);
    add('Power adapter', 'PACKING_LIST', false, `International: plugs may differ in ${c(destCountry)}.`);
    add('Tell your bank you are travelling', 'PRE_TRIP', true, `International: cards abroad.`);
  } else if (flights && !destCountry) {
    add('Passport or ID', 'PACKING_LIST', true, 'Flights need an ID; a passport if you cross a border.');
  }
  if (CAR.test(text) || f.items.some((i) => i.type === 'TRANSPORT' && /\bcar\b/i.test(i.title)) || styles.has('Road trip') || transport.has('Rental car')) {
    add('Driving licence', 'PACKING_LIST', true, 'A car rental or road trip is planned.');
    if (international) add('International Driving Permit (check if needed)', 'PRE_TRIP', true, `Driving abroad in ${c(destCountry)}.`);
  }
  if (HIKE.test(text) || activities.has('Hiking') || places.has('Mountains')) {
    const why = HIKE.test(text) ? 'A hike is on the itinerary.' : 'Hiking is among the crew’s travel preferences.';
    add('Hiking boots', 'PACKING_LIST', true, why);
    add('Daypack', 'PACKING_LIST', true, why);
  }
  if (BEACH.test(text) || activities.has('Water sports') || places.has('Beaches & islands')) {
    const why = BEACH.test(text) ? 'The beach or water is on the itinerary.' : 'Beaches and water sports are among the crew’s preferences.';
    add('Swimwear', 'PACKING_LIST', true, why);
    add('Beach towel', 'PACKING_LIST', true, why);
    add('Sunscreen (SPF 30+)', 'PACKING_LIST', false, why);
  }
  if (SKI.test(text)) {
    add('Ski jacket and trousers', 'PACKING_LIST', true, 'Skiing is on the itinerary.');
    add('Goggles and helmet', 'PACKING_LIST', true, 'Skiing is on the itinerary.');
    add('Book lift passes', 'PRE_TRIP', false, 'Skiing is on the itinerary.');
  }
  if (NIGHT.test(text) || styles.has('Luxury'))
    add('One smart outfit', 'PACKING_LIST', true, NIGHT.test(text) ? 'A dressy evening is planned.' : 'Luxury is among the crew’s travel styles.');
  if (activities.has('Sightseeing') || activities.has('Museums & culture'))
    add('Comfortable walking shoes', 'PACKING_LIST', true, 'Sightseeing is among the crew’s preferences.');
  if (activities.has('Museums & culture') || styles.has('Cultural'))
    add('Book museum tickets ahead', 'PRE_TRIP', false, 'Museums and culture are among the crew’s preferences.');
  if (styles.has('Backpacking')) add('Padlock for hostel lockers', 'PACKING_LIST', true, 'Backpacking is among the crew’s travel styles.');
  if (f.reservationCount > 0)
    add(
      'Save reservation confirmations offline',
      'PRE_TRIP',
      false,
      `${f.reservationCount} reservation${f.reservationCount === 1 ? '' : 's'} forwarded to this trip.`,
    );
  if (f.members.length > 1) add('Share emergency contacts with the group', 'PRE_TRIP', false, `${f.members.length} people are travelling.`);

  // One of each, and none the trip's checklists already hold.
  const seen = new Set(f.existing.map(sameItem));
  return out.filter((s) => {
    const key = sameItem(s.description);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const c = (country: string | null) => country ?? 'the destination';
