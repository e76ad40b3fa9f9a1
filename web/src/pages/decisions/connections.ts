/** The Relay connections that hold a trip's ideas and polls, for mutations and live events that change them. */
import { ConnectionHandler } from 'relay-runtime';

export const ideasConnectionId = (tripId: string) => ConnectionHandler.getConnectionID(tripId, 'DecidePanel_ideas');
export const pollsConnectionId = (tripId: string) => ConnectionHandler.getConnectionID(tripId, 'DecidePanel_polls');
