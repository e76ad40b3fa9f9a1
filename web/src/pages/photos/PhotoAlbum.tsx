/** A trip's album: the photos as a grid or a list, favourite / view / delete, and more on demand. */
import { Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { forwardRef, useCallback, useImperativeHandle, useMemo, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { PhotoAlbum_trip$key } from '../../__generated__/PhotoAlbum_trip.graphql';
import type { PhotoAlbumPaginationQuery } from '../../__generated__/PhotoAlbumPaginationQuery.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PhotoMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { ALBUM_PAGE, photoConnectionIds } from './connection';
import { PhotoDetailModal } from './PhotoDetailModal';
import { PhotoTile, type PhotoActions } from './PhotoTile';
import { useDeletePhoto } from './useDeletePhoto';
import { usePhotosLive } from './usePhotosLive';
import { useSetPhotoFavorite } from './useSetPhotoFavorite';

const Fragment = graphql`
  fragment PhotoAlbum_trip on Trip
  @refetchable(queryName: "PhotoAlbumPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 48 }, cursor: { type: "String" }, favoritesOnly: { type: "Boolean", defaultValue: false }) {
    id
    photos(first: $count, after: $cursor, favoritesOnly: $favoritesOnly) @connection(key: "PhotoAlbum_photos", filters: ["favoritesOnly"]) {
      edges {
        node {
          id
          title
          fileName
          isFavorite
          ...PhotoTile_photo
        }
      }
    }
  }
`;

export interface PhotoAlbumHandle {
  /** Reads the album afresh (after this tab's uploads). */
  reload(): void;
}

interface Props {
  trip: PhotoAlbum_trip$key;
  layout: 'grid' | 'list';
  favoritesOnly: boolean;
}

export const PhotoAlbum = forwardRef<PhotoAlbumHandle, Props>(function PhotoAlbum({ trip: key, layout, favoritesOnly }, ref) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<PhotoAlbumPaginationQuery, PhotoAlbum_trip$key>(Fragment, key);
  useImperativeHandle(ref, () => ({ reload: () => refetch({ favoritesOnly }, { fetchPolicy: 'network-only' }) }), [refetch, favoritesOnly]);
  usePhotosLive(data.id);
  const connections = useMemo(() => photoConnectionIds(data.id), [data.id]);
  const setFavorite = useSetPhotoFavorite();
  const [remove, removing] = useDeletePhoto(connections);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  // In the favourites view a photo unmarked here leaves at once.
  const photos = data.photos.edges.map((e) => e.node).filter((p) => !favoritesOnly || p.isFavorite);
  const nameOf = (id: string | null) => {
    const p = photos.find((x) => x.id === id);
    return p ? (p.title ?? p.fileName) : 'Photo';
  };

  const actions: PhotoActions = {
    onFavorite: useCallback(
      (photoId: string, favorite: boolean) =>
        void setFavorite(photoId, favorite).then((o) => {
          if (!o.ok) notify.error(o.message);
        }),
      [setFavorite],
    ),
    onView: setViewing,
    onDelete: setDeleting,
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await remove(deleting);
    setDeleting(null);
    if (outcome.ok) notify.success(PhotoMessages.deleted);
    else notify.error(PhotoMessages.deleteFailed);
  };

  return (
    <Stack gap="md">
      {photos.length === 0 ? (
        <Center py={48}>
          <Stack align="center" gap="xs">
            <IconPhoto size={48} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{favoritesOnly ? PhotoMessages.emptyFavorites : PhotoMessages.emptyAll}</Text>
            <Text fz="sm" c="dimmed">
              {favoritesOnly ? 'Mark photos with the heart to find them here.' : 'Upload the first photos of this trip above.'}
            </Text>
          </Stack>
        </Center>
      ) : layout === 'grid' ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" role="group" aria-label="Photos">
          {photos.map((p) => (
            <PhotoTile key={p.id} photo={p} layout="grid" actions={actions} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="xs" role="group" aria-label="Photos">
          {photos.map((p) => (
            <PhotoTile key={p.id} photo={p} layout="list" actions={actions} />
          ))}
        </Stack>
      )}
      {hasNext && (
        <Center>
          <Button variant="default" loading={isLoadingNext} onClick={() => loadNext(ALBUM_PAGE)}>
            Show more photos
          </Button>
        </Center>
      )}
      <PhotoDetailModal photoId={viewing} title={nameOf(viewing)} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this photo?"
        confirmLabel="Delete"
        loading={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {PhotoMessages.deleteConfirm}
      </ConfirmDialog>
    </Stack>
  );
});
