import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useSetPhotoFavoriteMutation } from '../../__generated__/useSetPhotoFavoriteMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const FAILED = 'Could not update favorites. Please try again.';

/** setPhotoFavorite, shown at once (optimistic) and undone by Relay if the server refuses. */
export function useSetPhotoFavorite(): (photoId: string, favorite: boolean) => Promise<Outcome> {
  const [run] = useOutcomeMutation<useSetPhotoFavoriteMutation>(Mutation);
  return useCallback(
    (photoId, favorite) =>
      run(
        {
          variables: { input: { photoId, favorite } },
          optimisticResponse: { setPhotoFavorite: { __typename: 'PhotoPayload', photo: { id: photoId, isFavorite: favorite } } },
        },
        FAILED,
        ({ setPhotoFavorite: r }) => payloadOutcome(r, 'PhotoPayload', FAILED),
      ),
    [run],
  );
}
