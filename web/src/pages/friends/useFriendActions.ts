/**
 * The friends screen's mutations, each as a promise of ok or the server's message. Every payload
 * carries what the Relay store needs, so lists and tab counts change at once:
 * the new request is prepended to 'Requests You Sent', an answered or cancelled request leaves its
 * list (@deleteEdge), an accepted one prepends the new friendship, a removed friend leaves the
 * list; `viewer` brings the new tab counts. The other person's screens follow through
 * viewerChanged (FRIENDS).
 */
import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import { FriendMessages } from '../../platform/domain';
import type { useFriendActionsCancelMutation } from '../../__generated__/useFriendActionsCancelMutation.graphql';
import type { useFriendActionsInviteMutation } from '../../__generated__/useFriendActionsInviteMutation.graphql';
import type { useFriendActionsRemoveMutation } from '../../__generated__/useFriendActionsRemoveMutation.graphql';
import type { useFriendActionsRespondMutation } from '../../__generated__/useFriendActionsRespondMutation.graphql';
import type { useFriendActionsSendMutation } from '../../__generated__/useFriendActionsSendMutation.graphql';

/** The @connection keys of the friends screen's lists. */
export const CONNECTION_KEYS = {
  friends: 'FriendsList_friends',
  incoming: 'FriendRequests_incomingFriendRequests',
  outgoing: 'FriendRequests_outgoingFriendRequests',
} as const;

const connectionId = (viewerId: string, key: keyof typeof CONNECTION_KEYS) => ConnectionHandler.getConnectionID(viewerId, CONNECTION_KEYS[key]);

/** A friends action's result: ok with the server's words when it has some (platform/outcome). */
export type ActionOutcome = Outcome<string | undefined>;

const SendMutation = graphql`
  mutation useFriendActionsSendMutation($input: SendFriendRequestInput!, $connections: [ID!]!) {
    sendFriendRequest(input: $input) {
      __typename
      ... on SendFriendRequestPayload {
        message
        friendRequest @prependNode(connections: $connections, edgeTypeName: "UserOutgoingFriendRequestsConnectionEdge") {
          id
          ...FriendRequests_request
        }
        viewer {
          id
          pendingFriendRequestCount
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const RespondMutation = graphql`
  mutation useFriendActionsRespondMutation($input: RespondToFriendRequestInput!, $requests: [ID!]!, $friends: [ID!]!) {
    respondToFriendRequest(input: $input) {
      __typename
      ... on RespondToFriendRequestPayload {
        friendRequest {
          id @deleteEdge(connections: $requests)
        }
        friendship @prependNode(connections: $friends, edgeTypeName: "UserFriendsConnectionEdge") {
          id
          ...FriendsList_friendship
        }
        viewer {
          id
          friendCount
          pendingFriendRequestCount
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const CancelMutation = graphql`
  mutation useFriendActionsCancelMutation($input: CancelFriendRequestInput!, $connections: [ID!]!) {
    cancelFriendRequest(input: $input) {
      __typename
      ... on CancelFriendRequestPayload {
        friendRequest {
          id @deleteEdge(connections: $connections)
        }
        viewer {
          id
          pendingFriendRequestCount
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const RemoveMutation = graphql`
  mutation useFriendActionsRemoveMutation($input: RemoveFriendInput!, $connections: [ID!]!) {
    removeFriend(input: $input) {
      __typename
      ... on RemoveFriendPayload {
        removedFriendshipId @deleteEdge(connections: $connections)
        viewer {
          id
          friendCount
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** 'Add Friend': sends a request to the account with that address. */
export function useSendFriendRequest(viewerId: string) {
  const [run, inFlight] = useOutcomeMutation<useFriendActionsSendMutation>(SendMutation);
  const send = useCallback(
    (email: string): Promise<ActionOutcome> =>
      run({ variables: { input: { email }, connections: [connectionId(viewerId, 'outgoing')] } }, FriendMessages.addFailed, ({ sendFriendRequest: r }) =>
        payloadOutcome(r, 'SendFriendRequestPayload', FriendMessages.addFailed, (p) => p.message),
      ),
    [run, viewerId],
  );
  return [send, inFlight] as const;
}

/** Accept or decline a request sent to the viewer. */
export function useRespondToFriendRequest(viewerId: string) {
  const [run, inFlight] = useOutcomeMutation<useFriendActionsRespondMutation>(RespondMutation);
  const respond = useCallback(
    (requestId: string, accept: boolean): Promise<ActionOutcome> => {
      const fallback = accept ? FriendMessages.acceptFailed : FriendMessages.rejectFailed;
      const variables = { input: { requestId, accept }, requests: [connectionId(viewerId, 'incoming')], friends: [connectionId(viewerId, 'friends')] };
      return run({ variables }, fallback, ({ respondToFriendRequest: r }) => payloadOutcome(r, 'RespondToFriendRequestPayload', fallback, () => undefined));
    },
    [run, viewerId],
  );
  return [respond, inFlight] as const;
}

/** 'Cancel Request' on a request the viewer sent. */
export function useCancelFriendRequest(viewerId: string) {
  const [run, inFlight] = useOutcomeMutation<useFriendActionsCancelMutation>(CancelMutation);
  const cancel = useCallback(
    (requestId: string): Promise<ActionOutcome> =>
      // Cancelling is the sender's way of rejecting: its failure reads as a rejection's.
      run(
        { variables: { input: { requestId }, connections: [connectionId(viewerId, 'outgoing')] } },
        FriendMessages.rejectFailed,
        ({ cancelFriendRequest: r }) => payloadOutcome(r, 'CancelFriendRequestPayload', FriendMessages.rejectFailed, () => undefined),
      ),
    [run, viewerId],
  );
  return [cancel, inFlight] as const;
}

/** Ends a friendship both ways (trip memberships stay). `friendId` is the friend's User id. */
export function useRemoveFriend(viewerId: string) {
  const [run, inFlight] = useOutcomeMutation<useFriendActionsRemoveMutation>(RemoveMutation);
  const remove = useCallback(
    (friendId: string): Promise<ActionOutcome> =>
      run({ variables: { input: { friendId }, connections: [connectionId(viewerId, 'friends')] } }, FriendMessages.removeFailed, ({ removeFriend: r }) =>
        payloadOutcome(r, 'RemoveFriendPayload', FriendMessages.removeFailed, () => undefined),
      ),
    [run, viewerId],
  );
  return [remove, inFlight] as const;
}

const InviteMutation = graphql`
  mutation useFriendActionsInviteMutation($input: InviteToTripcrewInput!) {
    inviteToTripcrew(input: $input) {
      __typename
      ... on InviteToTripcrewPayload {
        email
        message
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** Invite an address without an account to join Tripcrew (friends once they join). */
export function useInviteToTripcrew() {
  const [run, inFlight] = useOutcomeMutation<useFriendActionsInviteMutation>(InviteMutation);
  const invite = useCallback(
    (email: string): Promise<ActionOutcome> =>
      run({ variables: { input: { email } } }, FriendMessages.joinInviteMailFailed, ({ inviteToTripcrew: r }) =>
        payloadOutcome(r, 'InviteToTripcrewPayload', FriendMessages.joinInviteMailFailed, (p) => p.message),
      ),
    [run],
  );
  return [invite, inFlight] as const;
}
