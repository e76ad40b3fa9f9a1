import { randomUUID } from 'node:crypto';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../platform/errors.js';
import { sniffImageType, SNIFF_BYTES } from '../photos/fileType.js';
import { ImageTooLargeError, processImage, STORED_TYPE, tooManyPixels } from '../photos/images.js';
import { STORY_IMAGE_MAX_BYTES, StoryMessages as M } from './messages.js';

/**
 * Story covers and item pictures. They are stored by the product (the storage interface) and
 * served from its own address, so a story never hot-links someone else's image and a shared
 * link keeps working. Published stories are public, so their images are too: the names are
 * random and unguessable, with no signature to expire in a link that has been shared.
 */
export const STORY_IMAGE_PATH = '/api/backend/story-image/';
const FILE = /^[0-9a-f-]{36}\.(jpg|png|gif|webp)$/;

const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
type Ext = keyof typeof TYPES;

/** A URL a story may keep: one of our own story images. */
export const isStoryImageUrl = (url: string) => url.startsWith(STORY_IMAGE_PATH) && FILE.test(url.slice(STORY_IMAGE_PATH.length));

/** Stores an uploaded picture of the signed-in author; answers its address. */
export async function uploadStoryImage(ctx: RequestContext, bytes: Uint8Array | null): Promise<{ url: string; mimeType: string; size: number }> {
  requireViewer(ctx);
  if (!bytes || bytes.length === 0) throw new ValidationError(M.noFile, 'file');
  if (bytes.length > STORY_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(STORY_IMAGE_MAX_BYTES);
  // What the bytes are, not what the browser said (HEIC is refused: it cannot be decoded here).
  const type = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
  if (!type || type === 'heic') throw new ValidationError(M.notAnImage, 'file');
  // A story is public: its pictures go through the photos' pipeline before anyone sees them,
  // turned upright, resized to the display size and re-encoded, so no EXIF (a phone's GPS
  // position, its serial number) leaves with them. Only the display copy is kept.
  let display: Buffer;
  try {
    display = (await processImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).display;
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw new ValidationError(tooManyPixels('This picture', err), 'file');
    throw new ValidationError(M.notAnImage, 'file');
  }
  const file = `${randomUUID()}.webp`;
  await ctx.deps.storage.put(`stories/${file}`, display);
  return { url: STORY_IMAGE_PATH + file, mimeType: STORED_TYPE, size: display.length };
}

/** A stored story image by its file name, with its type. */
export async function readStoryImage(ctx: RequestContext, file: string): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const match = FILE.exec(file);
  if (!match) throw new NotFoundError('Image not found.');
  const bytes = await ctx.deps.storage.read(`stories/${file}`);
  if (!bytes) throw new NotFoundError('Image not found.');
  return { bytes, mimeType: TYPES[match[1] as Ext] };
}

/** The picture a story without a cover shows (a file of the web app). */
export const FALLBACK_COVER_PATH = '/story-cover.svg';
/**
 * The same picture as a JPEG, 1200×675, for link previews: the services that draw a shared
 * link's card (chat apps, social networks) do not draw SVG, so the preview needs a raster.
 */
export const FALLBACK_PREVIEW_PATH = '/story-cover.jpg';
