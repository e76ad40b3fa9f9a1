import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useUndoSettlementMutation } from '../../__generated__/useUndoSettlementMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useUndoSettlementMutation($input: UndoSettlementInput!) {
    undoSettlement(input: $input) {
      __typename
      ... on UndoSettlementPayload {
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

/** undoSettlement: the payment stays listed as undone, and the balances come back as they were. */
export function useUndoSettlement(): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useUndoSettlementMutation>(Mutation);
  const undo = useCallback(
    (id: string) =>
      run({ variables: { input: { id } } }, ExpenseMessages.undoFailed, ({ undoSettlement: r }) =>
        payloadOutcome(r, 'UndoSettlementPayload', ExpenseMessages.undoFailed),
      ),
    [run],
  );
  return [undo, inFlight];
}
