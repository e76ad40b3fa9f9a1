import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useAddExpenseMutation, AddExpenseInput } from '../../__generated__/useAddExpenseMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddExpenseMutation($input: AddExpenseInput!) {
    addExpense(input: $input) {
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

/** addExpense: the trip's list, balances and history come back with it. */
export function useAddExpense(): [(input: AddExpenseInput) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useAddExpenseMutation>(Mutation);
  const add = useCallback(
    (input: AddExpenseInput) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input },
          onCompleted: ({ addExpense: r }) => resolve(r.__typename === 'ExpensePayload' ? { ok: true, value: true } : failed(r, ExpenseMessages.createFailed)),
          onError: () => resolve(networkFailure(ExpenseMessages.createFailed)),
        });
      }),
    [commit],
  );
  return [add, inFlight];
}
