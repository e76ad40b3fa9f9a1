/**
 * The world map, drawn in the browser from Natural Earth's 1:110m countries (world-atlas) with
 * d3-geo's Natural Earth projection: no tile server, nothing fetched but the app's own chunk.
 * The boundary data and the geo code are imported when the map first shows, so only this route
 * loads them. The drawing is a picture (role img); the country list beside it is its text.
 */
import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface MapPin {
  name: string;
  latitude: number;
  longitude: number;
}

interface Drawn {
  shapes: { key: string; code: string | null; name: string; d: string }[];
  sphere: string;
  project: (lng: number, lat: number) => [number, number] | null;
}

const WIDTH = 960;
const HEIGHT = 500;

async function draw(): Promise<Drawn> {
  const [atlas, topojson, d3, countries] = await Promise.all([
    import('world-atlas/countries-110m.json'),
    import('topojson-client'),
    import('d3-geo'),
    import('i18n-iso-countries'),
  ]);
  const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topojson.feature>[0];
  const collection = topojson.feature(topology, topology.objects.countries!) as unknown as GeoJSON.FeatureCollection<GeoJSON.Geometry, { name: string }>;
  const projection = d3.geoNaturalEarth1().fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
  const path = d3.geoPath(projection);
  return {
    sphere: path({ type: 'Sphere' }) ?? '',
    shapes: collection.features.map((f, i) => ({
      key: `${f.id ?? 'x'}-${i}`,
      code: f.id === undefined ? null : (countries.numericToAlpha2(String(f.id)) ?? null),
      name: f.properties.name,
      d: path(f) ?? '',
    })),
    project: (lng, lat) => projection([lng, lat]),
  };
}

/** Fill by how often a country was visited: none, marked by hand only, once, twice, three times or more. */
export function visitColor(trips: number | undefined): string {
  if (trips === undefined) return 'var(--mantine-color-gray-2)';
  if (trips === 0) return 'var(--mantine-color-teal-2)';
  if (trips === 1) return 'var(--mantine-color-teal-4)';
  if (trips === 2) return 'var(--mantine-color-teal-6)';
  return 'var(--mantine-color-teal-8)';
}

export function WorldMap({ visits, pins, label }: { visits: Map<string, number>; pins: readonly MapPin[]; label: string }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    draw().then(
      (d) => live && setDrawn(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) return null;
  if (!drawn) return <Skeleton h={{ base: 180, sm: 420 }} radius="md" role="status" aria-label="Loading the map" data-testid="map-loading" />;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} style={{ width: '100%', height: 'auto', display: 'block' }} data-testid="world-map">
      <path d={drawn.sphere} fill="var(--mantine-color-blue-0)" stroke="var(--mantine-color-gray-4)" strokeWidth={0.5} />
      {drawn.shapes.map((s) => (
        <path
          key={s.key}
          d={s.d}
          fill={visitColor(s.code ? visits.get(s.code) : undefined)}
          stroke="var(--mantine-color-white)"
          strokeWidth={0.5}
          data-code={s.code ?? undefined}
          data-visited={s.code && visits.has(s.code) ? 'true' : undefined}
        >
          <title>{s.name}</title>
        </path>
      ))}
      {pins.map((p) => {
        const at = drawn.project(p.longitude, p.latitude);
        if (!at) return null;
        return (
          <g key={`${p.name}-${p.latitude}-${p.longitude}`} transform={`translate(${at[0]} ${at[1]})`} data-testid="city-pin">
            <circle r={5} fill="var(--mantine-color-coral-7, #e8590c)" stroke="white" strokeWidth={1.5} />
            <title>{p.name}</title>
          </g>
        );
      })}
    </svg>
  );
}
