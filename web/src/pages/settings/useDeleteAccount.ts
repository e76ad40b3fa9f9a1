import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useDeleteAccountMutation } from '../../__generated__/useDeleteAccountMutation.graphql';
import { AccountMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useDeleteAccountMutation($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      __typename
      ... on DeleteAccountPayload {
        deletedUserId
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
      ... on ValidationError {
        field
      }
    }
  }
`;

/** deleteAccount, with the account's password (asked in a confirmation first). */
export function useDeleteAccount(): [(password: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteAccountMutation>(Mutation);
  const remove = useCallback(
    (password: string) =>
      run({ variables: { input: { password } } }, AccountMessages.accountDeleteFailed, ({ deleteAccount: r }) =>
        payloadOutcome(r, 'DeleteAccountPayload', AccountMessages.accountDeleteFailed),
      ),
    [run],
  );
  return [remove, inFlight];
}
