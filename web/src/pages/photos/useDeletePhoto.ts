import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeletePhotoMutation } from '../../__generated__/useDeletePhotoMutation.graphql';
import { PhotoMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeletePhotoMutation($input: DeletePhotoInput!, $connections: [ID!]!) {
    deletePhoto(input: $input) {
      __typename
      ... on DeletePhotoPayload {
        deletedPhotoId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** deletePhoto (asked first by the caller); the photo leaves both album views. */
export function useDeletePhoto(connections: string[]): [(photoId: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeletePhotoMutation>(Mutation);
  const remove = useCallback(
    (photoId: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { photoId }, connections },
          onCompleted: (response) => {
            const result = response.deletePhoto;
            resolve(result.__typename === 'DeletePhotoPayload' ? { ok: true, value: true } : failed(result, PhotoMessages.deleteFailed));
          },
          onError: () => resolve(networkFailure(PhotoMessages.deleteFailed)),
        });
      }),
    [commit, connections],
  );
  return [remove, inFlight];
}
