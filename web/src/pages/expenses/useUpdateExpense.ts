import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useUpdateExpenseMutation, UpdateExpenseInput } from '../../__generated__/useUpdateExpenseMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useUpdateExpenseMutation($input: UpdateExpenseInput!) {
    updateExpense(input: $input) {
      __typename
      ... on ExpensePayload {
        trip {
          id
          ...ExpensesWorkspace_trip
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

/** updateExpense: the edited expense, the balances and the history come back with it. */
export function useUpdateExpense(): [(input: UpdateExpenseInput) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useUpdateExpenseMutation>(Mutation);
  const update = useCallback(
    (input: UpdateExpenseInput) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input },
          onCompleted: ({ updateExpense: r }) =>
            resolve(r.__typename === 'ExpensePayload' ? { ok: true, value: true } : failed(r, ExpenseMessages.updateFailed)),
          onError: () => resolve(networkFailure(ExpenseMessages.updateFailed)),
        });
      }),
    [commit],
  );
  return [update, inFlight];
}
