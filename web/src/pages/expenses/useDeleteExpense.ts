import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteExpenseMutation } from '../../__generated__/useDeleteExpenseMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteExpenseMutation($input: DeleteExpenseInput!) {
    deleteExpense(input: $input) {
      __typename
      ... on DeleteExpensePayload {
        deletedExpenseId @deleteRecord
        trip {
          id
          ...ExpensesWorkspace_trip
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** deleteExpense: the row leaves at once (optimistically), the balances follow with the answer. */
export function useDeleteExpense(): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeleteExpenseMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id } },
          optimisticUpdater: (store) => store.delete(id),
          onCompleted: ({ deleteExpense: r }) =>
            resolve(r.__typename === 'DeleteExpensePayload' ? { ok: true, value: true } : failed(r, ExpenseMessages.deleteFailed)),
          onError: () => resolve(networkFailure(ExpenseMessages.deleteFailed)),
        });
      }),
    [commit],
  );
  return [remove, inFlight];
}
