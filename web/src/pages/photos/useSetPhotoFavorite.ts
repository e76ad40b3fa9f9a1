import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useSetPhotoFavoriteMutation } from '../../__generated__/useSetPhotoFavoriteMutation.graphql';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useSetPhotoFavoriteMutation($input: SetPhotoFavoriteInput!) {
    setPhotoFavorite(input: $input) {
      __typename
      ... on PhotoPayload {
        photo {
          id
          isFavorite
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED = 'Could not update favorites. Please try again.';

/** setPhotoFavorite, shown at once (optimistic) and undone by Relay if the server refuses. */
export function useSetPhotoFavorite(): (photoId: string, favorite: boolean) => Promise<Outcome> {
  const [commit] = useMutation<useSetPhotoFavoriteMutation>(Mutation);
  return useCallback(
    (photoId, favorite) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { photoId, favorite } },
          optimisticResponse: { setPhotoFavorite: { __typename: 'PhotoPayload', photo: { id: photoId, isFavorite: favorite } } },
          onCompleted: (response) => {
            const result = response.setPhotoFavorite;
            resolve(result.__typename === 'PhotoPayload' ? { ok: true, value: true } : failed(result, FAILED));
          },
          onError: () => resolve(networkFailure(FAILED)),
        });
      }),
    [commit],
  );
}
