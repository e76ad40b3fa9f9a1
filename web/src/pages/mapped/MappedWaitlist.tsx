/** Mapped's waitlist for what comes next (the crew's map, routes): 'Notify Me' puts the address on the waitlist. */
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconRoute, IconUsersGroup } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../platform/api';
import { WaitlistMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useSession } from '../../platform/SessionProvider';
import { signedInRequest } from '../guides/guideApi';

const FEATURES = [
  { icon: IconMapPin, title: 'Regions', text: 'States and provinces coloured as you go.' },
  { icon: IconUsersGroup, title: 'Your crew’s map', text: 'See where your friends have travelled and where they want to go.' },
  { icon: IconRoute, title: 'Routes that tell the story', text: 'Replay a trip’s path day by day, with its photos.' },
];

export function MappedWaitlist() {
  const { user } = useSession();
  // Untouched, the field shows the reader's address, whenever the session is known (a page the
  // server rendered may mount this before the stored session has been read).
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? user?.email ?? '';
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const result = await signedInRequest<{ already_listed: boolean }>('/api/backend/mapped-waitlist', { method: 'POST', body: { email } });
      const message = result.already_listed ? WaitlistMessages.already : WaitlistMessages.joined;
      setJoined(message);
      notify.success(message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(errorMessage(err));
      else notify.error(WaitlistMessages.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Coming next: your crew’s map
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="md" padding="md">
            <ThemeIcon variant="light" size={36} mb="xs" aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
            <Title order={3} fz="sm">
              {title}
            </Title>
            <Text fz="sm" c="gray.7" mt={4}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
        {joined ? (
          <Text fw={600} role="status">
            {joined}
          </Text>
        ) : (
          <Group align="flex-start" gap="sm">
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={sending} mt={25}>
              Notify Me
            </Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
