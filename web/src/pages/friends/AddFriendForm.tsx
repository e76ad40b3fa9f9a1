/**
 * 'Add Friend': an e-mail address; Enter submits. Server errors are shown as the server gives
 * them; an address without an account is offered an invitation to join Tripcrew instead.
 */
import { Alert, Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconMailForward, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FriendMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useInviteToTripcrew, useSendFriendRequest } from './useFriendActions';

export function AddFriendForm({ viewerId, onSent }: { viewerId: string; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The address that has no account, once the server said so: we offer to invite it. */
  const [unknown, setUnknown] = useState<string | null>(null);
  const [send, sending] = useSendFriendRequest(viewerId);
  const [invite, inviting] = useInviteToTripcrew();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!address) {
      setError(FriendMessages.emailRequired);
      return;
    }
    setError(null);
    setUnknown(null);
    const outcome = await send(address);
    if (outcome.ok) {
      notify.success(outcome.value ?? FriendMessages.requestSent);
      setEmail('');
      onSent();
      return;
    }
    if (outcome.message === FriendMessages.noSuchUser) {
      setUnknown(address);
      return;
    }
    setError(outcome.message);
  };

  const sendInvitation = async () => {
    if (!unknown || inviting) return;
    const outcome = await invite(unknown);
    if (outcome.ok) {
      notify.success(outcome.value ?? FriendMessages.joinInviteSent, 'Invitation sent');
      setUnknown(null);
      setEmail('');
      return;
    }
    setUnknown(null);
    setError(outcome.message);
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
              setUnknown(null);
            }}
            error={error}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} />} mt={{ base: 0, xs: 44 }}>
            Send Request
          </Button>
        </Group>
      </Box>
      {unknown && (
        <Alert mt="md" color="lagoon" variant="light" icon={<IconMailForward size={18} />} title="Not on Tripcrew yet" role="status">
          <Text fz="sm">Nobody uses {unknown} on Tripcrew yet. Invite them to join: you will be friends as soon as they sign up.</Text>
          <Group gap="sm" mt="sm">
            <Button size="sm" onClick={() => void sendInvitation()} loading={inviting} leftSection={<IconMailForward size={16} />}>
              Invite to Tripcrew
            </Button>
            <Button size="sm" variant="default" onClick={() => setUnknown(null)} disabled={inviting}>
              Not now
            </Button>
          </Group>
        </Alert>
      )}
    </Paper>
  );
}
