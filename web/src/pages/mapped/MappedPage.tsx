/** /dashboard/mapped: the 'Coming Soon' teaser; 'Notify Me' puts the address on the waitlist. */
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconRoute, IconUsersGroup } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '../../platform/api';
import { WaitlistMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useSession } from '../../platform/SessionProvider';
import { signedInRequest } from '../guides/guideApi';

const FEATURES = [
  { icon: IconMapPin, title: 'Every place you have been', text: 'Your trips pinned on one map, year after year.' },
  { icon: IconUsersGroup, title: 'Your crew’s map', text: 'See where your friends have travelled and where they want to go.' },
  { icon: IconRoute, title: 'Routes that tell the story', text: 'Replay a trip’s path day by day, with its photos.' },
];

export default function MappedPage() {
  const { user } = useSession();
  const [email, setEmail] = useState(user?.email ?? '');
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
    <Stack gap="xl" maw={860}>
      <Stack gap={6}>
        <Text c="coral.8" fw={700} tt="uppercase" fz="sm">
          Coming Soon
        </Text>
        <Title order={1}>Mapped</Title>
        <Text c="dimmed" fz="lg">
          A living map of your travels and your crew’s.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="md" padding="lg">
            <ThemeIcon variant="light" size={40} mb="sm" aria-hidden>
              <Icon size={22} />
            </ThemeIcon>
            <Title order={2} fz="md">
              {title}
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
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
      <Anchor component={Link} to="/dashboard">
        Back to dashboard
      </Anchor>
    </Stack>
  );
}
