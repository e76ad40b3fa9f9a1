import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAdminBroadcastMutation } from '../../../__generated__/useAdminBroadcastMutation.graphql';
import { AdminNotificationMessages as M } from '../../../platform/domain';
import { payloadOutcome, type Outcome } from '../../../platform/outcome';
import { useOutcomeMutation } from '../../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useAdminBroadcastMutation($input: AdminBroadcastNotificationInput!) {
    adminBroadcastNotification(input: $input) {
      __typename
      ... on AdminBroadcastNotificationPayload {
        count
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

export type BroadcastInput = useAdminBroadcastMutation['variables']['input'];

/** adminBroadcastNotification: how many users it reached, or why not. */
export function useAdminBroadcast(): [(input: BroadcastInput) => Promise<Outcome<number>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAdminBroadcastMutation>(Mutation);
  const send = useCallback(
    (input: BroadcastInput) =>
      run({ variables: { input } }, M.broadcastAction, ({ adminBroadcastNotification: r }) =>
        payloadOutcome(r, 'AdminBroadcastNotificationPayload', M.broadcastAction, (p) => p.count ?? 0),
      ),
    [run],
  );
  return [send, inFlight];
}
