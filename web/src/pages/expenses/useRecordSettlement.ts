import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useRecordSettlementMutation, RecordSettlementInput } from '../../__generated__/useRecordSettlementMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useRecordSettlementMutation($input: RecordSettlementInput!) {
    recordSettlement(input: $input) {
      __typename
      ... on RecordSettlementPayload {
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

/** A refusal that asks to confirm: the same payment was recorded a moment ago (ConflictError). */
export type PaymentOutcome = Outcome & { duplicate?: boolean };

/** recordSettlement ('Record payment'): balances, suggestions and split statuses come back with it. */
export function useRecordSettlement(): [(input: RecordSettlementInput) => Promise<PaymentOutcome>, boolean] {
  const [commit, inFlight] = useMutation<useRecordSettlementMutation>(Mutation);
  const record = useCallback(
    (input: RecordSettlementInput) =>
      new Promise<PaymentOutcome>((resolve) => {
        commit({
          variables: { input },
          onCompleted: ({ recordSettlement: r }) =>
            resolve(
              r.__typename === 'RecordSettlementPayload'
                ? { ok: true, value: true }
                : { ...failed(r, ExpenseMessages.settleFailed), duplicate: r.__typename === 'ConflictError' },
            ),
          onError: () => resolve(networkFailure(ExpenseMessages.settleFailed)),
        });
      }),
    [commit],
  );
  return [record, inFlight];
}
