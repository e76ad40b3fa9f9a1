/**
 * Invitations of a trip not answered yet; the person who sent one, or the trip's owner, may
 * withdraw it (after confirming).
 */
import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '../../components/dateFormat';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { TripPendingInvites_trip$key } from '../../__generated__/TripPendingInvites_trip.graphql';
import { notify } from '../../platform/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCancelInvitation } from './useCancelInvitation';
import { avatarColor } from '../../components/avatarColor';
import { inviteeLabel } from './format';

const Fragment = graphql`
  fragment TripPendingInvites_trip on Trip {
    viewerIsOwner
    pendingInvitations {
      id
      invitedEmail
      createdAt
      expiresAt
      invitedBy {
        id
        displayName
      }
      invitedUser {
        id
        displayName
        avatarUrl
      }
    }
  }
`;

export function TripPendingInvites({ trip, viewerId }: { trip: TripPendingInvites_trip$key; viewerId: string | null }) {
  const data = useFragment(Fragment, trip);
  const [cancel, cancelling] = useCancelInvitation();
  const [target, setTarget] = useState<{ id: string; who: string } | null>(null);

  const confirm = async () => {
    if (!target) return;
    const outcome = await cancel(target.id);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.info(`The invitation to ${target.who} was withdrawn.`);
    setTarget(null);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="trip-pending-title">
      <Title order={2} fz="lg" mb="md" id="trip-pending-title">
        Pending Invitations ({data.pendingInvitations.length})
      </Title>
      {data.pendingInvitations.length === 0 ? (
        <Text fz="sm" c="dark.4">
          Nobody is waiting to answer. Use Invite to bring more people along.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.pendingInvitations.map((inv) => {
            const who = inviteeLabel(inv);
            const mayCancel = data.viewerIsOwner || (!!viewerId && inv.invitedBy?.id === viewerId);
            return (
              <Group key={inv.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
                <Avatar
                  src={inv.invitedUser?.avatarUrl}
                  name={who}
                  color={avatarColor(who)}
                  variant="filled"
                  radius="xl"
                  alt=""
                  style={{ border: '2px dashed var(--mantine-color-gray-7)' }}
                />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {who}
                  </Text>
                  <Text fz="xs" c="dark.4">
                    {[
                      inv.invitedBy ? `by ${inv.invitedBy.displayName}` : null,
                      formatDay(inv.createdAt, false),
                      inv.expiresAt ? `expires ${formatDay(inv.expiresAt, false)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                {mayCancel && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => setTarget({ id: inv.id, who })}
                    aria-label={`Cancel invitation to ${who}`}
                  >
                    Cancel
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        opened={!!target}
        title="Cancel this invitation?"
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep It"
        loading={cancelling}
        onClose={() => setTarget(null)}
        onConfirm={() => void confirm()}
      >
        <Text fz="sm">
          <strong>{target?.who}</strong> will no longer be able to join with this invitation. You can invite them again later.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
