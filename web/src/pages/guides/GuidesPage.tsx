/** /guides and /dashboard/guides: the published city guides, featured ones first. */
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { FIRST_SCREEN_CARDS, GUIDE_IMAGE_SIZE, imageLoading } from '../../components/imageLoading';
import { useRestData } from '../../platform/restData';
import { GUIDES_PATH, pickGuides } from './guideApi';
import styles from './guide.module.css';

export default function GuidesPage() {
  const { pathname } = useLocation();
  const base = pathname.startsWith('/dashboard') ? '/dashboard' : '';
  const guides = useRestData(GUIDES_PATH, pickGuides);
  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Title order={1}>City Guides</Title>
        <Text c="dimmed" fz="lg">
          Where to stay, what to do and when to go, written for planning with friends.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {guides.state === 'loading' && [0, 1, 2].map((i) => <Skeleton key={i} h={260} radius="md" />)}
        {guides.state === 'ready' &&
          guides.value.map((g, i) => (
            <Card key={g.slug} component={Link} to={`${base}/guides/${g.slug}`} withBorder radius="md" padding={0} className={styles.card}>
              <img src={g.image_url} alt="" className={styles.cardImage} {...GUIDE_IMAGE_SIZE} {...imageLoading(i < FIRST_SCREEN_CARDS)} />
              <Stack gap={6} p="md">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} fz="lg">
                    {g.city}
                  </Title>
                  {g.featured && <Badge variant="light">Featured</Badge>}
                </Group>
                <Text fz="sm" c="dimmed">
                  {g.country}
                </Text>
                {g.description && <Text fz="sm">{g.description}</Text>}
              </Stack>
            </Card>
          ))}
      </SimpleGrid>
      {guides.state === 'ready' && guides.value.length === 0 && <Text c="dimmed">No guides are published yet.</Text>}
      {(guides.state === 'failed' || guides.state === 'missing') && <Text c="red.8">Could not load the guides. Please try again.</Text>}
    </Stack>
  );
}
