import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeletePhotoMutation } from '../../__generated__/useDeletePhotoMutation.graphql';
import { PhotoMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeletePhotoMutation($input: DeletePhotoInput!, $connections: [ID!]!) {
    deletePhoto(input: $input) {
      __typename
      ... on DeletePhotoPayload {
        deletedPhotoId @deleteEdge(connections: $connections)
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deletePhoto (asked first by the caller); the photo leaves both album views. */
export function useDeletePhoto(connections: string[]): [(photoId: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeletePhotoMutation>(Mutation);
  const remove = useCallback(
    (photoId: string) =>
      run({ variables: { input: { photoId }, connections } }, PhotoMessages.deleteFailed, ({ deletePhoto: r }) =>
        payloadOutcome(r, 'DeletePhotoPayload', PhotoMessages.deleteFailed),
      ),
    [run, connections],
  );
  return [remove, inFlight];
}
