import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useMarkNotificationsReadAllMutation } from '../../__generated__/useMarkNotificationsReadAllMutation.graphql';
import type { useMarkNotificationsReadOneMutation } from '../../__generated__/useMarkNotificationsReadOneMutation.graphql';
import { AccountMessages } from '../../platform/domain';
import { done, payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const One = graphql`
  mutation useMarkNotificationsReadOneMutation($id: ID!) {
    markNotificationRead(notificationId: $id) {
      __typename
      ... on MarkNotificationReadPayload {
        notification {
          id
          isRead
        }
        viewer {
          id
          unreadNotificationCount
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const All = graphql`
  mutation useMarkNotificationsReadAllMutation {
    markAllNotificationsRead {
      markedCount
      viewer {
        id
        ...NotificationBell_viewer
      }
    }
  }
`;

/** markNotificationRead, optimistically: the item reads as read and the badge drops by one at once. */
export function useMarkNotificationRead(viewerId: string): [(id: string, unread: number) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useMarkNotificationsReadOneMutation>(One);
  const mark = useCallback(
    (id: string, unread: number) =>
      run(
        {
          variables: { id },
          optimisticResponse: {
            markNotificationRead: {
              __typename: 'MarkNotificationReadPayload',
              notification: { id, isRead: true },
              viewer: { id: viewerId, unreadNotificationCount: Math.max(0, unread - 1) },
            },
          },
        },
        AccountMessages.unexpected,
        ({ markNotificationRead: r }) => payloadOutcome(r, 'MarkNotificationReadPayload', AccountMessages.unexpected),
      ),
    [run, viewerId],
  );
  return [mark, inFlight];
}

/** markAllNotificationsRead: the bell's list and badge come back read. */
export function useMarkAllNotificationsRead(): [() => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useMarkNotificationsReadAllMutation>(All);
  const markAll = useCallback(() => run({ variables: {} }, AccountMessages.unexpected, () => done), [run]);
  return [markAll, inFlight];
}
