/**
 * /dashboard/photos: a trip's shared album. Trip selector (the first trip preselected),
 * favourites-only and grid/list toggles, drag-and-drop or click upload with a progress bar per
 * file, and the album, live: other members' photos and comments arrive as they are added.
 */
import { Button, Center, Group, SegmentedControl, Select, Skeleton, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconLayoutGrid, IconList, IconPhoto } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import type { PhotosPageAlbumQuery } from '../../__generated__/PhotosPageAlbumQuery.graphql';
import type { PhotosPageQuery } from '../../__generated__/PhotosPageQuery.graphql';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { ALBUM_PAGE } from './connection';
import { PhotoAlbum, type PhotoAlbumHandle } from './PhotoAlbum';
import { UploadArea } from './UploadArea';

const Query = graphql`
  query PhotosPageQuery {
    viewer {
      id
      trips(first: 100) {
        edges {
          node {
            id
            name
          }
        }
      }
    }
  }
`;

const AlbumQuery = graphql`
  query PhotosPageAlbumQuery($tripId: ID!, $favoritesOnly: Boolean!, $count: Int!) {
    node(id: $tripId) {
      ... on Trip @alias(as: "trip") {
        ...PhotoAlbum_trip @arguments(favoritesOnly: $favoritesOnly, count: $count)
      }
    }
  }
`;

function AlbumSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" role="status" aria-busy="true" aria-label="Loading photos">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} radius="md" style={{ aspectRatio: 1 }} />
      ))}
    </SimpleGrid>
  );
}

function Album({
  reference,
  layout,
  favoritesOnly,
  albumRef,
}: {
  reference: PreloadedQuery<PhotosPageAlbumQuery>;
  layout: 'grid' | 'list';
  favoritesOnly: boolean;
  albumRef: React.Ref<PhotoAlbumHandle>;
}) {
  const data = usePreloadedQuery<PhotosPageAlbumQuery>(AlbumQuery, reference);
  if (!data.node?.trip) return <Text c="dimmed">This trip is no longer yours to see.</Text>;
  return <PhotoAlbum ref={albumRef} trip={data.node.trip} layout={layout} favoritesOnly={favoritesOnly} />;
}

export default function PhotosPage() {
  const { viewer } = useRouteQuery<PhotosPageQuery>(Query);
  const trips = viewer?.trips.edges.map((e) => e.node) ?? [];
  const [tripId, setTripId] = useState<string | null>(trips[0]?.id ?? null);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [reference, loadAlbum] = useQueryLoader<PhotosPageAlbumQuery>(AlbumQuery);
  const album = useRef<PhotoAlbumHandle>(null);

  // The first trip is chosen once the list is there (and again if the chosen one goes away).
  const selected = trips.some((t) => t.id === tripId) ? tripId : (trips[0]?.id ?? null);
  useEffect(() => {
    if (selected) loadAlbum({ tripId: selected, favoritesOnly, count: ALBUM_PAGE }, { fetchPolicy: 'store-and-network' });
  }, [selected, favoritesOnly, loadAlbum]);

  if (!trips.length) {
    return (
      <Stack gap="lg">
        <Title order={1}>Photos</Title>
        <Center py={64}>
          <Stack align="center" gap="sm">
            <IconPhoto size={56} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            <Text fw={600}>No trips yet</Text>
            <Text c="dimmed" ta="center">
              Photos are shared with a trip&apos;s members. Create or join a trip to start an album.
            </Text>
            <Button component={Link} to="/dashboard/trips">
              Go to Trips
            </Button>
          </Stack>
        </Center>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>Photos</Title>
          <Text c="dimmed">Share your trip photos with your crew.</Text>
        </div>
        <Select
          label="Trip"
          data={trips.map((t) => ({ value: t.id, label: t.name }))}
          value={selected}
          onChange={(value) => value && setTripId(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {selected && <UploadArea tripId={selected} onUploaded={() => album.current?.reload()} />}
      <Group justify="space-between" gap="sm">
        <Switch label="Favorites only" checked={favoritesOnly} onChange={(event) => setFavoritesOnly(event.currentTarget.checked)} />
        <SegmentedControl
          aria-label="Layout"
          value={layout}
          onChange={(value) => setLayout(value as 'grid' | 'list')}
          data={[
            {
              value: 'grid',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconLayoutGrid size={16} aria-hidden /> Grid
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconList size={16} aria-hidden /> List
                </Group>
              ),
            },
          ]}
        />
      </Group>
      <Suspense fallback={<AlbumSkeleton />}>
        {reference ? <Album reference={reference} layout={layout} favoritesOnly={favoritesOnly} albumRef={album} /> : <AlbumSkeleton />}
      </Suspense>
    </Stack>
  );
}
