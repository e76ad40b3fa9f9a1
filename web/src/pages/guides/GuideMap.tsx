/**
 * A guide's map of its neighbourhoods, drawn by the trip map's own component (pins, tiles from
 * the server's MAP_TILES_URL, the note when tiles fail): centred on the city and fitted to every
 * neighbourhood that has coordinates. Leaflet loads as its own chunk, only here, and only once
 * the map nears the screen: it sits below the first screen at every width, and its 49 KB gzip
 * kept the page over its 150 KB budget of initial JavaScript (issue 27).
 */
import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { WhenNear } from '../../components/WhenNear';
import type { GuideContent } from '../../platform/domain';
import type { MapPin } from '../itinerary/LeafletMap';
import { mapTilesUrl } from '../itinerary/mapTiles';

const LeafletMap = lazy(() => import('../itinerary/LeafletMap'));

export function GuideMap({ slug, city, content, tilesUrl }: { slug: string; city: string; content: GuideContent; tilesUrl: string | null }) {
  const pins = useMemo<MapPin[]>(
    () =>
      content.neighborhoods.flatMap((n) =>
        n.latitude !== undefined && n.longitude !== undefined
          ? [{ key: `${slug}:${n.name}`, kind: 'attraction' as const, latitude: n.latitude, longitude: n.longitude, title: n.name, detail: n.summary }]
          : [],
      ),
    [content.neighborhoods, slug],
  );
  const centre = { latitude: content.latitude, longitude: content.longitude };
  // The map is the browser's alone: the server's render (and the browser's first, which hydrates
  // it) shows the placeholder, so no suspended chunk is left for React to give up on (#419).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <Skeleton height={340} radius="md" role="status" aria-label={`Loading the map of ${city}`} />;
  return (
    <div>
      {!mounted ? (
        placeholder
      ) : (
        <WhenNear placeholder={placeholder}>
          <Suspense fallback={placeholder}>
            <LeafletMap label={`Map of ${city}'s neighbourhoods`} centre={centre} include={pins} pins={pins} tilesUrl={mapTilesUrl(tilesUrl)} viewKey={slug} />
          </Suspense>
        </WhenNear>
      )}
      <Text fz="xs" c="dark.4" mt={6}>
        {pins.length > 0 ? `Pins: ${pins.map((p) => p.title).join(', ')}. Select a pin for its summary.` : `The centre of ${city}.`}
      </Text>
    </div>
  );
}
