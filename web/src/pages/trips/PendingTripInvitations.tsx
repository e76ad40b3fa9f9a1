/**
 * Invitations waiting for the viewer's answer, as cards with 'Accept Invitation' and 'Decline'
 * (declining asks first). Failures read 'Failed to accept invitation. Please try again.' /
 * 'Failed to decline invitation. Please try again.'; the server's reasons are shown as given.
 */
import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconCheck, IconMailOpened, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PendingTripInvitations_viewer$key } from '../../__generated__/PendingTripInvitations_viewer.graphql';
import { notify } from '../../platform/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateRange } from '../../components/dateFormat';
import { useAnswerInvitation, type Answered } from './useAnswerInvitation';
import { avatarColor } from '../../components/avatarColor';

const Fragment = graphql`
  fragment PendingTripInvitations_viewer on User {
    id
    pendingTripInvitations {
      id
      tripName
      tripDestination
      tripStartDate
      tripEndDate
      message
      invitedBy {
        id
        displayName
        avatarUrl
      }
    }
  }
`;

export function PendingTripInvitations({
  viewer,
  onAccepted,
}: {
  viewer: PendingTripInvitations_viewer$key;
  onAccepted?: (timing: Answered['timing']) => void;
}) {
  const data = useFragment(Fragment, viewer);
  const [answer] = useAnswerInvitation(data.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<{ id: string; tripName: string } | null>(null);

  if (data.pendingTripInvitations.length === 0) return null;

  const accept = async (id: string) => {
    setBusy(id);
    const outcome = await answer(id, true);
    setBusy(null);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    const { tripName, timing } = outcome.value;
    notify.success(tripName ? `You joined "${tripName}".` : 'Invitation accepted.');
    onAccepted?.(timing);
  };

  const decline = async () => {
    if (!declining) return;
    setBusy(declining.id);
    const outcome = await answer(declining.id, false);
    setBusy(null);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.info(`You declined the invitation to "${declining.tripName}".`);
    setDeclining(null);
  };

  return (
    <section aria-labelledby="pending-invitations-title">
      <Group gap="xs" mb="sm">
        <IconMailOpened size={20} aria-hidden />
        <Title order={2} fz="lg" id="pending-invitations-title">
          Pending Invitations ({data.pendingTripInvitations.length})
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.pendingTripInvitations.map((inv) => (
          <Card key={inv.id} withBorder padding="md" bg="lagoon.0" component="article" aria-label={`Invitation to ${inv.tripName}`}>
            <Stack gap={8}>
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={inv.invitedBy?.avatarUrl}
                  name={inv.invitedBy?.displayName ?? '?'}
                  color={avatarColor(inv.invitedBy?.displayName ?? '?')}
                  variant="filled"
                  radius="xl"
                  alt=""
                />
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {inv.tripName}
                  </Text>
                  <Text fz="sm" c="dark.4">
                    {inv.invitedBy ? `${inv.invitedBy.displayName} invited you` : 'You are invited'}
                  </Text>
                </div>
              </Group>
              <Group gap="md" c="dark.5">
                {inv.tripDestination && (
                  <Group gap={4} wrap="nowrap">
                    <IconMapPin size={15} aria-hidden />
                    <Text fz="sm">{inv.tripDestination}</Text>
                  </Group>
                )}
                <Group gap={4} wrap="nowrap">
                  <IconCalendar size={15} aria-hidden />
                  <Text fz="sm">{formatDateRange(inv.tripStartDate, inv.tripEndDate)}</Text>
                </Group>
              </Group>
              {inv.message && (
                <Text fz="sm" fs="italic" c="dark.5" style={{ overflowWrap: 'anywhere' }}>
                  “{inv.message}”
                </Text>
              )}
              <Group gap="xs" mt={4}>
                <Button
                  size="xs"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  loading={busy === inv.id && !declining}
                  disabled={!!busy}
                  onClick={() => void accept(inv.id)}
                >
                  Accept Invitation
                </Button>
                <Button size="xs" variant="default" disabled={!!busy} onClick={() => setDeclining({ id: inv.id, tripName: inv.tripName })}>
                  Decline
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={!!declining}
        title="Decline this invitation?"
        confirmLabel="Decline Invitation"
        loading={!!declining && busy === declining.id}
        onClose={() => setDeclining(null)}
        onConfirm={() => void decline()}
      >
        <Text fz="sm">
          You will not join <strong>{declining?.tripName}</strong>. The person who invited you can invite you again later.
        </Text>
      </ConfirmDialog>
    </section>
  );
}
