import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { graphql, useMutation } from 'react-relay';
import type { PendingEmailNoticeCancelMutation } from '../../__generated__/PendingEmailNoticeCancelMutation.graphql';
import { AccountMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';

const CancelMutation = graphql`
  mutation PendingEmailNoticeCancelMutation {
    cancelEmailChange {
      __typename
      ... on CancelEmailChangePayload {
        user {
          id
          pendingEmail
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Shown while a new address waits for its confirmation link: the account still signs in with
 * the current one, so say which, and offer to drop the change (a typo, a change of mind).
 */
export function PendingEmailNotice({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string }) {
  const [cancel, cancelling] = useMutation<PendingEmailNoticeCancelMutation>(CancelMutation);
  const onCancel = () =>
    cancel({
      variables: {},
      onCompleted: ({ cancelEmailChange: result }) => {
        if (result.__typename === 'CancelEmailChangePayload') notify.success(AccountMessages.emailChangeCancelled);
        else notify.error(result.message ?? AccountMessages.unexpected);
      },
      onError: () => notify.error(AccountMessages.unexpected),
    });
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
