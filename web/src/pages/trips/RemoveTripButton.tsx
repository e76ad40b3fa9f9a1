/**
 * 'Delete' for the trip's owner, 'Leave' for a member; both ask first (seed 000 §8
 * confirmations). The trip leaves the lists at once; failures show the catalogue's message.
 */
import { Button, Text, type ButtonProps } from '@mantine/core';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../platform/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useRemoveTrip } from './useRemoveTrip';

export interface RemoveTripButtonProps {
  tripId: string;
  tripName: string;
  isOwner: boolean;
  viewerId: string | null;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  onRemoved?: () => void;
}

export function RemoveTripButton({ tripId, tripName, isOwner, viewerId, size = 'sm', variant = 'subtle', onRemoved }: RemoveTripButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useRemoveTrip(viewerId);
  const mode = isOwner ? 'delete' : 'leave';

  const confirm = async () => {
    const outcome = await remove(tripId, mode);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    setConfirming(false);
    notify.success(isOwner ? `"${tripName}" was deleted.` : `You left "${tripName}".`);
    onRemoved?.();
  };

  return (
    <>
      <Button
        size={size}
        variant={variant}
        color="red"
        c={variant === 'filled' ? undefined : 'red.9'}
        leftSection={isOwner ? <IconTrash size={16} aria-hidden /> : <IconDoorExit size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {isOwner ? 'Delete' : 'Leave'}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={isOwner ? 'Delete this trip?' : 'Leave this trip?'}
        confirmLabel={isOwner ? 'Delete Trip' : 'Leave Trip'}
        loading={removing}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <Text fz="sm">
          {isOwner ? (
            <>
              <strong>{tripName}</strong> will be deleted for everyone on it, with its invitations. This cannot be undone.
            </>
          ) : (
            <>
              You will no longer see <strong>{tripName}</strong> or its plans. Someone on the trip can invite you again.
            </>
          )}
        </Text>
      </ConfirmDialog>
    </>
  );
}
