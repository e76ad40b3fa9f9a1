import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useCancelEmailChangeMutation } from '../../__generated__/useCancelEmailChangeMutation.graphql';
import { AccountMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useCancelEmailChangeMutation {
    cancelEmailChange {
      __typename
      ... on CancelEmailChangePayload {
        user {
          id
          pendingEmail
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** cancelEmailChange: the pending address is dropped; the account keeps its current one. */
export function useCancelEmailChange(): [() => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useCancelEmailChangeMutation>(Mutation);
  const cancel = useCallback(
    () =>
      run({ variables: {} }, AccountMessages.unexpected, ({ cancelEmailChange: r }) =>
        payloadOutcome(r, 'CancelEmailChangePayload', AccountMessages.unexpected),
      ),
    [run],
  );
  return [cancel, inFlight];
}
