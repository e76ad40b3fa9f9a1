import type { TravelPreferences } from './preferences.js';

/** The columns of a user row this module reads (the generated Prisma type is wider). */
export interface UserRow {
  id: string;
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  travelFrequency: string | null;
  groupSize: string | null;
  budgetRange: string | null;
  preferredDestinations: string[];
  activities: string[];
  travelStyle: string[];
  accommodation: string[];
  transportation: string[];
}

/** Picks the preference columns of a user row (or any object that has them). */
export function preferencesOf(u: TravelPreferences): TravelPreferences {
  return {
    travelFrequency: u.travelFrequency,
    groupSize: u.groupSize,
    budgetRange: u.budgetRange,
    preferredDestinations: u.preferredDestinations,
    activities: u.activities,
    travelStyle: u.travelStyle,
    accommodation: u.accommodation,
    transportation: u.transportation,
  };
}

export function displayName(u: { firstName: string; lastName: string }): string {
  return `${u.firstName} ${u.lastName}`.trim() || 'Traveler';
}
