/**
 * Store updates shared by the trip mutations: the trips page keeps one connection per tab
 * (`TripList_trips` with `timing`), and a created trip is put where the server would list it
 * (soonest start first, undated last, newest first among equals) so it shows at once.
 */
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';

export const TRIP_LIST_KEY = 'TripList_trips';
const TIMINGS = ['UPCOMING', 'CURRENT', 'PAST'] as const;

function listsOf(store: RecordSourceSelectorProxy, viewerId: string): RecordProxy[] {
  const viewer = store.get(viewerId);
  if (!viewer) return [];
  return TIMINGS.map((timing) => ConnectionHandler.getConnection(viewer, TRIP_LIST_KEY, { timing })).filter((c): c is RecordProxy => !!c);
}

/** Takes a trip out of every tab's list (deleted, or the viewer left it). */
export function removeTripFromLists(store: RecordSourceSelectorProxy, viewerId: string, tripId: string) {
  for (const connection of listsOf(store, viewerId)) ConnectionHandler.deleteNode(connection, tripId);
}

/** Puts a trip (with `timing` and `startDate` read) into its tab's list, in the server's order. */
export function insertTripInList(store: RecordSourceSelectorProxy, viewerId: string, trip: RecordProxy) {
  const viewer = store.get(viewerId);
  const timing = trip.getValue('timing');
  if (!viewer || typeof timing !== 'string') return;
  const connection = ConnectionHandler.getConnection(viewer, TRIP_LIST_KEY, { timing });
  if (!connection) return;
  const edges = (connection.getLinkedRecords('edges') ?? []).filter((e): e is RecordProxy => !!e);
  if (edges.some((e) => e.getLinkedRecord('node')?.getDataID() === trip.getDataID())) return;
  const start = (trip.getValue('startDate') as string | null | undefined) ?? null;
  const comesAfterNew = (other: string | null) => (start == null ? other == null : other == null || other >= start);
  let index = edges.findIndex((e) => comesAfterNew((e.getLinkedRecord('node')?.getValue('startDate') as string | null | undefined) ?? null));
  if (index === -1) {
    // It sorts after everything loaded: only add it when nothing more is left to load.
    if (connection.getLinkedRecord('pageInfo')?.getValue('hasNextPage')) return;
    index = edges.length;
  }
  const edge = ConnectionHandler.createEdge(store, connection, trip, 'UserTripsConnectionEdge');
  connection.setLinkedRecords([...edges.slice(0, index), edge, ...edges.slice(index)], 'edges');
}
