import { randomUUID } from 'node:crypto';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../platform/errors.js';
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

/** The picture's kind, from its first bytes (a file's name or declared type is not trusted). */
export function sniffImage(bytes: Uint8Array): Ext | null {
  const at = (i: number, ...b: number[]) => b.every((v, j) => bytes[i + j] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** A URL a story may keep: one of our own story images. */
export const isStoryImageUrl = (url: string) => url.startsWith(STORY_IMAGE_PATH) && FILE.test(url.slice(STORY_IMAGE_PATH.length));

/** Stores an uploaded picture of the signed-in author; answers its address. */
export async function uploadStoryImage(ctx: RequestContext, bytes: Uint8Array | null): Promise<{ url: string; mimeType: string; size: number }> {
  requireViewer(ctx);
  if (!bytes || bytes.length === 0) throw new ValidationError(M.noFile, 'file');
  if (bytes.length > STORY_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(STORY_IMAGE_MAX_BYTES);
  const ext = sniffImage(bytes);
  if (!ext) throw new ValidationError(M.notAnImage, 'file');
  const file = `${randomUUID()}.${ext}`;
  await ctx.deps.storage.put(`stories/${file}`, bytes);
  return { url: STORY_IMAGE_PATH + file, mimeType: TYPES[ext], size: bytes.length };
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
