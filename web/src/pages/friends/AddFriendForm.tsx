/** 'Add Friend': an e-mail address; Enter submits. Server errors are shown as the server gives them. */
import { Box, Button, Group, Paper, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FriendMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useSendFriendRequest } from './useFriendActions';

export function AddFriendForm({ viewerId, onSent }: { viewerId: string; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useSendFriendRequest(viewerId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!address) {
      setError(FriendMessages.emailRequired);
      return;
    }
    setError(null);
    const outcome = await send(address);
    if (outcome.ok) {
      notify.success(outcome.message ?? FriendMessages.requestSent);
      setEmail('');
      onSent();
      return;
    }
    const message = outcome.message ?? FriendMessages.addFailed;
    setError(message);
    notify.error(message);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label="Add a friend by email">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Friend's email"
            description="We'll send them a friend request."
            placeholder="friend@example.com"
            type="email"
            autoComplete="off"
            data-autofocus
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} />} mt={{ base: 0, xs: 44 }}>
            Send Request
          </Button>
        </Group>
      </Box>
    </Paper>
  );
}
