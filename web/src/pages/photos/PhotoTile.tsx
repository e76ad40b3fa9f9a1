/**
 * One photo or video of the album: a square tile (grid) or a row (list), with favourite, view and
 * delete. A video shows its poster with a play badge and its length.
 */
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconHeart, IconHeartFilled, IconLock, IconMessageCircle, IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import type { PhotoTile_photo$key } from '../../__generated__/PhotoTile_photo.graphql';
import { formatDuration, PhotoMessages } from '../../platform/domain';
import classes from './PhotoTile.module.css';
import { readerDate } from '../../components/dateFormat';

const Fragment = graphql`
  fragment PhotoTile_photo on Photo {
    id
    title
    fileName
    isFavorite
    isShared
    commentCount
    thumbnailUrl
    mediaType
    durationSeconds
    width
    height
    viewerCanDelete
    createdAt
    uploadedBy {
      displayName
    }
  }
`;

export interface PhotoActions {
  onFavorite: (photoId: string, favorite: boolean) => void;
  onView: (photoId: string) => void;
  onDelete: (photoId: string) => void;
}

export function PhotoTile({ photo: key, layout, actions }: { photo: PhotoTile_photo$key; layout: 'grid' | 'list'; actions: PhotoActions }) {
  const photo = useFragment(Fragment, key);
  const name = photo.title ?? photo.fileName;
  const buttons = (
    <>
      <Tooltip label={photo.isFavorite ? 'Remove from favorites' : 'Add to favorites'}>
        <ActionIcon
          variant="white"
          color="red.8"
          radius="xl"
          aria-pressed={photo.isFavorite}
          aria-label={`Favorite ${name}`}
          onClick={() => actions.onFavorite(photo.id, !photo.isFavorite)}
        >
          {photo.isFavorite ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="View">
        <ActionIcon variant="white" color="dark" radius="xl" aria-label={`View ${name}`} onClick={() => actions.onView(photo.id)}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {photo.viewerCanDelete && (
        <Tooltip label="Delete">
          <ActionIcon variant="white" color="red.9" radius="xl" aria-label={`Delete ${name}`} onClick={() => actions.onDelete(photo.id)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
  const isVideo = photo.mediaType === 'VIDEO';
  const length = isVideo && photo.durationSeconds !== null && photo.durationSeconds !== undefined ? formatDuration(photo.durationSeconds) : null;
  const image = (
    <>
      <img
        className={classes.image}
        src={photo.thumbnailUrl}
        alt={isVideo ? `Video: ${name}` : name}
        loading="lazy"
        width={photo.width}
        height={photo.height}
      />
      {isVideo && (
        <span className={classes.play} data-testid="play-badge" aria-label={length ? `Video, ${length}` : 'Video'} role="img">
          <IconPlayerPlayFilled size={14} aria-hidden />
          {length && <span>{length}</span>}
        </span>
      )}
    </>
  );

  if (layout === 'grid') {
    return (
      <div className={classes.tile} data-testid="photo-tile">
        {image}
        {!photo.isShared && (
          <Badge className={classes.badge} color="dark" leftSection={<IconLock size={12} aria-hidden />}>
            Private
          </Badge>
        )}
        <div className={classes.actions}>{buttons}</div>
      </div>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="photo-row">
      <Group wrap="nowrap" align="center">
        <div className={classes.tile} style={{ width: 72, flex: 'none' }}>
          {image}
        </div>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text fz="sm" c="dimmed">
            {photo.uploadedBy?.displayName ?? 'Someone'} · {readerDate(photo.createdAt)}
          </Text>
          <Text fz="sm" c="dimmed">
            {photo.isShared ? PhotoMessages.sharedWithMembers : PhotoMessages.sharedWithNoOne}
            {' · '}
            <IconMessageCircle size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {photo.commentCount}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          {buttons}
        </Group>
      </Group>
    </Paper>
  );
}
