import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { AddPendingItineraryItemInput, useAddPendingItineraryItemMutation } from '../../__generated__/useAddPendingItineraryItemMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddPendingItineraryItemMutation($input: AddPendingItineraryItemInput!, $connections: [ID!]!) {
    addPendingItineraryItem(input: $input) {
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

/** addPendingItineraryItem: a recommendation put on the plan as a pending item (joins the timeline at once). */
export function useAddPendingItineraryItem(connection: string | null): [(input: AddPendingItineraryItemInput) => Promise<Outcome<{ title: string }>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAddPendingItineraryItemMutation>(Mutation);
  const add = useCallback(
    (input: AddPendingItineraryItemInput) =>
      run({ variables: { input, connections: connection ? [connection] : [] } }, ItineraryMessages.addFailed, ({ addPendingItineraryItem: r }) =>
        payloadOutcome(r, 'ItineraryItemPayload', ItineraryMessages.addFailed, (p) => ({ title: p.edge?.node.title ?? '' })),
      ),
    [run, connection],
  );
  return [add, inFlight];
}
