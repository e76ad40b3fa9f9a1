import { useCallback } from 'react';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
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
        ...ErrorFields_error @relay(mask: false)
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
  const [run, inFlight] = useOutcomeMutation<useUpdateProfileMutation>(Mutation);
  const update = useCallback(
    (input: UpdateProfileInput) =>
      run({ variables: { input } }, AccountMessages.profileUpdateFailed, ({ updateProfile: r }) =>
        payloadOutcome(r, 'UpdateProfilePayload', AccountMessages.profileUpdateFailed, (p) => ({ emailChangeSent: p.emailChangeSent === true })),
      ),
    [run],
  );
  return [update, inFlight];
}
