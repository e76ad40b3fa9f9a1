import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { CreateTripPollInput, useCreatePollMutation } from '../../__generated__/useCreatePollMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useCreatePollMutation($tripId: ID!, $input: CreateTripPollInput!, $connections: [ID!]!) {
    createTripPoll(tripId: $tripId, input: $input) {
      __typename
      ... on TripPollPayload {
        poll @prependNode(connections: $connections, edgeTypeName: "TripPollEdge") {
          id
          ...PollCard_poll
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const CREATE_POLL_FAILED = 'Could not create the poll. Please try again.';

/** createTripPoll: the poll joins the list at once, newest first. */
export function useCreatePoll(tripId: string, connection: string): [(input: CreateTripPollInput) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useCreatePollMutation>(Mutation);
  const create = useCallback(
    (input: CreateTripPollInput) =>
      run({ variables: { tripId, input, connections: [connection] } }, CREATE_POLL_FAILED, ({ createTripPoll: r }) =>
        payloadOutcome(r, 'TripPollPayload', CREATE_POLL_FAILED),
      ),
    [run, tripId, connection],
  );
  return [create, inFlight];
}
