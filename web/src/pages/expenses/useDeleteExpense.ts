import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useDeleteExpenseMutation } from '../../__generated__/useDeleteExpenseMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deleteExpense: the row leaves at once (optimistically), the balances follow with the answer. */
export function useDeleteExpense(): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteExpenseMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      run({ variables: { input: { id } }, optimisticUpdater: (store) => store.delete(id) }, ExpenseMessages.deleteFailed, ({ deleteExpense: r }) =>
        payloadOutcome(r, 'DeleteExpensePayload', ExpenseMessages.deleteFailed),
      ),
    [run],
  );
  return [remove, inFlight];
}
