/**
 * Other members' changes to the trip's checklists, live (tripChecklistsChanged): a new checklist
 * joins the list (never twice: Relay skips a node already there, such as this tab's own), a
 * changed one, ticks included, updates in place with its items and counts, a deleted one leaves.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useChecklistLiveSubscription } from '../../__generated__/useChecklistLiveSubscription.graphql';
import { checklistsConnectionId } from './connection';

const Subscription = graphql`
  subscription useChecklistLiveSubscription($tripId: ID!, $connections: [ID!]!) {
    tripChecklistsChanged(tripId: $tripId) {
      kind
      deletedChecklistId @deleteEdge(connections: $connections)
      checklist @appendNode(connections: $connections, edgeTypeName: "ChecklistEdge") {
        id
        ...ChecklistCard_checklist
      }
    }
  }
`;

export function useChecklistLive(tripId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<useChecklistLiveSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId, connections: [checklistsConnectionId(tripId)] },
      onError: (error) => console.warn('Live checklist updates paused', error),
    }),
    [tripId],
  );
  useSubscription(config);
}
