import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { AccountMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useCancelEmailChange } from './useCancelEmailChange';

/**
 * Shown while a new address waits for its confirmation link: the account still signs in with
 * the current one, so say which, and offer to drop the change (a typo, a change of mind).
 */
export function PendingEmailNotice({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string }) {
  const [cancel, cancelling] = useCancelEmailChange();
  const onCancel = async () => {
    const outcome = await cancel();
    if (outcome.ok) notify.success(AccountMessages.emailChangeCancelled);
    else notify.error(outcome.message);
  };
  return (
    <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} title="Confirm your new email address">
      <Text fz="sm">
        We sent a link to <strong>{pendingEmail}</strong>. Open it to start using that address; until then you keep signing in with{' '}
        <strong>{currentEmail}</strong>.
      </Text>
      <Group mt="xs">
        <Button size="xs" variant="white" color="blue.9" onClick={onCancel} loading={cancelling}>
          Cancel change
        </Button>
      </Group>
    </Alert>
  );
}
