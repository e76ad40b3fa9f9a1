/**
 * Nearby restaurants, attractions and encyclopedia articles (5 each, nearest first) around the
 * trip's centre, from Trip.recommendations. 'Add to trip' puts one on the plan as a pending
 * item; outbound links are recorded (trackAffiliateClick) and open in a new tab. When no
 * provider is configured, or nothing is near, the panel says so plainly; a failed lookup is
 * only logged (seed 001 §8) and the panel says the list could not be loaded.
 */
import { Anchor, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBulb, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { RecommendationsPanelQuery, RecommendationsPanelQuery$data } from '../../__generated__/RecommendationsPanelQuery.graphql';
import { notify } from '../../platform/notify';
import { formatDistance } from './geo';
import { ItineraryText } from './messages';
import { useAddPendingItineraryItem } from './useAddPendingItineraryItem';
import { useAddIdea } from '../decisions/useAddIdea';
import { ideasConnectionId } from '../decisions/connections';
import { useTrackAffiliateClick } from './useTrackAffiliateClick';

export const RecommendationsQuery = graphql`
  query RecommendationsPanelQuery($id: ID!) {
    node(id: $id) {
      ... on Trip @alias(as: "trip") {
        id
        recommendations {
          available
          restaurants {
            name
            kind
            latitude
            longitude
            distanceMeters
            address
            website
          }
          attractions {
            name
            kind
            latitude
            longitude
            distanceMeters
            address
            website
          }
          articles {
            title
            url
            latitude
            longitude
            distanceMeters
            extract
          }
        }
      }
    }
  }
`;

export type Recommendations = NonNullable<NonNullable<RecommendationsPanelQuery$data['node']>['trip']>['recommendations'];
type Place = Recommendations['restaurants'][number];
type Article = Recommendations['articles'][number];

/** How many of each list the panel shows (the API already answers the 5 nearest). */
const SHOWN = 5;

/** The partner an outbound link is recorded under: the site's host ("en.wikipedia.org"). */
export function partnerOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'link';
  }
}

