/**
 * Other members' ideas, votes and polls, live (tripDecisionsChanged): a new idea or poll joins its
 * list (never twice: Relay skips a node already there), a changed one updates in place (normalised
 * by id), a deleted idea leaves the board; the trip's count of open polls follows.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useDecisionsLiveSubscription } from '../../__generated__/useDecisionsLiveSubscription.graphql';
import { ideasConnectionId, pollsConnectionId } from './connections';

const Subscription = graphql`
  subscription useDecisionsLiveSubscription($tripId: ID!, $ideas: [ID!]!, $polls: [ID!]!) {
    tripDecisionsChanged(tripId: $tripId) {
      kind
      deletedIdeaId @deleteEdge(connections: $ideas)
      idea @appendNode(connections: $ideas, edgeTypeName: "TripIdeaEdge") {
        id
        ...IdeaCard_idea
      }
      poll @prependNode(connections: $polls, edgeTypeName: "TripPollEdge") {
        id
        ...PollCard_poll
      }
      trip {
        id
        openPollCount
      }
    }
  }
`;

export function useDecisionsLive(tripId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<useDecisionsLiveSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId, ideas: [ideasConnectionId(tripId)], polls: [pollsConnectionId(tripId)] },
      onError: (error) => console.warn('Live ideas and polls paused', error),
    }),
    [tripId],
  );
  useSubscription(config);
}
