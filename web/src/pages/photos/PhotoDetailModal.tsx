/** The photo at display size (a video in a player, its poster shown first) with its details and comments, read when the dialog opens. */
import { Badge, Group, Image, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { PhotoDetailModalQuery } from '../../__generated__/PhotoDetailModalQuery.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { formatDuration, PhotoMessages } from '../../platform/domain';
import { PhotoComments } from './PhotoComments';
import { readerDateTime } from '../../components/dateFormat';

const Query = graphql`
  query PhotoDetailModalQuery($id: ID!) {
    node(id: $id) {
      ... on Photo @alias(as: "photo") {
        id
        title
        fileName
        url
        mediaType
        videoUrl
        durationSeconds
        width
        height
        isShared
        createdAt
        uploadedBy {
          displayName
        }
        comments(first: 100) @connection(key: "PhotoComments_comments") {
          edges {
            node {
              id
              ...PhotoComments_comment
            }
          }
        }
      }
    }
  }
`;

function Detail({ photoId }: { photoId: string }) {
  const data = useLazyLoadQuery<PhotoDetailModalQuery>(Query, { id: photoId }, { fetchPolicy: 'store-and-network' });
  const photo = data.node?.photo;
  if (!photo) return <Text>{PhotoMessages.notFound}</Text>;
  const name = photo.title ?? photo.fileName;
  return (
    <Stack gap="md">
      {photo.mediaType === 'VIDEO' && photo.videoUrl ? (
        <video
          controls
          playsInline
          preload="metadata"
          poster={photo.url}
          src={photo.videoUrl}
          aria-label={`Video: ${name}`}
          style={{ width: '100%', maxHeight: '60vh', borderRadius: 'var(--mantine-radius-md)', background: '#000' }}
        />
      ) : (
        <Image src={photo.url} alt={name} radius="md" fit="contain" mah="60vh" />
      )}
      <Group justify="space-between" gap="xs">
        <Text fz="sm" c="dimmed">
          {photo.uploadedBy?.displayName ?? 'Someone'} · {readerDateTime(photo.createdAt)} ·{' '}
          {photo.mediaType === 'VIDEO' && photo.durationSeconds ? formatDuration(photo.durationSeconds) : `${photo.width} × ${photo.height}`}
        </Text>
        <Badge variant="light" color={photo.isShared ? 'teal' : 'gray'}>
          {photo.isShared ? PhotoMessages.sharedWithMembers : `Shared with ${PhotoMessages.sharedWithNoOne}`}
        </Badge>
      </Group>
      <PhotoComments photoId={photo.id} comments={photo.comments.edges} />
    </Stack>
  );
}

export function PhotoDetailModal({ photoId, title, onClose }: { photoId: string | null; title: string; onClose: () => void }) {
  return (
    <Modal opened={photoId !== null} onClose={onClose} title={title} size="xl" radius="lg" styles={modalStyles} closeButtonProps={closeButtonProps}>
      {photoId && (
        <Suspense
          fallback={
            <Stack>
              <Skeleton h={320} />
              <Skeleton h={20} w="60%" />
            </Stack>
          }
        >
          <Detail photoId={photoId} />
        </Suspense>
      )}
    </Modal>
  );
}
