import sharp from 'sharp';
import { PixelBudget } from './decodeBudget.js';
import { fill, PHOTO_LIMITS as L, PhotoMessages as M } from './messages.js';

// libvips' operation cache keeps decoded images around for reuse; uploads are never read twice,
// so it is off and a decode's memory is given back when it ends.
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

/**
 * The largest image decoded, in pixels (width × height): 100 megapixels is beyond any phone's
 * camera and bounds a decompression bomb. A bigger picture is refused from its header, before
 * any decoding (`ImageTooLargeError`, a 4xx for the caller).
 */
export const MAX_PIXELS = 100_000_000;

/**
 * The pixels this process decodes at once, across every upload and story picture
 * (decodeBudget.ts): two 12-megapixel phone photos, or many small pictures together; a picture
 * bigger than the budget (up to MAX_PIXELS) decodes alone. The rest wait, their files already
 * on disk, so six huge uploads decode one after another.
 */
export const DECODE_BUDGET_PIXELS = 32_000_000;
export const decodeBudget = new PixelBudget(DECODE_BUDGET_PIXELS);

/** A picture whose header says it has more pixels than MAX_PIXELS. */
export class ImageTooLargeError extends Error {
  constructor(readonly megapixels: number) {
    super(`image of ${megapixels} megapixels`);
  }
}

/** What the uploader reads when their picture is over the pixel limit. */
export const tooManyPixels = (name: string, err: ImageTooLargeError) =>
  fill(M.tooManyPixels, { name, megapixels: String(err.megapixels), max: String(MAX_PIXELS / 1_000_000) });

/**
 * Decodes the file at `path` (read from disk, never whole into the JS heap) or the bytes given
 * (a small upload already in memory, such as a story's picture), turns it upright by
 * its EXIF orientation, and encodes a display copy at most 1920 px wide and a thumbnail. EXIF,
 * GPS, XMP and ICC data are left behind (sharp keeps none unless asked). Throws when the bytes
 * are not a decodable image, `ImageTooLargeError` over MAX_PIXELS. The decode waits for its
 * pixels in the process's decode budget.
 */
export async function processImage(path: string | Buffer): Promise<ProcessedImage> {
  // The header alone says how big the picture is; nothing is decoded yet.
  const meta = await sharp(path, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('no image dimensions');
  // Only the first frame of an animation is decoded.
  const pixels = meta.width * meta.height;
  if (pixels > MAX_PIXELS) throw new ImageTooLargeError(Math.ceil(pixels / 1_000_000));
  return decodeBudget.run(pixels, async () => {
    const source = () => sharp(path, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
    // Orientations 5 to 8 turn the picture a quarter: its stored width is the seen height.
    const turned = (meta.orientation ?? 1) >= 5;
    // The large original is decoded once; the thumbnail is made from the (small) display copy.
    const display = await source().resize({ width: L.displayWidth, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const thumbnail = await sharp(display)
      .resize({ width: L.thumbnailSize, height: L.thumbnailSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { display, thumbnail, width: turned ? meta.height! : meta.width!, height: turned ? meta.width! : meta.height! };
  });
}
