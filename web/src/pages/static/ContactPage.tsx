/** /contact and /dashboard/contact: the contact address comes from the server's configuration. */
import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRestData } from '../../platform/restData';

export default function ContactPage() {
  const site = useRestData('/api/backend/site-info', (b) => (b as { contact_email: string | null }).contact_email);
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Contact</Title>
      <Text fz="lg">Questions, ideas or a problem with your trip? We read every message.</Text>
      {site.state === 'loading' && <Skeleton h={24} w={260} />}
      {site.state === 'ready' && !site.value && (
        <Text>
          Signed in? Send us a note from the{' '}
          <Anchor component={Link} to="/dashboard/feedback" fw={600}>
            Feedback page
          </Anchor>
          .
        </Text>
      )}
      {site.state === 'ready' && site.value && (
        <Text>
          E-mail us at{' '}
          <Anchor href={`mailto:${site.value}`} fw={600}>
            {site.value}
          </Anchor>
        </Text>
      )}
      {(site.state === 'failed' || site.state === 'missing') && <Text c="red.8">Could not load our contact address. Please try again.</Text>}
      <Text c="dimmed">We usually answer within two working days.</Text>
    </Stack>
  );
}
