import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useResetForwardingAddressMutation } from '../../__generated__/useResetForwardingAddressMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useResetForwardingAddressMutation {
    resetForwardingAddress {
      __typename
      ... on ResetForwardingAddressPayload {
        forwardingAddress
        viewer {
          id
          forwardingAddress
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** 'Reset address': the page shows the new address from the answer (the viewer's record is updated). */
export function useResetForwardingAddress(): [() => Promise<Outcome<string>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useResetForwardingAddressMutation>(Mutation);
  const reset = useCallback(
    () =>
      run({ variables: {} }, ReservationMessages.unexpectedRetry, ({ resetForwardingAddress: r }) =>
        payloadOutcome(r, 'ResetForwardingAddressPayload', ReservationMessages.unexpectedRetry, (p) => p.forwardingAddress ?? ''),
      ),
    [run],
  );
  return [reset, inFlight];
}
