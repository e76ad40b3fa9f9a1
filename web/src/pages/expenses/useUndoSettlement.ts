import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useUndoSettlementMutation } from '../../__generated__/useUndoSettlementMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
    }
  }
`;

/** undoSettlement: the payment stays listed as undone, and the balances come back as they were. */
export function useUndoSettlement(): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useUndoSettlementMutation>(Mutation);
  const undo = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id } },
          onCompleted: ({ undoSettlement: r }) =>
            resolve(r.__typename === 'UndoSettlementPayload' ? { ok: true, value: true } : failed(r, ExpenseMessages.undoFailed)),
          onError: () => resolve(networkFailure(ExpenseMessages.undoFailed)),
        });
      }),
    [commit],
  );
  return [undo, inFlight];
}
