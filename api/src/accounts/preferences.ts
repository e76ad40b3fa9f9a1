/**
 * Travel-preference choices. The server validates against these
 * and the web app renders them, so there is one list. Pure data: safe to import from the browser.
 * The seeds fix the single-choice labels; the multi-choice labels are ours (their counts are fixed).
 */
export const TRAVEL_FREQUENCY = ['Monthly', 'Every few months', 'Twice a year', 'Once a year', 'Rarely'] as const;
export const GROUP_SIZE = ['2-3', '4-6', '7-10', '10+ people'] as const;
export const BUDGET_RANGE = ['Budget $500-2000', 'Mid-range $2000-5000', 'Luxury $5000-10000', 'Premium $10000+'] as const;

export const PREFERRED_DESTINATIONS = ['Beaches & islands', 'Big cities', 'Mountains', 'Countryside', 'Historic towns', 'Deserts & national parks'] as const; // 6
export const ACTIVITIES = ['Sightseeing', 'Food & drink', 'Hiking', 'Museums & culture', 'Nightlife', 'Water sports', 'Shopping', 'Relaxation & spa'] as const; // 8
export const TRAVEL_STYLE = ['Adventure', 'Relaxed', 'Cultural', 'Luxury', 'Backpacking', 'Road trip'] as const; // 6
export const ACCOMMODATION = ['Hotels', 'Vacation rentals', 'Hostels', 'Resorts', 'Camping', 'Boutique stays'] as const; // 6
export const TRANSPORTATION = ['Flights', 'Trains', 'Rental car', 'Buses', 'Cruises', 'Bikes & walking'] as const; // 6

export const SINGLE_CHOICE_GROUPS = {
  travelFrequency: TRAVEL_FREQUENCY,
  groupSize: GROUP_SIZE,
  budgetRange: BUDGET_RANGE,
} as const;

export const MULTI_CHOICE_GROUPS = {
  preferredDestinations: PREFERRED_DESTINATIONS,
  activities: ACTIVITIES,
  travelStyle: TRAVEL_STYLE,
  accommodation: ACCOMMODATION,
  transportation: TRANSPORTATION,
} as const;

/** Sign-up countries; the default is US. */
export const SIGNUP_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IN', 'JP', 'BR', 'MX', 'OTHER'] as const;
export const DEFAULT_COUNTRY = 'US';

/** The preference fields, written once: every list, select and empty value below derives from these. */
export type SinglePreference = keyof typeof SINGLE_CHOICE_GROUPS;
export type MultiPreference = keyof typeof MULTI_CHOICE_GROUPS;
export const SINGLE_PREFERENCE_FIELDS = Object.keys(SINGLE_CHOICE_GROUPS) as SinglePreference[];
export const MULTI_PREFERENCE_FIELDS = Object.keys(MULTI_CHOICE_GROUPS) as MultiPreference[];
export const PREFERENCE_FIELDS: (keyof TravelPreferences)[] = [...SINGLE_PREFERENCE_FIELDS, ...MULTI_PREFERENCE_FIELDS];

/** Three single choices (null for none) and five lists, as stored on the user. */
export type TravelPreferences = { [K in SinglePreference]: string | null } & { [K in MultiPreference]: string[] };

/** The preference columns as a Prisma selection (what a field reading `TravelPreferences` selects). */
export const PREFERENCE_COLUMNS = Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, true])) as Record<keyof TravelPreferences, true>;

export const EMPTY_PREFERENCES: TravelPreferences = {
  ...(Object.fromEntries(SINGLE_PREFERENCE_FIELDS.map((f) => [f, null])) as { [K in SinglePreference]: null }),
  ...(Object.fromEntries(MULTI_PREFERENCE_FIELDS.map((f) => [f, [] as string[]])) as { [K in MultiPreference]: string[] }),
};

/** Picks the preference columns of a user row (or any object that has them). */
export function preferencesOf(u: TravelPreferences): TravelPreferences {
  return Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, u[f]])) as TravelPreferences;
}

/** True when any single choice or any list is filled in. */
export const hasPreferences = (u: TravelPreferences): boolean =>
  SINGLE_PREFERENCE_FIELDS.some((f) => u[f]) || MULTI_PREFERENCE_FIELDS.some((f) => u[f].length > 0);

export const PASSWORD_MIN_LENGTH = 6;
