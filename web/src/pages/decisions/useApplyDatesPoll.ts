import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useApplyDatesPollMutation } from '../../__generated__/useApplyDatesPollMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useApplyDatesPollMutation($id: ID!, $optionId: ID!) {
    applyDatesPoll(id: $id, optionId: $optionId) {
      __typename
      ... on ApplyDatesPollPayload {
        trip {
          id
          startDate
          endDate
          openPollCount
          ...TripDetailPage_trip
        }
        poll {
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

const APPLY_FAILED = 'Could not change the trip dates. Please try again.';

/** applyDatesPoll: the owner makes a range the trip's dates (the header updates from the answer). */
export function useApplyDatesPoll(): [(id: string, optionId: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useApplyDatesPollMutation>(Mutation);
  const apply = useCallback(
    (id: string, optionId: string) =>
      run({ variables: { id, optionId } }, APPLY_FAILED, ({ applyDatesPoll: r }) => payloadOutcome(r, 'ApplyDatesPollPayload', APPLY_FAILED)),
    [run],
  );
  return [apply, inFlight];
}
