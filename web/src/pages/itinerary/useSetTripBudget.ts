import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useSetTripBudgetMutation } from '../../__generated__/useSetTripBudgetMutation.graphql';
import { BudgetMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
      ... on ValidationError {
        field
        fieldErrors {
          field
          message
        }
      }
    }
  }
`;

/** setTripBudget: amount as decimal text ("1250.50"), never a float; the trip's budget updates in the store. */
export function useSetTripBudget(): [(tripId: string, amount: string, currency: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useSetTripBudgetMutation>(Mutation);
  const set = useCallback(
    (tripId: string, amount: string, currency: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { tripId, amount, currency } },
          onCompleted: (response) => {
            const result = response.setTripBudget;
            if (result.__typename === 'TripPayload') resolve({ ok: true, value: true });
            else resolve(failed(result, BudgetMessages.setFailed));
          },
          onError: () => resolve(networkFailure(BudgetMessages.setFailed)),
        });
      }),
    [commit],
  );
  return [set, inFlight];
}
