/**
 * The dashboard's trip invitations box: each pending invitation with 'Accept Trip' and
 * 'Decline' (confirmed). The mutation payloads bring the viewer's new invitations, stats and
 * upcoming trips, so the box, the cards and the list change at once.
 */
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendar, IconCheck, IconMailOpened, IconMapPin, IconUser } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useAcceptDashboardInvitation, useDeclineDashboardInvitation } from './useAnswerDashboardInvitation';
import type { DashboardInvitations_viewer$key } from '../../__generated__/DashboardInvitations_viewer.graphql';
import { TripMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateRange } from '../../components/dateFormat';

const ViewerFragment = graphql`
  fragment DashboardInvitations_viewer on User {
    id
    pendingTripInvitations {
      id
      tripName
      tripDestination
      tripStartDate
      tripEndDate
      message
      createdAt
      invitedBy {
        id
        displayName
      }
    }
  }
`;

type Invitation = { id: string; tripName: string; inviter: string | null };

export function DashboardInvitations({ viewer, onStale }: { viewer: DashboardInvitations_viewer$key; onStale: () => void }) {
  const data = useFragment(ViewerFragment, viewer);
  const [acceptInvitation] = useAcceptDashboardInvitation();
  const [declineInvitation, declining] = useDeclineDashboardInvitation();
  const [accepting, setAccepting] = useState<string | null>(null);
  const [confirmDecline, setConfirmDecline] = useState<Invitation | null>(null);
  const invitations = data.pendingTripInvitations;

  const failed = useCallback(
    (fallback: string, message: string | null) => {
      if (message) {
        notify.error(message, fallback);
        onStale(); // e.g. expired or answered elsewhere: show the list as it is now
      } else notify.error(fallback);
    },
    [onStale],
  );

  const accept = async (invitation: Invitation) => {
    setAccepting(invitation.id);
    const outcome = await acceptInvitation(invitation.id);
    setAccepting(null);
    if (outcome.ok) notify.success(`You joined ${outcome.value ?? invitation.tripName}. Happy planning!`, 'Invitation accepted');
    else failed(TripMessages.acceptFailed, outcome.refused ? outcome.message : null);
  };

  const decline = async (invitation: Invitation) => {
    const outcome = await declineInvitation(invitation.id);
    setConfirmDecline(null);
    if (outcome.ok) notify.info(`You declined the invitation to ${invitation.tripName}.`);
    else failed(TripMessages.declineFailed, outcome.refused ? outcome.message : null);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-invitations">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="dashboard-invitations">
          Trip Invitations
        </Title>
        {invitations.length > 0 && (
          <Badge color="coral.8" variant="filled" circle={invitations.length < 10} aria-label={`${invitations.length} pending`}>
            {invitations.length}
          </Badge>
        )}
      </Group>
      {invitations.length === 0 ? (
        <Group gap="sm" wrap="nowrap" c="gray.7">
          <ThemeIcon variant="light" color="gray" radius="xl" size={36} aria-hidden>
            <IconMailOpened size={20} />
          </ThemeIcon>
          <Text fz="sm">No pending invitations. When friends invite you to a trip, it shows up here.</Text>
        </Group>
      ) : (
        <Stack gap="sm">
          {invitations.map((invitation) => {
            const inviter = invitation.invitedBy?.displayName ?? null;
            const item: Invitation = { id: invitation.id, tripName: invitation.tripName, inviter };
            return (
              <Paper key={invitation.id} withBorder p="sm" radius="md" bg="lagoon.0" component="article" aria-label={`Invitation to ${invitation.tripName}`}>
                <Stack gap={6}>
                  <Text fw={700}>{invitation.tripName}</Text>
                  <Stack gap={2}>
                    {invitation.tripDestination && (
                      <Group gap={6} wrap="nowrap">
                        <IconMapPin size={14} aria-hidden />
                        <Text fz="sm">{invitation.tripDestination}</Text>
                      </Group>
                    )}
                    <Group gap={6} wrap="nowrap">
                      <IconCalendar size={14} aria-hidden />
                      <Text fz="sm">{formatDateRange(invitation.tripStartDate, invitation.tripEndDate)}</Text>
                    </Group>
                    {inviter && (
                      <Group gap={6} wrap="nowrap">
                        <IconUser size={14} aria-hidden />
                        <Text fz="sm">Invited by {inviter}</Text>
                      </Group>
                    )}
                  </Stack>
                  {invitation.message && (
                    <Text fz="sm" fs="italic" c="dark.5" style={{ wordBreak: 'break-word' }}>
                      “{invitation.message}”
                    </Text>
                  )}
                  <Group gap="xs" mt={4}>
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={16} />}
                      loading={accepting === invitation.id}
                      disabled={accepting !== null && accepting !== invitation.id}
                      onClick={() => accept(item)}
                    >
                      Accept Trip
                    </Button>
                    <Button size="xs" variant="default" disabled={accepting === invitation.id} onClick={() => setConfirmDecline(item)}>
                      Decline
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmDecline !== null}
        title="Decline invitation?"
        confirmLabel="Decline"
        loading={declining}
        onConfirm={() => confirmDecline && decline(confirmDecline)}
        onClose={() => setConfirmDecline(null)}
      >
        {`Decline the invitation to ${confirmDecline?.tripName ?? 'this trip'}? To join later, you'll need a new invitation${
          confirmDecline?.inviter ? ` from ${confirmDecline.inviter}` : ''
        }.`}
      </ConfirmDialog>
    </Paper>
  );
}
