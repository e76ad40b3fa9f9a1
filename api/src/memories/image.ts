/**
 * Wrapped's share image: drawn on the server with satori (layout to SVG, Inter read from disk,
 * never fetched) and turned into PNG with sharp. It shows only the traveller's own travel
 * figures: no companion's name, and no money (the image may be made public).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import type { WrappedFigures } from './service.js';
import { countryNameOf } from './geo.js';

export const IMAGE_FORMATS = { story: { width: 1080, height: 1920 }, preview: { width: 1200, height: 630 } } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
export const isImageFormat = (f: unknown): f is ImageFormat => f === 'story' || f === 'preview';

const require = createRequire(import.meta.url);
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
function loadFonts() {
  fonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    data: fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

const nf = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${nf.format(n)} ${n === 1 ? one : many}`;

/** The lines the image carries, in order: the only data it shows (tests read them). */
export function wrappedImageLines(f: WrappedFigures): { headline: string; stats: { value: string; label: string }[]; footer: string[] } {
  const names = f.countries.map(countryNameOf);
  return {
    headline: `${f.firstName}’s ${f.year} in travel`,
    stats: [
      { value: nf.format(f.trips.length), label: f.trips.length === 1 ? 'trip' : 'trips' },
      { value: nf.format(f.daysAway), label: 'days away' },
      { value: nf.format(f.countries.length), label: f.countries.length === 1 ? 'country' : 'countries' },
      { value: nf.format(f.cities.length), label: f.cities.length === 1 ? 'city' : 'cities' },
      { value: `${nf.format(f.distanceKm)} km`, label: 'travelled' },
      { value: nf.format(f.flights), label: f.flights === 1 ? 'flight' : 'flights' },
    ],
    footer: [
      ...(names.length ? [names.slice(0, 8).join(' · ') + (names.length > 8 ? ` +${names.length - 8}` : '')] : []),
      ...(f.longestTrip ? [`Longest trip: ${f.longestTrip.name}, ${plural(f.longestTrip.days, 'day')}`] : []),
      ...(f.photos.taken ? [`${plural(f.photos.taken, 'photo')} kept`] : []),
    ],
  };
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({ type, props: { style, children } });

function layout(f: WrappedFigures, format: ImageFormat): Node {
  const { width, height } = IMAGE_FORMATS[format];
  const story = format === 'story';
  const lines = wrappedImageLines(f);
  const stat = (s: { value: string; label: string }) =>
    el('div', { display: 'flex', flexDirection: 'column', width: story ? '45%' : '30%', marginBottom: story ? 56 : 24 }, [
      el('div', { fontSize: story ? 84 : 52, fontWeight: 700, color: '#ffffff', whiteSpace: 'nowrap' }, s.value),
      el('div', { fontSize: story ? 40 : 26, color: '#ffd8cc' }, s.label),
    ]);
  return el(
    'div',
    {
      width,
      height,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: story ? 96 : 56,
      background: 'linear-gradient(160deg, #1f3b73 0%, #e8590c 100%)',
      fontFamily: 'Inter',
      color: '#ffffff',
    },
    [
      el('div', { display: 'flex', flexDirection: 'column' }, [
        el('div', { fontSize: story ? 36 : 24, letterSpacing: 4, color: '#ffd8cc', fontWeight: 700 }, 'TRIPCREW WRAPPED'),
        el('div', { fontSize: story ? 88 : 52, fontWeight: 700, marginTop: 16, lineHeight: 1.1 }, lines.headline),
      ]),
      el('div', { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between' }, lines.stats.map(stat)),
      el(
        'div',
        { display: 'flex', flexDirection: 'column' },
        lines.footer.map((text) => el('div', { fontSize: story ? 36 : 24, marginTop: 8, color: '#fff4e6' }, text)),
      ),
    ],
  );
}

/** The image as SVG (glyphs as paths; `embedFont: false` keeps them as text, for tests). */
export async function wrappedSvg(f: WrappedFigures, format: ImageFormat, options: { embedFont?: boolean } = {}): Promise<string> {
  const { width, height } = IMAGE_FORMATS[format];
  return satori(layout(f, format) as never, { width, height, fonts: loadFonts(), embedFont: options.embedFont ?? true });
}

/** Rendered PNGs, by user, year, format and the figures' version (a hash): a change draws anew. */
const cache = new Map<string, Buffer>();
const CACHE_MAX = 64;

export async function wrappedPng(f: WrappedFigures, format: ImageFormat): Promise<Buffer> {
  const version = crypto.createHash('sha256').update(JSON.stringify(f)).digest('base64url').slice(0, 16);
  const key = `${f.userId}:${f.year}:${format}:${version}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const png = await sharp(Buffer.from(await wrappedSvg(f, format)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  // Older versions of the same image go: only the latest is asked for.
  for (const k of cache.keys()) if (k.startsWith(`${f.userId}:${f.year}:${format}:`)) cache.delete(k);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, png);
  return png;
}
