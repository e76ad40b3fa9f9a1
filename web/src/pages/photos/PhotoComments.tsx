/** A photo's comments, oldest first, with the box to add one ('Post', not empty). */
import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PhotoComments_comment$key } from '../../__generated__/PhotoComments_comment.graphql';
import { PHOTO_LIMITS, PhotoMessages } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { useAddPhotoComment } from './useAddPhotoComment';
import { readerDateTime } from '../../components/dateFormat';

const CommentFragment = graphql`
  fragment PhotoComments_comment on PhotoComment {
    id
    comment
    createdAt
    author {
      displayName
      avatarUrl
    }
  }
`;

function Comment({ comment: key }: { comment: PhotoComments_comment$key }) {
  const comment = useFragment(CommentFragment, key);
  const name = comment.author?.displayName ?? 'Someone';
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="photo-comment">
      <Avatar src={comment.author?.avatarUrl ?? null} name={name} size="sm" color="initials" alt="" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600}>
          {name}{' '}
          <Text span fz="xs" c="dimmed" fw={400}>
            {readerDateTime(comment.createdAt)}
          </Text>
        </Text>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment}
        </Text>
      </Stack>
    </Group>
  );
}

export function PhotoComments({
  photoId,
  comments,
}: {
  photoId: string;
  comments: readonly { readonly node: { readonly id: string } & PhotoComments_comment$key }[];
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [add, posting] = useAddPhotoComment(photoId);
  const post = async () => {
    if (!text.trim()) return setError(PhotoMessages.commentRequired);
    const outcome = await add(text);
    if (outcome.ok) {
      setText('');
      setError(null);
      return;
    }
    const shown = formErrors(outcome, ['comment']);
    setError(shown.fields.comment ?? null);
    if (shown.notice) notify.error(shown.notice);
  };
  return (
    <Stack gap="sm">
      <Text fw={600}>Comments</Text>
      {comments.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : (
        comments.map((edge) => <Comment key={edge.node.id} comment={edge.node} />)
      )}
      <Textarea
        label="Add a comment"
        autosize
        minRows={1}
        maxLength={PHOTO_LIMITS.comment}
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button onClick={() => void post()} loading={posting} disabled={!text.trim()}>
          Post
        </Button>
      </Group>
    </Stack>
  );
}
