import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useResetForwardingAddressMutation } from '../../__generated__/useResetForwardingAddressMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
    }
  }
`;

/** 'Reset address': the page shows the new address from the answer (the viewer's record is updated). */
export function useResetForwardingAddress(): [() => Promise<Outcome<string>>, boolean] {
  const [commit, inFlight] = useMutation<useResetForwardingAddressMutation>(Mutation);
  const reset = useCallback(
    () =>
      new Promise<Outcome<string>>((resolve) => {
        commit({
          variables: {},
          onCompleted: ({ resetForwardingAddress: result }) =>
            resolve(
              result.__typename === 'ResetForwardingAddressPayload'
                ? { ok: true, value: result.forwardingAddress ?? '' }
                : failed(result, ReservationMessages.unexpectedRetry),
            ),
          onError: () => resolve(networkFailure(ReservationMessages.unexpectedRetry)),
        });
      }),
    [commit],
  );
  return [reset, inFlight];
}
