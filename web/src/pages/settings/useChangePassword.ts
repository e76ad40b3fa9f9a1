import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useChangePasswordMutation } from '../../__generated__/useChangePasswordMutation.graphql';
import { AccountMessages } from '../../platform/domain';
import { failed, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useChangePasswordMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on ChangePasswordPayload {
        accessToken
        accessTokenExpiresAt
        accessTokenExpiresIn
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export interface RenewedToken {
  accessToken: string;
  accessTokenExpiresAt: number;
  accessTokenExpiresIn: number;
}

/** changePassword: the server ends every other session and sends this one a new access token. */
export function useChangePassword(): [(input: useChangePasswordMutation['variables']['input']) => Promise<Outcome<RenewedToken>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useChangePasswordMutation>(Mutation);
  const change = useCallback(
    (input: useChangePasswordMutation['variables']['input']) =>
      run({ variables: { input } }, AccountMessages.passwordChangeFailed, ({ changePassword: r }): Outcome<RenewedToken> => {
        const { accessToken, accessTokenExpiresAt, accessTokenExpiresIn } = r;
        if (r.__typename === 'ChangePasswordPayload' && accessToken && accessTokenExpiresAt && accessTokenExpiresIn)
          return { ok: true, value: { accessToken, accessTokenExpiresAt, accessTokenExpiresIn } };
        return failed(r, AccountMessages.passwordChangeFailed);
      }),
    [run],
  );
  return [change, inFlight];
}
