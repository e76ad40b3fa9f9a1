/**
 * Another member's changes to the plan, live (tripItineraryChanged): an added item joins the
 * timeline's connection (never twice: Relay skips a node already there, such as this tab's own
 * addition), an updated one changes in place (its record is normalised by id), a deleted one
 * leaves it.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useItineraryLiveSubscription } from '../../__generated__/useItineraryLiveSubscription.graphql';
import { itineraryConnectionId } from './connection';

const Subscription = graphql`
  subscription useItineraryLiveSubscription($tripId: ID!, $connections: [ID!]!) {
    tripItineraryChanged(tripId: $tripId) {
      kind
      deletedItemId @deleteEdge(connections: $connections)
      item @appendNode(connections: $connections, edgeTypeName: "ItineraryItemEdge") {
        id
        ...ItineraryTimeline_items
        ...TripMapPanel_items
      }
    }
  }
`;

export function useItineraryLive(tripId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<useItineraryLiveSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId, connections: [itineraryConnectionId(tripId)] },
      onError: (error) => console.warn('Live itinerary updates paused', error),
    }),
    [tripId],
  );
  useSubscription(config);
}
