import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { ItineraryItemFields, useAddItineraryItemMutation } from '../../__generated__/useAddItineraryItemMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddItineraryItemMutation($input: AddItineraryItemInput!, $connections: [ID!]!) {
    addItineraryItem(input: $input) {
      __typename
      ... on ItineraryItemPayload {
        edge @appendEdge(connections: $connections) {
          node {
            id
            title
            ...ItineraryTimeline_items
            ...TripMapPanel_items
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** addItineraryItem; the new item joins the trip's timeline (`connection`) at once. */
export function useAddItineraryItem(connection: string): [(tripId: string, item: ItineraryItemFields) => Promise<Outcome<{ title: string }>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAddItineraryItemMutation>(Mutation);
  const add = useCallback(
    (tripId: string, item: ItineraryItemFields) =>
      run(
        { variables: { input: { tripId, item }, connections: [connection] } },
        ItineraryMessages.addFailed,
        ({ addItineraryItem: r }) => payloadOutcome(r, 'ItineraryItemPayload', ItineraryMessages.addFailed, (p) => ({ title: p.edge?.node.title ?? '' })),
        // Offline: it waits in the queue, listed on the trip until it is saved.
        { label: `Add “${item.title}” to the plan`, scope: tripId, value: { title: item.title ?? '' } },
      ),
    [run, connection],
  );
  return [add, inFlight];
}
