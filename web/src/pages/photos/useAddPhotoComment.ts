import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import { ConnectionHandler } from 'relay-runtime';
import type { useAddPhotoCommentMutation } from '../../__generated__/useAddPhotoCommentMutation.graphql';
import { PhotoMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddPhotoCommentMutation($input: AddPhotoCommentInput!, $connections: [ID!]!) {
    addPhotoComment(input: $input) {
      __typename
      ... on AddPhotoCommentPayload {
        edge @appendEdge(connections: $connections) {
          cursor
          node {
            id
            ...PhotoComments_comment
          }
        }
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

export const COMMENTS_CONNECTION_KEY = 'PhotoComments_comments';
export const commentsConnectionId = (photoId: string) => ConnectionHandler.getConnectionID(photoId, COMMENTS_CONNECTION_KEY);

/** addPhotoComment: the comment joins the dialog's list (a live event for it is not added twice). */
export function useAddPhotoComment(photoId: string): [(comment: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAddPhotoCommentMutation>(Mutation);
  const add = useCallback(
    (comment: string) =>
      run({ variables: { input: { photoId, comment }, connections: [commentsConnectionId(photoId)] } }, PhotoMessages.commentFailed, ({ addPhotoComment: r }) =>
        payloadOutcome(r, 'AddPhotoCommentPayload', PhotoMessages.commentFailed),
      ),
    [run, photoId],
  );
  return [add, inFlight];
}
