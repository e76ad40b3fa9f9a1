import { destinationToJson, type DestinationFields } from '../places/destination.js';

/** The trip columns that hold its destination (select these to read one). */
export const DESTINATION_COLUMNS = {
  destinationMainText: true,
  destinationSecondaryText: true,
  destinationDescription: true,
  destinationPlaceId: true,
  destinationLat: true,
  destinationLng: true,
} as const;

export type DestinationColumns = {
  destinationMainText: string | null;
  destinationSecondaryText: string | null;
  destinationDescription: string | null;
  destinationPlaceId: string | null;
  destinationLat: number | null;
  destinationLng: number | null;
};

/** The one reading of a trip's destination columns; null when the trip has none. */
export function tripDestination(t: DestinationColumns): DestinationFields | null {
  if (!t.destinationMainText && !t.destinationDescription) return null;
  return {
    mainText: t.destinationMainText,
    secondaryText: t.destinationSecondaryText,
    description: t.destinationDescription,
    placeId: t.destinationPlaceId,
    lat: t.destinationLat,
    lng: t.destinationLng,
  };
}

/** A trip's destination as the REST payloads carry it (snake_case), or null. */
export function tripDestinationJson(t: DestinationColumns) {
  const d = tripDestination(t);
  return d ? destinationToJson(d) : null;
}
