/** The Relay connection that holds a trip's timeline, for mutations and live events that change it. */
import { ConnectionHandler } from 'relay-runtime';

export const ITINERARY_CONNECTION_KEY = 'ItineraryTimeline_itinerary';

export const itineraryConnectionId = (tripId: string) => ConnectionHandler.getConnectionID(tripId, ITINERARY_CONNECTION_KEY);
