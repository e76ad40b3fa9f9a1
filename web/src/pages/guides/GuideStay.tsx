/** 'Where to Stay': neighbourhoods with tiered hotel picks, and the hotel cards with 'Book now'. */
import { Anchor, Badge, Button, Card, Collapse, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBookmark, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { GuideContent } from '../../platform/domain';
import { useSaveToWishlist } from '../explore/useWishlist';
import { GuideMap } from './GuideMap';
import { formatPrice, trackGuideClick } from './guideApi';

const TIER = { luxury: 'Luxury', mid: 'Mid-range', budget: 'Budget' } as const;

/** A partner's link: opens in a new tab and records the click for the signed-in reader. */
export function PartnerLink({ partner, url, itemId, children }: { partner: string; url: string; itemId: string; children: React.ReactNode }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener sponsored" onClick={() => trackGuideClick(partner, url, itemId)}>
      {children}
    </Anchor>
  );
}

export function GuideStay({ slug, city, content, tilesUrl }: { slug: string; city: string; content: GuideContent; tilesUrl: string | null }) {
  const [open, setOpen] = useState(false);
  const [save, saving] = useSaveToWishlist();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {content.neighborhoods.map((n, index) => (
          <Card key={n.name} withBorder radius="md" padding="lg">
            <Title order={3} fz="lg">
              {n.name}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {n.summary}
            </Text>
            <List spacing={6} mt="md" fz="sm">
              {n.hotels.map((h) => (
                <List.Item key={h.name}>
                  <Text span fw={600} fz="sm">
                    {TIER[h.tier]}:
                  </Text>{' '}
                  <PartnerLink partner={h.partner} url={h.url} itemId={`${slug}:${h.name}`}>
                    {h.name}
                  </PartnerLink>{' '}
                  <Text span c="dimmed" fz="sm">
                    from {formatPrice(h.from)}/night
                  </Text>
                </List.Item>
              ))}
            </List>
            {index === 0 && n.details.length > 0 && (
              <>
                <Collapse expanded={open} id={`${slug}-stay-details`}>
                  <List spacing={4} mt="sm" fz="sm" c="dimmed">
                    {n.details.map((d) => (
                      <List.Item key={d}>{d}</List.Item>
                    ))}
                  </List>
                </Collapse>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  mt="sm"
                  onClick={() => setOpen((o) => !o)}
                  aria-expanded={open}
                  aria-controls={`${slug}-stay-details`}
                >
                  {open ? 'Show less details' : 'Show more details'}
                </Button>
              </>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <GuideMap slug={slug} city={city} content={content} tilesUrl={tilesUrl} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {content.hotels.map((h) => (
          <Card key={h.name} withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={3} fz="md">
                {h.name}
              </Title>
              <Badge variant="light">{h.area}</Badge>
            </Group>
            <Text fz="sm" c="dimmed" mt={6} style={{ flex: 1 }}>
              {h.blurb}
            </Text>
            <Text fw={700} mt="sm">
              {formatPrice(h.nightly)}{' '}
              <Text span fz="sm" c="dimmed" fw={400}>
                / night
              </Text>
            </Text>
            <Group mt="sm" gap="xs">
              <Button
                component="a"
                href={h.url}
                target="_blank"
                rel="noopener sponsored"
                size="sm"
                rightSection={<IconExternalLink size={14} aria-hidden />}
                onClick={() => trackGuideClick(h.partner, h.url, `${slug}:${h.name}`)}
                aria-label={`Book now: ${h.name}`}
              >
                Book now
              </Button>
              <Button
                variant="default"
                size="sm"
                loading={saving}
                leftSection={<IconBookmark size={14} aria-hidden />}
                onClick={() => void save({ kind: 'hotel', itemKey: `${slug}:${h.name}`, title: h.name, subtitle: `${h.area}, ${city}`, url: h.url })}
                aria-label={`Save ${h.name}`}
              >
                Save
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
