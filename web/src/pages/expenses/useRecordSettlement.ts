import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useRecordSettlementMutation, RecordSettlementInput } from '../../__generated__/useRecordSettlementMutation.graphql';
import { ExpenseMessages } from '../../platform/domain';
import { done, failed, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** A refusal that asks to confirm: the same payment was recorded a moment ago (ConflictError). */
export type PaymentOutcome = Outcome & { duplicate?: boolean };

/**
 * recordSettlement ('Record payment'): balances, suggestions and split statuses come back with it.
 * Possible offline: the payment then waits (wasQueued) and is sent with its key when back online.
 */
export function useRecordSettlement(): [(input: RecordSettlementInput) => Promise<PaymentOutcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useRecordSettlementMutation>(Mutation);
  const fallback = ExpenseMessages.settleFailed;
  const record = useCallback(
    (input: RecordSettlementInput) =>
      // The settle answer keeps `duplicate`; the hook's outcome type does not name it.
      run(
        { variables: { input } },
        fallback,
        ({ recordSettlement: r }): PaymentOutcome =>
          r.__typename === 'RecordSettlementPayload' ? done : { ...failed(r, fallback), duplicate: r.__typename === 'ConflictError' },
        // Offline: it waits in the queue, listed on the trip's expenses until it is saved.
        { label: `Record payment (${input.amount}${input.currency ? ` ${input.currency}` : ''})`, scope: input.tripId, value: true as const },
      ) as Promise<PaymentOutcome>,
    [run, fallback],
  );
  return [record, inFlight];
}
