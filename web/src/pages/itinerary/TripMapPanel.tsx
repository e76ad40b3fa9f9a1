/**
 * The map column: a place search (250 ms after typing, 5 suggestions) that recentres the map,
 * and the map itself, loaded as its own chunk. Pins: items with coordinates, and the nearby
 * recommendations once they arrive. The centre is the trip's destination (New York without
 * one) and the view spans 0.02 degrees around it and every pinned item (refitted when one is
 * pinned); a searched place is shown on its own.
 */
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { RecommendationsPanelQuery } from '../../__generated__/RecommendationsPanelQuery.graphql';
import type { TripMapPanel_items$key } from '../../__generated__/TripMapPanel_items.graphql';
import type { TripMapPanel_trip$key } from '../../__generated__/TripMapPanel_trip.graphql';
import { PlaceSearchInput, type PlaceValue } from '../../components/PlaceSearchInput';
import { WhenNear } from '../../components/WhenNear';
import { hasCoordinates, mapCentre, WORKSPACE_PLACE_SEARCH_DEBOUNCE_MS, type LatLng } from './geo';
import type { MapPin } from './LeafletMap';
import { mapTilesUrl } from './mapTiles';
import { QuietBoundary, RecommendationsQuery } from './RecommendationsPanel';

const LeafletMap = lazy(() => import('./LeafletMap'));
const mapSkeleton = <Skeleton height={340} radius="md" role="status" aria-label="Loading the map" />;

const Fragment = graphql`
  fragment TripMapPanel_trip on Trip {
    id
    destination {
      mainText
      latitude
      longitude
    }
    itinerary(first: $itineraryCount) @connection(key: "ItineraryTimeline_itinerary") {
      edges {
        node {
          ...TripMapPanel_items
        }
      }
    }
  }
`;

const ItemsFragment = graphql`
  fragment TripMapPanel_items on ItineraryItem @relay(plural: true) {
    id
    title
    location
    latitude
    longitude
  }
`;

/** Reads the recommendations once they arrive and hands their pins to the map. */
function RecommendationPins({ queryRef, onPins }: { queryRef: PreloadedQuery<RecommendationsPanelQuery>; onPins: (pins: MapPin[]) => void }) {
  const data = usePreloadedQuery<RecommendationsPanelQuery>(RecommendationsQuery, queryRef);
  const recs = data.node?.trip?.recommendations;
  useEffect(() => {
    if (!recs) return;
    onPins([
      ...recs.restaurants.map((p, i) => ({
        key: `r${i}`,
        kind: 'restaurant' as const,
        latitude: p.latitude,
        longitude: p.longitude,
        title: p.name,
        detail: p.kind,
      })),
      ...recs.attractions.map((p, i) => ({
        key: `a${i}`,
        kind: 'attraction' as const,
        latitude: p.latitude,
        longitude: p.longitude,
        title: p.name,
        detail: p.kind,
      })),
      ...recs.articles.map((a, i) => ({
        key: `w${i}`,
        kind: 'article' as const,
        latitude: a.latitude,
        longitude: a.longitude,
        title: a.title,
        detail: 'Article',
      })),
    ]);
  }, [recs, onPins]);
  return null;
}

export interface TripMapPanelProps {
  trip: TripMapPanel_trip$key;
  recommendations: PreloadedQuery<RecommendationsPanelQuery> | null | undefined;
  /** The server's tile URL template (MAP_TILES_URL). */
  tilesUrl: string;
}

export function TripMapPanel({ trip, recommendations, tilesUrl }: TripMapPanelProps) {
  const data = useFragment(Fragment, trip);
  const items = useFragment<TripMapPanel_items$key>(
    ItemsFragment,
    data.itinerary.edges.map((e) => e.node),
  );
  const home = useMemo(() => mapCentre(data.destination), [data.destination]);
  // The trip's view takes in every pinned item too: one pinned far away stays in sight.
  const itemPoints = useMemo<LatLng[]>(() => items.filter(hasCoordinates).map((i) => ({ latitude: i.latitude!, longitude: i.longitude! })), [items]);
  const fitKey = itemPoints.map((p) => `${p.latitude},${p.longitude}`).join(';');
  const [view, setView] = useState<{ centre: LatLng; key: string; searched: PlaceValue | null }>({ centre: home, key: 'home', searched: null });
  const firstFit = useRef(fitKey);
  useEffect(() => {
    // An item pinned, moved or removed: back to the trip's view, refitted to all pins.
    if (fitKey === firstFit.current) return;
    firstFit.current = fitKey;
    setView({ centre: home, key: `home:${fitKey}`, searched: null });
  }, [fitKey, home]);
  const atHome = view.key.startsWith('home');
  const [recPins, setRecPins] = useState<MapPin[]>([]);

  const pins = useMemo<MapPin[]>(() => {
    const itemPins: MapPin[] = items
      .filter(hasCoordinates)
      .map((i) => ({ key: `item:${i.id}`, kind: 'item', latitude: i.latitude!, longitude: i.longitude!, title: i.title, detail: i.location }));
    const searched = view.searched;
    const searchPin: MapPin[] =
      searched && hasCoordinates(searched)
        ? [
            {
              key: 'search',
              kind: 'search',
              latitude: searched.latitude!,
              longitude: searched.longitude!,
              title: searched.mainText,
              detail: searched.secondaryText,
            },
          ]
        : [];
    return [...itemPins, ...recPins, ...searchPin];
  }, [items, recPins, view.searched]);

  const pick = (place: PlaceValue | null) => {
    if (place && hasCoordinates(place)) {
      setView({
        centre: { latitude: place.latitude!, longitude: place.longitude! },
        key: `search:${place.placeId ?? place.mainText}:${Date.now()}`,
        searched: place,
      });
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="map-title" className="tc-no-print">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="map-title">
            Map
          </Title>
          {!atHome && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconCurrentLocation size={16} aria-hidden />}
              onClick={() => setView({ centre: home, key: `home:${Date.now()}`, searched: null })}
            >
              Back to trip
            </Button>
          )}
        </Group>
        <PlaceSearchInput
          id="map-search"
          label="Search the map"
          placeholder="Find a place"
          value={null}
          onChange={pick}
          near={data.destination && hasCoordinates(data.destination) ? data.destination : null}
          debounceMs={WORKSPACE_PLACE_SEARCH_DEBOUNCE_MS}
        />
        {/* Below the first screen on a phone: the map's code (Leaflet, ~47 KB gzip) loads as it nears the screen. */}
        <WhenNear placeholder={mapSkeleton}>
          <Suspense fallback={mapSkeleton}>
            <LeafletMap centre={view.centre} include={atHome ? itemPoints : undefined} pins={pins} tilesUrl={mapTilesUrl(tilesUrl)} viewKey={view.key} />
          </Suspense>
        </WhenNear>
        {recommendations && (
          <QuietBoundary fallback={null}>
            <Suspense fallback={null}>
              <RecommendationPins queryRef={recommendations} onPins={setRecPins} />
            </Suspense>
          </QuietBoundary>
        )}
        {data.destination?.latitude == null && (
          <Text fz="xs" c="dark.4">
            This trip has no destination on the map yet, so the map starts at New York.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
