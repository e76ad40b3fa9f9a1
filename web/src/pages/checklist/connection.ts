/** The Relay connection that holds a trip's checklists, for mutations and live events that change it. */
import { ConnectionHandler } from 'relay-runtime';

export const CHECKLISTS_CONNECTION_KEY = 'TripChecklists_checklists';

export const checklistsConnectionId = (tripId: string) => ConnectionHandler.getConnectionID(tripId, CHECKLISTS_CONNECTION_KEY);
