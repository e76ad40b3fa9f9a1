import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useUpdateExpenseMutation, UpdateExpenseInput } from '../../__generated__/useUpdateExpenseMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** updateExpense: the edited expense, the balances and the history come back with it. */
export function useUpdateExpense(): [(input: UpdateExpenseInput) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useUpdateExpenseMutation>(Mutation);
  const update = useCallback(
    (input: UpdateExpenseInput) =>
      run({ variables: { input } }, ExpenseMessages.updateFailed, ({ updateExpense: r }) => payloadOutcome(r, 'ExpensePayload', ExpenseMessages.updateFailed)),
    [run],
  );
  return [update, inFlight];
}
