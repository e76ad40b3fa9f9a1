/**
 * Other members' photos and comments, live (tripPhotosChanged): a new photo joins the front of
 * the album (never twice: Relay skips a node already there), a deleted one leaves both views, and
 * a comment joins its photo's open comment list and count.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import { ConnectionHandler, type GraphQLSubscriptionConfig } from 'relay-runtime';
import type { usePhotosLiveSubscription } from '../../__generated__/usePhotosLiveSubscription.graphql';
import { commentsConnectionId } from './useAddPhotoComment';
import { photoConnectionId, photoConnectionIds } from './connection';

const Subscription = graphql`
  subscription usePhotosLiveSubscription($tripId: ID!, $connections: [ID!]!, $albums: [ID!]!) {
    tripPhotosChanged(tripId: $tripId) {
      kind
      deletedPhotoId @deleteEdge(connections: $albums)
      photo @prependNode(connections: $connections, edgeTypeName: "PhotoEdge") {
        id
        commentCount
        ...PhotoTile_photo
      }
      comment {
        id
        ...PhotoComments_comment
      }
    }
  }
`;

export function usePhotosLive(tripId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<usePhotosLiveSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId, connections: [photoConnectionId(tripId, false)], albums: photoConnectionIds(tripId) },
      // A comment on the photo open in the dialog joins its list.
      updater: (store, data) => {
        const event = data?.tripPhotosChanged;
        if (event?.kind !== 'COMMENTED' || !event.photo || !event.comment) return;
        const connection = store.get(commentsConnectionId(event.photo.id));
        const node = store.get(event.comment.id);
        if (!connection || !node) return;
        const edges = connection.getLinkedRecords('edges') ?? [];
        if (edges.some((edge) => edge?.getLinkedRecord('node')?.getDataID() === node.getDataID())) return;
        ConnectionHandler.insertEdgeAfter(connection, ConnectionHandler.createEdge(store, connection, node, 'PhotoCommentEdge'));
      },
      onError: (error) => console.warn('Live photo updates paused', error),
    }),
    [tripId],
  );
  useSubscription(config);
}
