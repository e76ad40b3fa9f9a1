import { useCallback } from 'react';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';
import { graphql, useMutation } from 'react-relay';
import type { UpdateProfileInput, useUpdateProfileMutation } from '../../__generated__/useUpdateProfileMutation.graphql';
import { AccountMessages } from '../../platform/domain';

const Mutation = graphql`
  mutation useUpdateProfileMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on UpdateProfilePayload {
        emailChangeSent
        user {
          id
          firstName
          displayName
          ...ProfileForm_user
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        field
      }
      ... on ConflictError {
        field
      }
    }
  }
`;

/** The updateProfile mutation as a promise of ok (did a new address get a confirmation link?) or a message and its field. */
export function useUpdateProfile(): [(input: UpdateProfileInput) => Promise<Outcome<{ emailChangeSent: boolean }>>, boolean] {
  const [commit, inFlight] = useMutation<useUpdateProfileMutation>(Mutation);
  const update = useCallback(
    (input: UpdateProfileInput) =>
      new Promise<Outcome<{ emailChangeSent: boolean }>>((resolve) => {
        commit({
          variables: { input },
          onCompleted: ({ updateProfile: result }) =>
            resolve(
              result.__typename === 'UpdateProfilePayload'
                ? { ok: true, value: { emailChangeSent: result.emailChangeSent === true } }
                : failed(result, AccountMessages.profileUpdateFailed),
            ),
          onError: () => resolve(networkFailure(AccountMessages.profileUpdateFailed)),
        });
      }),
    [commit],
  );
  return [update, inFlight];
}
