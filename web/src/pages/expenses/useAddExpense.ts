import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAddExpenseMutation, AddExpenseInput } from '../../__generated__/useAddExpenseMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** addExpense: the trip's list, balances and history come back with it. */
export function useAddExpense(): [(input: AddExpenseInput) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAddExpenseMutation>(Mutation);
  const add = useCallback(
    (input: AddExpenseInput) =>
      run(
        { variables: { input } },
        ExpenseMessages.createFailed,
        ({ addExpense: r }) => payloadOutcome(r, 'ExpensePayload', ExpenseMessages.createFailed),
        // Offline: it waits in the queue, listed on the trip's expenses until it is saved.
        {
          label: `Add expense “${input.expense.title}” (${input.expense.amount}${input.expense.currency ? ` ${input.expense.currency}` : ''})`,
          scope: input.tripId,
          value: true as const,
        },
      ),
    [run],
  );
  return [add, inFlight];
}
