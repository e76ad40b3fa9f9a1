import { useCallback } from 'react';
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

export type UpdateProfileOutcome = { ok: true; emailChangeSent: boolean } | { ok: false; message: string; field: string | null };

/** The updateProfile mutation as a promise of ok or a message (and the field at fault). */
export function useUpdateProfile(): [(input: UpdateProfileInput) => Promise<UpdateProfileOutcome>, boolean] {
  const [commit, inFlight] = useMutation<useUpdateProfileMutation>(Mutation);
  const update = useCallback(
    (input: UpdateProfileInput) =>
      new Promise<UpdateProfileOutcome>((resolve) => {
        commit({
          variables: { input },
          onCompleted: (response) => {
            const result = response.updateProfile;
            if (result.__typename === 'UpdateProfilePayload') resolve({ ok: true, emailChangeSent: result.emailChangeSent === true });
            else if (result.__typename === '%other') resolve({ ok: false, message: AccountMessages.profileUpdateFailed, field: null });
            else
              resolve({
                ok: false,
                message: result.message || AccountMessages.profileUpdateFailed,
                field: 'field' in result ? (result.field ?? null) : null,
              });
          },
          onError: () => resolve({ ok: false, message: AccountMessages.profileUpdateFailed, field: null }),
        });
      }),
    [commit],
  );
  return [update, inFlight];
}
