import sharp from 'sharp';
import { PHOTO_LIMITS as L } from './messages.js';

// libvips' operation cache keeps decoded images around for reuse; uploads are never read twice.
sharp.cache(false);

/** What is kept of an upload: two re-encoded copies (no metadata survives re-encoding) and its size. */
export interface ProcessedImage {
  display: Buffer;
  thumbnail: Buffer;
  /** Of the photo as it is seen (after its EXIF orientation is applied). */
  width: number;
  height: number;
}

/** The stored copies' type: WebP keeps transparency (PNG, GIF) and is small; every browser shows it. */
export const STORED_TYPE = 'image/webp';

/** The largest image decoded (pixels): 100 MP is beyond any phone, and bounds a decompression bomb. */
const MAX_PIXELS = 100_000_000;

/**
 * At most this many images are decoded at once in this process: memory stays bounded however
 * many uploads arrive together (the others wait their turn, their files already on disk).
 */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Decodes the file at `path` (read from disk, never whole into the JS heap) or the bytes given
 * (a small upload already in memory, such as a story's picture), turns it upright by
 * its EXIF orientation, and encodes a display copy at most 1920 px wide and a thumbnail. EXIF,
 * GPS, XMP and ICC data are left behind (sharp keeps none unless asked). Throws when the bytes
 * are not a decodable image.
 */
export function processImage(path: string | Buffer): Promise<ProcessedImage> {
  return inTurn(async () => {
    const source = () => sharp(path, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
    const meta = await sharp(path, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no image dimensions');
    // Orientations 5 to 8 turn the picture a quarter: its stored width is the seen height.
    const turned = (meta.orientation ?? 1) >= 5;
    // The large original is decoded once; the thumbnail is made from the (small) display copy.
    const display = await source().resize({ width: L.displayWidth, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const thumbnail = await sharp(display)
      .resize({ width: L.thumbnailSize, height: L.thumbnailSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { display, thumbnail, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  });
}
