/**
 * One idea of the board: its title (a link when it has one), place, cost and notes; the vote
 * toggle with who voted (names as text, avatars beside); "Add to plan" on a chosen day of the
 * trip; comments; and Delete (its author or the owner), asked first.
 */
import { ActionIcon, Anchor, Avatar, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowUp, IconCalendarPlus, IconExternalLink, IconMapPin, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { IdeaCard_idea$key } from '../../__generated__/IdeaCard_idea.graphql';
import { avatarColor } from '../../components/avatarColor';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { modalStyles, closeButtonProps } from '../../components/modalStyles';
import { DecisionMessages as M } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { dayLabel } from './days';
import { useCommentOnIdea } from './useCommentOnIdea';
import { useDeleteIdea } from './useDeleteIdea';
import { useIdeaToItinerary } from './useIdeaToItinerary';
import { useVoteIdea } from './useVoteIdea';

const Fragment = graphql`
  fragment IdeaCard_idea on TripIdea {
    id
    title
    url
    notes
    location
    estimatedCost
    currency
    voteCount
    viewerHasVoted
    viewerCanManage
    createdAt
    voters {
      id
      displayName
      avatarUrl
    }
    comments {
      id
      body
      createdAt
      author {
        id
        displayName
      }
    }
  }
`;

export interface IdeaCardProps {
  idea: IdeaCard_idea$key;
  days: string[];
  ideasConnection: string;
  itineraryConnection: string;
}

export function IdeaCard({ idea, days, ideasConnection, itineraryConnection }: IdeaCardProps) {
  const data = useFragment(Fragment, idea);
  const [vote, voting] = useVoteIdea();
  const [remove, removing] = useDeleteIdea(ideasConnection);
  const [toPlan, planning] = useIdeaToItinerary(itineraryConnection);
  const [comment, commenting] = useCommentOnIdea();
  const [confirming, setConfirming] = useState(false);
  const [choosingDay, setChoosingDay] = useState(false);
  const [day, setDay] = useState<string | null>(days[0] ?? null);
  const [dayError, setDayError] = useState<string | null>(null);
  const [showComments, setShowComments] = useState(false);
  const [draft, setDraft] = useState('');
  const names = data.voters.map((v) => v.displayName);

  const onVote = async () => {
    const outcome = await vote(data.id, !data.viewerHasVoted);
    if (!outcome.ok) notify.error(outcome.message);
  };
  const onDelete = async () => {
    const outcome = await remove(data.id);
    setConfirming(false);
    if (outcome.ok) notify.success('Idea deleted.');
    else notify.error(outcome.message);
  };
  const onPlan = async () => {
    if (!day) return setDayError(M.activityDateRequired);
    const outcome = await toPlan(data.id, day);
    if (outcome.ok) {
      setChoosingDay(false);
      notify.success(`"${outcome.value.title}" is on the plan, pending booking.`);
    } else setDayError(outcome.message);
  };
  const onComment = async () => {
    if (!draft.trim()) return;
    const outcome = await comment(data.id, draft);
    if (outcome.ok) setDraft('');
    else notify.error(outcome.message);
  };

  return (
    <Paper withBorder p="md" component="article" aria-label={data.title} data-testid="idea-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={2} align="center">
          <Tooltip label={data.viewerHasVoted ? 'Take your vote back' : 'Vote this up'} withArrow>
            <ActionIcon
              size="lg"
              variant={data.viewerHasVoted ? 'filled' : 'light'}
              aria-pressed={data.viewerHasVoted}
              aria-label={`${data.viewerHasVoted ? 'Remove your vote for' : 'Vote for'} ${data.title}`}
              loading={voting}
              onClick={() => void onVote()}
            >
              <IconArrowUp size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {/* The number, then its unit for screen readers only (a label on plain text is not read). */}
          <Text fw={700}>
            <span data-testid="vote-count">{data.voteCount}</span>
            <VisuallyHidden> {data.voteCount === 1 ? 'vote' : 'votes'}</VisuallyHidden>
          </Text>
        </Stack>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            {data.url ? (
              <Anchor href={data.url} target="_blank" rel="noopener noreferrer" fw={700} style={{ overflowWrap: 'anywhere' }}>
                {data.title} <IconExternalLink size={14} aria-label="(opens in a new tab)" />
              </Anchor>
            ) : (
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {data.title}
              </Text>
            )}
            {data.estimatedCost && (
              <Badge variant="light" color="gray">
                ~{data.estimatedCost} {data.currency}
              </Badge>
            )}
          </Group>
          {data.location && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text fz="sm" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
                {data.location}
              </Text>
            </Group>
          )}
          {data.notes && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {data.notes}
            </Text>
          )}
          {names.length > 0 ? (
            <Group gap="xs" wrap="nowrap">
              <Avatar.Group spacing={6} aria-hidden>
                {data.voters.slice(0, 5).map((v) => (
                  <Avatar key={v.id} src={v.avatarUrl} name={v.displayName} color={avatarColor(v.displayName)} variant="filled" size={24} radius="xl" alt="" />
                ))}
              </Avatar.Group>
              <Text fz="xs" c="dark.4">
                Voted by {names.join(', ')}
              </Text>
            </Group>
          ) : (
            <Text fz="xs" c="dark.4">
              No votes yet
            </Text>
          )}
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setChoosingDay(true)}>
              Add to plan
            </Button>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconMessageCircle size={16} aria-hidden />}
              onClick={() => setShowComments((s) => !s)}
              aria-expanded={showComments}
            >
              Comments ({data.comments.length})
            </Button>
            {data.viewerCanManage && (
              <Button size="xs" variant="subtle" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </Group>
          {showComments && (
            <Stack gap={6} mt={4}>
              {data.comments.map((c) => (
                <Text key={c.id} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {c.author?.displayName ?? 'Someone'}:
                  </Text>{' '}
                  {c.body}
                </Text>
              ))}
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  size="xs"
                  label="Add a comment"
                  value={draft}
                  onChange={(e) => setDraft(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void onComment();
                  }}
                />
                <Button size="xs" onClick={() => void onComment()} loading={commenting}>
                  Send
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Group>

      <Modal
        opened={choosingDay}
        onClose={() => setChoosingDay(false)}
        title={`Add "${data.title}" to the plan`}
        styles={modalStyles}
        closeButtonProps={closeButtonProps}
      >
        <Stack>
          {days.length ? (
            <Select
              label="Day"
              data={days.map((d) => ({ value: d, label: dayLabel(d) }))}
              value={day}
              onChange={(v) => {
                setDay(v);
                setDayError(null);
              }}
              error={dayError}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          ) : (
            <TextInput
              type="date"
              label="Day"
              value={day ?? ''}
              onChange={(e) => {
                setDay(e.currentTarget.value || null);
                setDayError(null);
              }}
              error={dayError}
              data-autofocus
            />
          )}
          <Text fz="sm" c="dark.4">
            It joins the plan as pending, to book; the idea stays on the board.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChoosingDay(false)}>
              Cancel
            </Button>
            <Button onClick={() => void onPlan()} loading={planning}>
              Add to plan
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title="Delete idea"
        confirmLabel="Delete"
        loading={removing}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirming(false)}
      >
        {M.confirmDeleteIdea}
      </ConfirmDialog>
    </Paper>
  );
}
