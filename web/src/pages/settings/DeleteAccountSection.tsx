/**
 * Settings' "Delete account": says what goes and what stays, then asks in the app's confirmation
 * dialog, with the password. Once deleted, the session ends and the visitor lands on the home page
 * with a notice.
 */
import { Button, Group, List, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AccountMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { formErrors } from '../../platform/formErrors';
import type { DashboardOutlet } from '../dashboard/DashboardLayout';
import { useDeleteAccount } from './useDeleteAccount';

function Consequences() {
  return (
    <List fz="sm" spacing={4}>
      <List.Item>Your profile, friends, invitations and notifications are removed.</List.Item>
      <List.Item>Trips you own pass to their longest-standing member, or are deleted if nobody else joined.</List.Item>
      <List.Item>Expenses and settlements you were part of stay, under “Deleted user”, so your friends’ balances still add up.</List.Item>
    </List>
  );
}

export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, deleting] = useDeleteAccount();
  const { signOut } = useOutletContext<DashboardOutlet>();

  const close = () => {
    setConfirming(false);
    setPassword('');
    setError(null);
  };

  const confirm = async () => {
    if (deleting) return;
    if (!password) {
      setError(AccountMessages.deletePasswordRequired);
      return;
    }
    const outcome = await deleteAccount(password);
    if (outcome.ok) {
      notify.success(AccountMessages.accountDeleted);
      // The shell leaves the dashboard for the home page first, then forgets the session.
      signOut();
      return;
    }
    const shown = formErrors(outcome, ['password']);
    setError(shown.fields.password ?? null);
    if (shown.notice) notify.error(shown.notice);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Title order={2} fz="lg">
        Delete account
      </Title>
      <Stack gap="sm" mt="xs">
        <Text fz="sm">Deleting your account cannot be undone.</Text>
        <Consequences />
        <Group justify="flex-end">
          <Button color="red.9" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => setConfirming(true)}>
            Delete account…
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog opened={confirming} title="Delete your account?" confirmLabel="Delete my account" loading={deleting} onConfirm={confirm} onClose={close}>
        <Stack gap="sm">
          <Text fz="sm">This cannot be undone. You will be signed out everywhere.</Text>
          <Consequences />
          <PasswordInput
            label="Your password"
            description="To delete your account, confirm it is you."
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