/** A failed lookup leaves the lists empty with a note; it never takes the page down. */
export class QuietBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('Recommendations could not be loaded', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface PanelProps {
  queryRef: PreloadedQuery<RecommendationsPanelQuery> | null | undefined;
  tripId: string;
  connection: string;
  locale: string | undefined;
}

const Frame = ({ children }: { children: ReactNode }) => (
  <Paper withBorder p="lg" component="section" aria-labelledby="recommendations-title" className="tc-no-print">
    <Title order={2} fz="lg" mb="sm" id="recommendations-title">
      Nearby recommendations
    </Title>
    {children}
  </Paper>
);

const Loading = () => (
  <Stack gap="xs" aria-label="Loading recommendations" role="status">
    <Skeleton height={28} width="70%" />
    <Skeleton height={52} />
    <Skeleton height={52} />
    <Skeleton height={52} />
  </Stack>
);

export function RecommendationsPanel(props: PanelProps) {
  return (
    <Frame>
      <QuietBoundary
        fallback={
          <Text fz="sm" c="dark.4">
            {ItineraryText.recommendationsFailed}
          </Text>
        }
      >
        <Suspense fallback={<Loading />}>{props.queryRef ? <PanelBody {...props} queryRef={props.queryRef} /> : <Loading />}</Suspense>
      </QuietBoundary>
    </Frame>
  );
}

function PanelBody({ queryRef, tripId, connection, locale }: PanelProps & { queryRef: PreloadedQuery<RecommendationsPanelQuery> }) {
  const data = usePreloadedQuery<RecommendationsPanelQuery>(RecommendationsQuery, queryRef);
  const recs = data.node?.trip?.recommendations;
  const [adding, setAdding] = useState<string | null>(null);
  const [addPending] = useAddPendingItineraryItem(connection);
  const [addIdea] = useAddIdea(tripId, ideasConnectionId(tripId));
  const track = useTrackAffiliateClick();

  if (!recs || !recs.available) {
    return (
      <Text fz="sm" c="dark.4">
        {ItineraryText.recommendationsOff}
      </Text>
    );
  }
  if (recs.restaurants.length + recs.attractions.length + recs.articles.length === 0) {
    return (
      <Text fz="sm" c="dark.4">
        {ItineraryText.recommendationsEmpty}
      </Text>
    );
  }

  const add = async (
    key: string,
    title: string,
    type: 'RESTAURANT' | 'ACTIVITY',
    where: { latitude: number; longitude: number; location: string | null },
    url: string | null,
  ) => {
    setAdding(key);
    const outcome = await addPending({
      tripId,
      title,
      type,
      location: where.location,
      latitude: where.latitude,
      longitude: where.longitude,
      affiliatePartner: url ? partnerOf(url) : null,
      affiliateUrl: url,
    });
    setAdding(null);
    if (outcome.ok) notify.success(ItineraryText.pendingAdded(outcome.value.title || title));
    else notify.error(outcome.message);
  };

  /** "To ideas": onto the trip's ideas board instead, for the crew to vote on first. */
  const toIdeas = async (key: string, title: string, where: { latitude: number; longitude: number; location: string | null }, url: string | null) => {
    setAdding(`idea:${key}`);
    const link = url && /^https?:\/\//i.test(url) ? url : null;
    const outcome = await addIdea({ title, location: where.location, latitude: where.latitude, longitude: where.longitude, url: link });
    setAdding(null);
    if (outcome.ok) notify.success(`"${title}" is on the ideas board for the crew to vote on.`);
    else notify.error(outcome.message);
  };
  /** A suggestion's two ways onto the trip: the plan (as a pending item) or the ideas board. */
  const addButtons = (
    key: string,
    title: string,
    type: 'RESTAURANT' | 'ACTIVITY',
    where: { latitude: number; longitude: number; location: string | null },
    url: string | null,
  ) => (
    <Stack gap={4} align="flex-end">
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        aria-label={`Add ${title} to trip`}
        loading={adding === key}
        onClick={() => void add(key, title, type, where, url)}
      >
        Add to trip
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconBulb size={14} aria-hidden />}
        aria-label={`Send ${title} to the ideas board`}
        loading={adding === `idea:${key}`}
        onClick={() => void toIdeas(key, title, where, url)}
      >
        To ideas
      </Button>
    </Stack>
  );

  const outbound = (url: string, itemId: string) =>
    track({ affiliatePartner: partnerOf(url), affiliateUrl: url, affiliateItemId: itemId, tripId, source: 'recommendations' });

  const placeRow = (p: Place, type: 'RESTAURANT' | 'ACTIVITY') => {
    const key = `${type}:${p.name}:${p.latitude},${p.longitude}`;
    return (
      <Group key={key} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs" py={6}>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {p.name}
          </Text>
          <Text fz="xs" c="dark.4">
            {[p.kind, formatDistance(p.distanceMeters, locale)].filter(Boolean).join(' · ')}
          </Text>
          {p.address && (
            <Text fz="xs" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
              {p.address}
            </Text>
          )}
          {p.website && (
            <Anchor href={p.website} target="_blank" rel="noopener noreferrer" fz="xs" c="lagoon.8" onClick={() => outbound(p.website!, key)}>
              Website <IconExternalLink size={12} aria-label="(opens in a new tab)" />
            </Anchor>
          )}
        </div>
        {addButtons(key, p.name, type, { latitude: p.latitude, longitude: p.longitude, location: p.address ?? p.name }, p.website ?? null)}
      </Group>
    );
  };

  const articleRow = (a: Article) => {
    const key = `ARTICLE:${a.url}`;
    return (
      <Group key={key} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs" py={6}>
        <div style={{ minWidth: 0 }}>
          <Anchor href={a.url} target="_blank" rel="noopener noreferrer" fw={600} fz="sm" c="lagoon.8" onClick={() => outbound(a.url, key)}>
            {a.title} <IconExternalLink size={12} aria-label="(opens in a new tab)" />
          </Anchor>
          <Text fz="xs" c="dark.4">
            {formatDistance(a.distanceMeters, locale)}
          </Text>
          {a.extract && (
            <Text fz="xs" c="dark.5" lineClamp={2}>
              {a.extract}
            </Text>
          )}
        </div>
        {addButtons(key, a.title, 'ACTIVITY', { latitude: a.latitude, longitude: a.longitude, location: a.title }, a.url)}
      </Group>
    );
  };

  const list = (rows: ReactNode[], empty: string) =>
    rows.length ? (
      <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows}
      </Stack>
    ) : (
      <Text fz="sm" c="dark.4" py="xs">
        {empty}
      </Text>
    );

  return (
    <Tabs defaultValue="restaurants" keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="restaurants">Restaurants ({Math.min(recs.restaurants.length, SHOWN)})</Tabs.Tab>
        <Tabs.Tab value="attractions">Attractions ({Math.min(recs.attractions.length, SHOWN)})</Tabs.Tab>
        <Tabs.Tab value="articles">Articles ({Math.min(recs.articles.length, SHOWN)})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="restaurants" pt="xs">
        {list(
          recs.restaurants.slice(0, SHOWN).map((p) => placeRow(p, 'RESTAURANT')),
          'No restaurants found within 4 km.',
        )}
      </Tabs.Panel>
      <Tabs.Panel value="attractions" pt="xs">
        {list(
          recs.attractions.slice(0, SHOWN).map((p) => placeRow(p, 'ACTIVITY')),
          'No attractions found within 6 km.',
        )}
      </Tabs.Panel>
      <Tabs.Panel value="articles" pt="xs">
        {list(recs.articles.slice(0, SHOWN).map(articleRow), 'No articles found within 10 km.')}
      </Tabs.Panel>
    </Tabs>
  );
}
