import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useSetTripBudgetMutation } from '../../__generated__/useSetTripBudgetMutation.graphql';
import { BudgetMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useSetTripBudgetMutation($input: SetTripBudgetInput!) {
    setTripBudget(input: $input) {
      __typename
      ... on TripPayload {
        trip {
          id
          currency
          budget {
            amount
            currency
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** setTripBudget: amount as decimal text ("1250.50"), never a float; the trip's budget updates in the store. */
export function useSetTripBudget(): [(tripId: string, amount: string, currency: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useSetTripBudgetMutation>(Mutation);
  const set = useCallback(
    (tripId: string, amount: string, currency: string) =>
      run({ variables: { input: { tripId, amount, currency } } }, BudgetMessages.setFailed, ({ setTripBudget: r }) =>
        payloadOutcome(r, 'TripPayload', BudgetMessages.setFailed),
      ),
    [run],
  );
  return [set, inFlight];
}
